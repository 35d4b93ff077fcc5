import Foundation
import LandfallBench
import Testing

@Suite("nginx baseline")
struct NginxTests {
    @Test func answersEveryPathWithA302() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let nginx = try await Nginx.start(in: directory.url, location: "https://example.com/target", workerProcesses: 2)
        let response = try HTTPCheck.request(port: nginx.port, path: "/any/code?x=1", headers: ["User-Agent": "LandfallBenchTests"])
        #expect(response.status == 302)
        #expect(response.header("Location") == "https://example.com/target")
        #expect(response.header("Cache-Control") == "no-store")

        // The master and its two workers.
        let sample = try ProcessSampler.sample(pid: nginx.process.pid, includingChildren: true)
        #expect(sample.processCount == 3)
        #expect(sample.residentBytes > 0)

        #expect(await nginx.stop() == .exited(0))
        #expect(ProcessSampler.children(of: nginx.process.pid).isEmpty)
        #expect(FileManager.default.fileExists(atPath: nginx.directory.appendingPathComponent("nginx.conf").path))
    }

    @Test func theConfigurationKeepsEverythingInItsDirectory() throws {
        let directory = URL(fileURLWithPath: "/tmp/bench/nginx")
        let config = try Nginx.configuration(directory: directory, port: 8080, location: "https://example.com/", runningAsRoot: false)
        #expect(config.contains("daemon off;"))
        #expect(config.contains("master_process on;"))
        #expect(config.contains("worker_processes auto;"))
        #expect(config.contains("worker_connections 4096;"))
        #expect(config.contains("access_log off;"))
        #expect(config.contains("listen 127.0.0.1:8080;"))
        #expect(config.contains("return 302 https://example.com/;"))
        #expect(config.contains(#"pid "/tmp/bench/nginx/nginx.pid";"#))
        #expect(config.contains(#"client_body_temp_path "/tmp/bench/nginx/client_body";"#))
        #expect(!config.contains("user "))
        let asRoot = try Nginx.configuration(
            directory: directory, port: 1, location: "https://e.com/", workerProcesses: 1, runningAsRoot: true)
        #expect(asRoot.contains("user root;"))
        #expect(asRoot.contains("worker_processes 1;"))
    }

    @Test func aLocationThatWouldBreakTheConfigurationIsRejected() {
        #expect(throws: BenchError.self) {
            _ = try Nginx.configuration(
                directory: URL(fileURLWithPath: "/tmp"), port: 1, location: "https://e.com/; evil", runningAsRoot: false)
        }
    }
}

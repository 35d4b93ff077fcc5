import Foundation
import LandfallBench

/// The two servers every Landfall figure is compared with, measured in the same run.
enum References {
    static let nginx = "nginx"
    static let hummingbird = "hummingbird-bare"

    static func measure(
        codes: URL, paths: URL, plan: BenchPlan, directory: URL, progress: @Sendable (String) -> Void
    ) async throws -> [ResultRow] {
        let workload = RedirectLoad.workload(links: plan.links)
        progress("reference: nginx return 302")
        let nginx = try await Nginx.start(in: directory)
        let nginxRow: ResultRow
        do {
            let before = try ProcessSampler.sample(pid: nginx.process.pid, includingChildren: true)
            let result = try await RedirectLoad.run(url: nginx.baseURL, paths: paths, plan: plan, directory: directory, name: "nginx")
            let after = try ProcessSampler.sample(pid: nginx.process.pid, includingChildren: true)
            nginxRow = RedirectLoad.row(workload: workload, target: Self.nginx, result: result, before: before, after: after)
        } catch {
            _ = await nginx.stop()
            throw error
        }
        _ = await nginx.stop()

        progress("reference: bare Hummingbird 302 from a dictionary")
        guard let binary = Executables.sibling(named: "landfall-reference") else {
            throw BenchFailure("landfall-reference is not next to this executable; build it: swift build -c release --product landfall-reference")
        }
        let server = try ManagedProcess.start(
            binary, arguments: ["--codes", codes.path, "--port", "0"], logDirectory: directory, logName: "reference.log"
        )
        do {
            let port = try await server.waitForListeningPort(timeout: .seconds(60))
            let before = try ProcessSampler.sample(pid: server.pid)
            let result = try await RedirectLoad.run(url: "http://127.0.0.1:\(port)", paths: paths, plan: plan, directory: directory, name: "reference")
            let after = try ProcessSampler.sample(pid: server.pid)
            _ = await server.terminate()
            return [nginxRow, RedirectLoad.row(workload: workload, target: hummingbird, result: result, before: before, after: after)]
        } catch {
            server.kill()
            throw error
        }
    }
}

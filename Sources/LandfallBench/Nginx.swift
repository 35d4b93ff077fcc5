import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// nginx answering every request with `return 302`: the "how fast can a 302 be" baseline.
///
/// Everything nginx writes (configuration, pid file, error log, temporary directories) lives in
/// the directory given to ``start(in:location:workerProcesses:binary:timeout:)``; it runs in the
/// foreground (`daemon off`) with a master and workers, in a process group of its own.
///
/// ```swift
/// let nginx = try await Nginx.start(in: work)
/// … wrk against nginx.baseURL …
/// await nginx.stop()
/// ```
public struct Nginx: Sendable {
    /// The master process; its direct children are the workers (see ``ProcessSampler``).
    public let process: ManagedProcess
    public let port: Int
    /// The directory holding `nginx.conf`, `nginx.pid`, `error.log` and the temporary directories.
    public let directory: URL

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The nginx executable (`PATH`, then `/usr/sbin`), or an error telling how to install it.
    public static func locate() throws -> URL {
        try Executables.require("nginx", package: "nginx-light")
    }

    /// Starts nginx on a free loopback port, answering every request with `302 Location: location`.
    ///
    /// - Parameters:
    ///   - directory: an existing directory nginx may fill; `nginx/` is created inside it.
    ///   - workerProcesses: the number of workers; nil for `auto` (one per core).
    public static func start(
        in directory: URL,
        location: String = "https://example.com/",
        workerProcesses: Int? = nil,
        binary: URL? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> Nginx {
        let nginx = try binary ?? locate()
        let root = directory.appendingPathComponent("nginx", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let configFile = root.appendingPathComponent("nginx.conf")
        try? FileManager.default.removeItem(at: root.appendingPathComponent("nginx.pid"))
        var attempt = 1
        while true {
            let port = try FreePort.loopback()
            let config = try configuration(
                directory: root, port: port, location: location, workerProcesses: workerProcesses,
                runningAsRoot: geteuid() == 0
            )
            try Data(config.utf8).write(to: configFile)
            let process = try ManagedProcess.start(
                nginx,
                arguments: ["-p", root.path + "/", "-c", configFile.path, "-e", root.appendingPathComponent("error.log").path],
                logDirectory: root, logName: "stderr.log", newProcessGroup: true
            )
            do {
                // nginx writes its pid file once its listening socket is bound: before that, a
                // connection could reach whoever else holds the port.
                let pidFile = root.appendingPathComponent("nginx.pid").path
                try await process.waitUntil("writing \(pidFile)", timeout: timeout) {
                    FileManager.default.fileExists(atPath: pidFile)
                }
                try await process.waitForTCP(port: port, timeout: timeout)
                return Nginx(process: process, port: port, directory: root)
            } catch let error as BenchError where error.code == .exitedEarly {
                let errorLog = (try? String(contentsOf: root.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                // The port was free a moment ago; someone else may have bound it since.
                if attempt < 3 && errorLog.contains("Address already in use") {
                    attempt += 1
                    continue
                }
                throw BenchError(.exitedEarly, "\(error.message)\nerror.log:\n\(errorLog.suffix(4_000))")
            } catch {
                process.kill()
                throw error
            }
        }
    }

    /// Stops nginx gracefully (`SIGQUIT`: workers finish their open requests), then forcibly after `timeout`.
    @discardableResult
    public func stop(timeout: Duration = .seconds(10)) async -> ExitStatus {
        await process.terminate(signal: SIGQUIT, timeout: timeout)
    }

    /// The configuration file for a server on `127.0.0.1:port`.
    ///
    /// `user` is only honoured when the master runs as root; then the workers run as root too, so that
    /// they can use the private directory.
    public static func configuration(
        directory: URL,
        port: Int,
        location: String,
        workerProcesses: Int? = nil,
        runningAsRoot: Bool
    ) throws -> String {
        guard !location.contains(where: { $0 == ";" || $0 == "\"" || $0 == "\\" || $0.isWhitespace || $0.isNewline }) else {
            throw BenchError(.invalidInput, "the redirect location cannot go into nginx.conf as is: \(location)")
        }
        let path = directory.path
        guard !path.contains(where: { $0 == ";" || $0 == "\"" || $0 == "\\" || $0.isNewline }) else {
            throw BenchError(.invalidInput, "nginx's directory cannot go into nginx.conf as is: \(path)")
        }
        if let workerProcesses, workerProcesses < 1 {
            throw BenchError(.invalidInput, "nginx needs at least one worker, not \(workerProcesses)")
        }
        return """
            # Written by LandfallBench: a bare 302 for the redirect benchmarks.
            \(runningAsRoot ? "user root;\n" : "")daemon off;
            master_process on;
            worker_processes \(workerProcesses.map(String.init) ?? "auto");
            pid "\(path)/nginx.pid";
            error_log "\(path)/error.log" warn;

            events {
                worker_connections 4096;
            }

            http {
                access_log off;
                client_body_temp_path "\(path)/client_body";
                proxy_temp_path "\(path)/proxy";
                fastcgi_temp_path "\(path)/fastcgi";
                uwsgi_temp_path "\(path)/uwsgi";
                scgi_temp_path "\(path)/scgi";

                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        add_header Cache-Control no-store always;
                        return 302 \(location);
                    }
                }
            }

            """
    }
}

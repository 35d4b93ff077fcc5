import Foundation
import LandfallBench

/// The two servers every Landfall redirect figure is compared with. They run for the whole bench,
/// idle between loads, so each round of Landfall's redirect is measured right after a round of
/// theirs: a ratio taken minutes apart on a shared machine says more about the machine than the code.
struct References: Sendable {
    static let nginx = "nginx"
    static let hummingbird = "hummingbird-bare"
    static let nginxRatio = "× nginx"
    static let hummingbirdRatio = "× bare HB"

    let nginxServer: Nginx
    let hummingbirdServer: ManagedProcess
    let hummingbirdURL: String

    static func start(codes: URL, directory: URL, progress: @Sendable (String) -> Void) async throws -> References {
        progress("reference servers: nginx return 302, bare Hummingbird 302 from a dictionary")
        guard let binary = Executables.sibling(named: "landfall-reference") else {
            throw BenchFailure("landfall-reference is not next to this executable; build it: swift build -c release --product landfall-lab")
        }
        let nginx = try await Nginx.start(in: directory)
        do {
            let server = try ManagedProcess.start(
                binary, arguments: ["--codes", codes.path, "--port", "0"], logDirectory: directory, logName: "reference.log"
            )
            do {
                let port = try await server.waitForListeningPort(timeout: .seconds(60))
                return References(nginxServer: nginx, hummingbirdServer: server, hummingbirdURL: "http://127.0.0.1:\(port)")
            } catch {
                server.kill()
                throw error
            }
        } catch {
            _ = await nginx.stop()
            throw error
        }
    }

    /// One round of the redirect workload against each reference, nginx first.
    func measureRound(paths: URL, plan: BenchPlan, directory: URL, label: String) async throws -> (nginx: ResultRow, hummingbird: ResultRow)
    {
        let workload = RedirectLoad.workload(links: plan.links)
        func measure(_ target: String, url: String, pid: pid_t, includingChildren: Bool) async throws -> ResultRow {
            let before = try ProcessSampler.sample(pid: pid, includingChildren: includingChildren)
            let result = try await RedirectLoad.run(url: url, paths: paths, plan: plan, directory: directory, name: "\(target)-\(label)")
            let after = try ProcessSampler.sample(pid: pid, includingChildren: includingChildren)
            return RedirectLoad.row(workload: workload, target: target, result: result, before: before, after: after)
        }
        let nginx = try await measure(Self.nginx, url: nginxServer.baseURL, pid: nginxServer.process.pid, includingChildren: true)
        let hummingbird = try await measure(Self.hummingbird, url: hummingbirdURL, pid: hummingbirdServer.pid, includingChildren: false)
        return (nginx, hummingbird)
    }

    func stop() async {
        _ = await hummingbirdServer.terminate()
        _ = await nginxServer.stop()
    }
}

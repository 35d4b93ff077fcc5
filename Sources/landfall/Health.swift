import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `landfall health`: asks a running server whether it is ready, for a container's HEALTHCHECK or a
/// supervisor, on images that have no curl.
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exit 0 when the server at --url answers its readiness check with 200, else 1."
    )

    @Option(help: "The readiness URL (default http://127.0.0.1:$LANDFALL_PORT/health/ready, port 8080 when unset)")
    var url: String?

    @Option(help: "Seconds to wait for the answer (default 5)")
    var timeout: Int = 5

    func validate() throws {
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout must be 1-300 seconds") }
        if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("--url must start with http:// or https://")
        }
    }

    func run() async throws {
        let port = Environment.value("LANDFALL_PORT") ?? "8080"
        let target = url ?? "http://127.0.0.1:\(port)/health/ready"
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let outcome: Result<UInt, any Error>
        do {
            let response = try await client.execute(HTTPClientRequest(url: target), timeout: .seconds(Int64(timeout)))
            outcome = .success(response.status.code)
        } catch {
            outcome = .failure(error)
        }
        try? await client.shutdown()
        switch outcome {
        case .success(200):
            Console.line("ready: \(target)")
        case .success(let status):
            Console.error("not ready: \(target) answered \(status)")
            throw ExitCode(1)
        case .failure(let error):
            Console.error("not ready: \(target): \(error)")
            throw ExitCode(1)
        }
    }
}

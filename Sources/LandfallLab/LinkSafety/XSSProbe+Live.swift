import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import LandfallServer
import LandfallStore
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

extension XSSProbe {
    /// Runs the probe over real HTTP against a fresh server: the application `landfall serve` runs,
    /// on a new SQLite file in `directory`, listening on a free port of 127.0.0.1.
    public static func runAgainstFreshServer(
        in directory: URL, payloads: [String] = XSSCorpus.payloads, logger: Logger, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> Report {
        let adminToken = "lf_admin_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: directory.appendingPathComponent("xss.sqlite").path),
            adminToken: adminToken, migrate: true
        )
        configuration.webhooks.deliversInBackground = false
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let landfall = try await buildApplication(configuration: configuration, logger: logger, onListening: { portSink.yield($0) })
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            // Stopped by graceful shutdown, as `landfall serve` is: the database closes cleanly.
            let services = ServiceGroup(configuration: .init(services: [landfall.application], logger: logger))
            let report: Report = try await withThrowingTaskGroup(of: Report?.self) { group in
                group.addTask {
                    try await services.run()
                    return nil
                }
                var listening = ports.makeAsyncIterator()
                guard let port = await listening.next() else { throw XSSProbeError("the server stopped before it listened") }
                let probe = XSSProbe(adminToken: adminToken, send: Self.sender(client: client, base: "http://127.0.0.1:\(port)"))
                do {
                    let report = try await probe.run(payloads: payloads, progress: progress)
                    await services.triggerGracefulShutdown()
                    try await group.waitForAll()
                    return report
                } catch {
                    await services.triggerGracefulShutdown()
                    throw error
                }
            }
            try await client.shutdown()
            return report
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    static func sender(client: HTTPClient, base: String) -> Send {
        { method, path, headers, body in
            var request = HTTPClientRequest(url: base + path)
            request.method = HTTPMethod(rawValue: method.rawValue)
            for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
            if let body { request.body = .bytes(ByteBuffer(string: body)) }
            let response = try await client.execute(request, timeout: .seconds(30))
            let bytes = try await response.body.collect(upTo: 8 << 20)
            var fields = HTTPFields()
            for header in response.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            return Reply(status: Int(response.status.code), headers: fields, body: String(buffer: bytes))
        }
    }
}

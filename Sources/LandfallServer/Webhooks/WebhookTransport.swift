import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sends one signed webhook request to the address the SSRF guard checked.
struct WebhookTransport: Sendable {
    let addressGuard: WebhookAddressGuard
    let timeout: Duration

    /// What came of one attempt.
    struct Response: Sendable, Equatable {
        /// nil when no answer came: refused address, connection failure, timeout.
        var statusCode: Int?
        var error: String?
        var body: String?
    }

    /// The most of a receiver's answer kept in the delivery log.
    static let keptBodyBytes = 1024

    func send(url: String, headers: [(String, String)], body: Data) async -> Response {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            return Response(statusCode: nil, error: "the endpoint URL has no host", body: nil)
        }
        let address: WebhookAddressGuard.Address
        do {
            address = try await addressGuard.check(host: host)
        } catch {
            return Response(statusCode: nil, error: "\(error)", body: nil)
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: TimeAmount(timeout)),
            decompression: .disabled
        )
        // The connection goes to the address just checked, not to whatever the name resolves to
        // next; TLS still verifies the certificate for the name.
        configuration.dnsOverride = [host: address.text]
        configuration.connectionPool = .init(idleTimeout: .seconds(1))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let response = await attempt(client: client, url: url, headers: headers, body: body)
        try? await client.shutdown()
        return response
    }

    private func attempt(client: HTTPClient, url: String, headers: [(String, String)], body: Data) async -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Landfall-Webhooks/1")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, deadline: .now() + TimeAmount(timeout))
            var kept = ByteBuffer()
            do {
                for try await chunk in response.body {
                    kept.writeImmutableBuffer(
                        chunk.getSlice(at: chunk.readerIndex, length: min(chunk.readableBytes, Self.keptBodyBytes - kept.readableBytes))
                            ?? ByteBuffer())
                    if kept.readableBytes >= Self.keptBodyBytes { break }
                }
            } catch {
                // The status is what counts; a body cut short only shortens the log.
            }
            let text = String(buffer: kept)
            return Response(statusCode: Int(response.status.code), error: nil, body: text.isEmpty ? nil : text)
        } catch {
            return Response(statusCode: nil, error: Self.describe(error), body: nil)
        }
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 300 ? String(text.prefix(300)) : text
    }
}

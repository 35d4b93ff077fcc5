import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The few HTTP calls `landfall-lab reliability privacy` makes, against its own server.
struct PrivacyClient: Sendable {
    struct Answer: Sendable {
        var status: Int
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        func object() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw PrivacyCheckError("not a JSON object: \(text.prefix(200))")
            }
            return object
        }

        /// The answer's JSON object when the status is one of `expected`, else an error naming the request.
        func expecting(_ expected: Int..., what: String) throws -> [String: Any] {
            guard expected.contains(status) else { throw PrivacyCheckError("\(what) answered \(status): \(text.prefix(300))") }
            return try object()
        }
    }

    let client: HTTPClient
    let base: String

    func send(_ method: HTTPMethod, _ path: String, token: String? = nil, json: String? = nil, headers: [(String, String)] = [])
        async throws -> Answer
    {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 8 << 20)
        return Answer(status: Int(response.status.code), body: Data(body.readableBytesView))
    }
}

struct PrivacyCheckError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import NIOCore
import NIOPosix

/// A plain TCP connection to a live server, for requests no HTTP client would send: bodies with
/// invalid UTF-8, bodies past every limit, headers that arrive a byte at a time.
struct RawHTTPConnection {
    /// What came back: the status line's code, the headers and the body (nil when the server closed
    /// the connection without answering).
    struct Answer: Sendable {
        var status: Int?
        var headers: [String: String]
        var body: Data

        init(_ buffer: ByteBuffer) {
            let bytes = Data(buffer.readableBytesView)
            guard let end = bytes.range(of: Data("\r\n\r\n".utf8)) else {
                status = nil
                headers = [:]
                body = Data()
                return
            }
            let head = String(decoding: bytes[bytes.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            status = head.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
            var fields: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            headers = fields
            body = Data(bytes[end.upperBound...])
        }

        /// The body as a JSON object, when it is one.
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    /// Sends `request` whole and reads until the server closes the connection (send
    /// `Connection: close`). A watchdog closes the connection after `timeout`, so a server that
    /// never answers fails the test instead of hanging it. Generous, because these tests run beside
    /// hundreds of others on two cores: in a fresh-clone CI run the first 30,000-deep body to
    /// `POST /api/apps` got nothing within 20 s there, and the tests check answers, not speed.
    static func exchange(port: Int, _ request: [UInt8], timeout: TimeAmount = .seconds(120)) async throws -> Answer {
        let channel = try await connect(port: port)
        let watchdog = channel.channel.eventLoop.scheduleTask(in: timeout) { channel.channel.close(promise: nil) }
        defer { watchdog.cancel() }
        return try await channel.executeThenClose { inbound, outbound in
            // A server that refuses a body early may close before all of it is written; the answer
            // it sent first is still there to read.
            try? await outbound.write(ByteBuffer(bytes: request))
            var received = ByteBuffer()
            do {
                for try await chunk in inbound { received.writeImmutableBuffer(chunk) }
            } catch {
                // A reset after the answer: keep what arrived.
            }
            return Answer(received)
        }
    }

    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
    }

    /// An HTTP/1.1 request with `Connection: close` and a `Content-Length` for `body`.
    static func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (body ?? [])
    }
}

import Foundation
import NIOCore
import NIOPosix

/// A bare TCP client for what no HTTP library sends: bodies past every limit, bytes that are not
/// UTF-8, request heads that arrive one byte at a time.
enum FuzzHostileClient {
    /// Sends `request` whole (or as much as the server reads before it answers) and returns the
    /// status code of the answer, or nil when the connection closed without one. The watchdog is
    /// generous because the suite runs this beside hundreds of other tests on two cores: a slow
    /// answer is not what this checks, a missing or wrong one is.
    static func exchange(port: Int, _ request: [UInt8]) async throws -> Int? {
        let connection = try await connect(port: port)
        let channel = connection.channel
        let watchdog = channel.eventLoop.scheduleTask(in: .seconds(120)) { channel.close(promise: nil) }
        defer { watchdog.cancel() }
        return try await connection.executeThenClose { inbound, outbound in
            // A server that refuses a body early may close before all of it is written.
            try? await outbound.write(ByteBuffer(bytes: request))
            var received = ByteBuffer()
            do {
                for try await chunk in inbound {
                    received.writeImmutableBuffer(chunk)
                    if received.readableBytesView.firstRange(of: Array("\r\n".utf8)) != nil { break }
                }
            } catch {
                // A reset after the answer began: what arrived is enough.
            }
            let statusLine = String(buffer: received).prefix { $0 != "\r" }
            return statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
    }

    /// Opens a connection, sends half a request head and then a byte every 50 ms until the server
    /// closes it; returns how long that took.
    static func trickle(port: Int, giveUpAfter limit: TimeAmount) async throws -> Duration {
        let connection = try await connect(port: port)
        let channel = connection.channel
        let started = ContinuousClock.now
        let watchdog = channel.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
        defer { watchdog.cancel() }
        try await connection.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "))
            let trickle = channel.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(50), delay: .milliseconds(50)) { _ in
                channel.writeAndFlush(ByteBuffer(string: "a"), promise: nil)
            }
            defer { trickle.cancel() }
            do {
                for try await _ in inbound {}
            } catch {
                // A reset is a close too.
            }
        }
        return ContinuousClock.now - started
    }

    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
    }

    /// An HTTP/1.1 request with `Connection: close` and the body's `Content-Length`.
    static func request(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}

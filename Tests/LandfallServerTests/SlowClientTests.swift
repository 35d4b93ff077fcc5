import Foundation
import NIOCore
import Testing

/// A client that sends its request head slowly (slowloris) cannot hold a connection open: the
/// server closes every connection that has gone `idleTimeout` without a complete request head,
/// however many bytes trickle in meanwhile.
@Suite struct SlowClientTests {
    /// Short enough to keep the suite quick, long enough that a 2-core machine running the whole
    /// suite still reads a prompt request inside it.
    static let idleTimeout = Duration.seconds(1)

    /// Opens a connection, sends half a request head, then one more header byte every 50 ms for as
    /// long as the connection lives; returns how long the server took to close it and what it sent.
    static func trickle(port: Int) async throws -> (elapsed: Duration, received: ByteBuffer) {
        // Started before the connect: the server's timer starts at its accept, which a loaded
        // machine may report to this client well after it happened.
        let started = ContinuousClock.now
        let connection = try await RawHTTPConnection.connect(port: port)
        let channel = connection.channel
        // Far past the timeout: a server that never closes fails here instead of hanging the suite.
        let watchdog = channel.eventLoop.scheduleTask(in: .seconds(15)) { channel.close(promise: nil) }
        defer { watchdog.cancel() }
        return try await connection.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "))
            // The client's pace is kept by its own event loop: the test only waits for the close.
            let trickle = channel.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(50), delay: .milliseconds(50)) { _ in
                channel.writeAndFlush(ByteBuffer(string: "a"), promise: nil)
            }
            defer { trickle.cancel() }
            var received = ByteBuffer()
            do {
                for try await chunk in inbound { received.writeImmutableBuffer(chunk) }
            } catch {
                // A reset is a close too.
            }
            return (ContinuousClock.now - started, received)
        }
    }

    @Test func aHeadSentByteByByteIsCutOffAfterTheIdleTimeout() async throws {
        try await HostileInputTests.withLiveServer(idleTimeout: Self.idleTimeout) { port, _ in
            let (elapsed, received) = try await Self.trickle(port: port)
            #expect(elapsed >= Self.idleTimeout - .milliseconds(50), "closed after \(elapsed), before the timeout")
            #expect(elapsed < .seconds(10), "the trickle kept the connection open for \(elapsed)")
            let answer = String(buffer: received)
            #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 408"), "the server answered a request it never received: \(answer)")
        }
    }

    @Test func manySlowClientsAreAllClosedAndTheServerStillAnswers() async throws {
        try await HostileInputTests.withLiveServer(idleTimeout: Self.idleTimeout) { port, _ in
            let closes = try await withThrowingTaskGroup(of: Duration.self) { group in
                for _ in 0..<64 { group.addTask { try await Self.trickle(port: port).elapsed } }
                return try await group.reduce(into: [Duration]()) { $0.append($1) }
            }
            #expect(closes.count == 64)
            #expect(closes.allSatisfy { $0 < .seconds(10) }, "slowest close: \(closes.max() ?? .zero)")
            let health = try await RawHTTPConnection.exchange(port: port, RawHTTPConnection.request("GET", "/health"))
            #expect(health.status == 200)
        }
    }

    @Test func aClientThatSendsItsRequestPromptlyIsServed() async throws {
        try await HostileInputTests.withLiveServer(idleTimeout: Self.idleTimeout) { port, _ in
            let answer = try await RawHTTPConnection.exchange(port: port, RawHTTPConnection.request("GET", "/health"))
            #expect(answer.status == 200)
            #expect(answer.json?["status"] as? String == "ok")
        }
    }
}

import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import LandfallServer

/// Once a request has been answered, the rest of its body is dropped as it arrives rather than
/// buffered for a handler that will never read it.
@Suite struct UnreadBodyDiscarderTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(UnreadBodyDiscarder())
        // An embedded channel becomes active, as a server's accepted connection is, once connected.
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    static let upload = HTTPRequestPart.head(HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/api/links"))

    static func forwarded(_ channel: EmbeddedChannel) throws -> [HTTPRequestPart] {
        var parts: [HTTPRequestPart] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        return parts
    }

    @Test func bodyPartsBeforeTheAnswerReachTheHandler() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.upload)
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{\"a\":")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try Self.forwarded(channel) == [Self.upload, .body(ByteBuffer(string: "{\"a\":")), .end(nil)])
    }

    @Test func bodyPartsAfterTheAnswerAreDroppedButTheEndIsNot() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.upload)
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(repeating: 0x61, count: 1_024)))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .contentTooLarge)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(repeating: 0x61, count: 64 * 1_024)))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try Self.forwarded(channel) == [Self.upload, .body(ByteBuffer(repeating: 0x61, count: 1_024)), .end(nil)])
        // The answer itself went out untouched.
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .head(HTTPResponse(status: .contentTooLarge)))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .end(nil))
    }

    @Test func theNextRequestOnTheConnectionIsReadWhole() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.upload)
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "dropped")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        _ = try Self.forwarded(channel)
        try channel.writeInbound(Self.upload)
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "kept")))
        #expect(try Self.forwarded(channel) == [Self.upload, .body(ByteBuffer(string: "kept"))])
    }

    @Test func aClientThatKeepsSendingAfterTheAnswerIsCutOff() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.upload)
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        let chunk = ByteBuffer(repeating: 0x61, count: 1_024 * 1_024)
        for _ in 0...(UnreadBodyDiscarder.drainLimit / chunk.readableBytes) {
            #expect(channel.isActive)
            try channel.writeInbound(HTTPRequestPart.body(chunk))
        }
        #expect(!channel.isActive)
    }
}

import NIOCore
import NIOHTTPTypes

/// Throws away what is left of a request body once its answer has been sent.
///
/// A handler that refuses a body (413 past the size limit, 401 before reading it) answers while
/// the client is still sending. Hummingbird then reads the rest of the body through its request
/// stream, except after `Connection: close`: it stops reading and waits for the client to close,
/// but the stream's back-pressure has stopped the socket reads, so the close is never seen and
/// the connection, with the body parts already buffered, stays until the idle timeout. Measured:
/// a quarter to half a megabyte held per refused 2 MiB upload for 30 s, which lets a client pin
/// memory by repeating it. Here the rest of the body is read and dropped as it arrives, so the
/// client's close is seen at once; a client that keeps sending past ``drainLimit`` is cut off.
final class UnreadBodyDiscarder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Enough for any honest client to finish sending what it started; dropped bytes cost no memory.
    static let drainLimit = 16 * 1_024 * 1_024

    private var requestBodyOpen = false
    private var discarding = false
    private var discarded = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestBodyOpen = true
            context.fireChannelRead(data)
        case .body(let buffer):
            guard discarding else {
                context.fireChannelRead(data)
                return
            }
            discarded += buffer.readableBytes
            if discarded > Self.drainLimit { context.close(promise: nil) }
        case .end:
            requestBodyOpen = false
            discarding = false
            // The server's request loop waits for the end before it reads the next request.
            context.fireChannelRead(data)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The request stream asks for no more reads while its buffer is full; the drain must go on.
        if discarding { context.read() }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), requestBodyOpen, !discarding {
            discarding = true
            discarded = 0
            context.write(data, promise: promise)
            context.read()
            return
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension UnreadBodyDiscarder: Sendable {}

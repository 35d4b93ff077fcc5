import Hummingbird
import NIOCore

/// The request context of every Landfall route: Hummingbird's core storage plus the peer address,
/// which click capture needs when no trusted proxy supplies `X-Forwarded-For`.
public struct LandfallRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Request bodies are JSON documents; anything bigger is refused before it is read.
    public var maxUploadSize: Int { RequestDecoding.maximumBodySize }
}

import NIOCore
import NIOPosix
import PostgresNIO

/// Whether PostgreSQL accepts connections at all: a TCP (or Unix socket) connect, closed at once.
///
/// A lease that waited its full `connectionWait` means one of two things: the database is gone
/// (restarting, killed), or every pooled connection is busy under load. Only the first deserves a
/// 503; the second only needs patience, and answering it as "unavailable" turned a busy pool into
/// errors (the storage contract suite, run in parallel on two cores, failed 90 queries that way).
struct PostgresReachability: Sendable {
    private enum Endpoint: Sendable {
        case tcp(host: String, port: Int)
        case unixSocket(String)
    }

    private let endpoint: Endpoint?

    init(_ configuration: PostgresClient.Configuration) {
        if let path = configuration.unixSocketPath {
            endpoint = .unixSocket(path)
        } else if let host = configuration.host {
            endpoint = .tcp(host: host, port: configuration.port ?? 5432)
        } else {
            endpoint = nil
        }
    }

    /// True when a connection is accepted within `timeout`; true too when the endpoint cannot be
    /// probed (an established channel given to the client), so the caller keeps waiting as before.
    func accepts(within timeout: TimeAmount = .seconds(1)) async -> Bool {
        guard let endpoint else { return true }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(timeout)
        do {
            let channel: any Channel
            switch endpoint {
            case .tcp(let host, let port): channel = try await bootstrap.connect(host: host, port: port).get()
            case .unixSocket(let path): channel = try await bootstrap.connect(unixDomainSocketPath: path).get()
            }
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}

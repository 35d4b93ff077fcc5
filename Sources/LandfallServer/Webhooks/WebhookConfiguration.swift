import Foundation

/// How webhooks are sent: retry schedule, timeouts and which addresses may receive them.
public struct WebhookConfiguration: Sendable {
    /// Deliver to 127.0.0.0/8 and ::1. For tests and local development only: with it, anyone who
    /// can create an endpoint can make the server call its own loopback services.
    public var allowLoopback: Bool
    /// Deliver to private networks (10/8, 172.16/12, 192.168/16, fc00::/7), for receivers inside
    /// the deployment's own network. Link-local, metadata, CGNAT and multicast addresses stay refused.
    public var allowPrivateNetworks: Bool
    /// How long one attempt may take, connection included.
    public var timeout: Duration
    /// How long a delivery keeps being retried after its message was published.
    public var retryWindow: TimeInterval
    /// The delay before the first retry; each further retry waits twice as long, up to `maximumBackoff`,
    /// with random jitter.
    public var initialBackoff: TimeInterval
    public var maximumBackoff: TimeInterval
    /// How often the outbox is checked for due deliveries (published messages wake the sender at once).
    public var pollInterval: Duration
    /// Deliveries claimed and sent at once by one server.
    public var batchSize: Int
    /// When false the sender loop does not run; tests drive ``WebhookDispatcher/deliverDue()`` themselves.
    public var deliversInBackground: Bool

    public init(
        allowLoopback: Bool = false,
        allowPrivateNetworks: Bool = false,
        timeout: Duration = .seconds(15),
        retryWindow: TimeInterval = 24 * 3600,
        initialBackoff: TimeInterval = 5,
        maximumBackoff: TimeInterval = 3600,
        pollInterval: Duration = .seconds(1),
        batchSize: Int = 32,
        deliversInBackground: Bool = true
    ) {
        self.allowLoopback = allowLoopback
        self.allowPrivateNetworks = allowPrivateNetworks
        self.timeout = timeout
        self.retryWindow = retryWindow
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.pollInterval = pollInterval
        self.batchSize = batchSize
        self.deliversInBackground = deliversInBackground
    }

    /// How long a claimed delivery is reserved for its sender: the attempt's timeout with a margin,
    /// after which a delivery whose sender died (kill -9, power loss) is free for any server again.
    var lease: TimeInterval {
        let components = timeout.components
        return 2 * (Double(components.seconds) + Double(components.attoseconds) / 1e18) + 5
    }
}

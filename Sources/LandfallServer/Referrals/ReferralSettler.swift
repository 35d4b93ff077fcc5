import Foundation
import LandfallStore
import Logging
import ServiceLifecycle

/// Completes referrals whose referee performed the key action and whose hold period has passed,
/// every `interval`, for referrers nobody is looking at. Reads settle their own referrals first,
/// so this loop only bounds how stale an unread referral can be.
final class ReferralSettler: Service, Sendable {
    let service: ReferralService
    let interval: Duration

    init(service: ReferralService, interval: Duration = .seconds(60)) {
        self.service = service
        self.interval = interval
    }

    /// Waits first, then settles: the schema check at start (which the first pass needs) is long
    /// done after one interval, and the `SchemaGate` admits only the one waiter it was made for.
    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let interval = self.interval
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { return }
            do {
                try await service.settle(.everything)
            } catch {
                service.logger.error("settling referrals failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }
}

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
    let schemaReady: SchemaGate?

    init(service: ReferralService, interval: Duration = .seconds(60), schemaReady: SchemaGate? = nil) {
        self.service = service
        self.interval = interval
        self.schemaReady = schemaReady
    }

    /// Waits for the schema check at start (the first pass needs its tables), then an interval
    /// before each pass.
    func run() async throws {
        if let schemaReady, await !cancelWhenGracefulShutdown({ await schemaReady.wait() }) { return }
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

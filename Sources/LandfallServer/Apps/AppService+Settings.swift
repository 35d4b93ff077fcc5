import Foundation
import LandfallStore

extension AppService {
    /// Switches probabilistic matching of an app's iOS installs on or off (the `landfall apps set` command).
    ///
    /// Off answers every iOS install without a click token as organic, from the next install on;
    /// installs already attributed keep their answer.
    public func setIOSProbabilisticMatching(_ enabled: Bool, app: AppRecord) async throws -> AppRecord {
        var updated = app
        updated.settings.iosProbabilisticMatching = enabled
        updated.updatedAt = now()
        try await storage.updateApp(updated)
        return updated
    }
}

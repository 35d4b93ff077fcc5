import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// Finds an app by the App Store id a conversion-value request names (`id123456789` or `123456789`).
///
/// App Store ids live inside each app's settings document, which no index covers, so the map is
/// built from the list of apps and kept for a few seconds, or until this process changes an app.
final class ConversionAppDirectory: Sendable {
    private let storage: any LandfallStorage
    private let revision: @Sendable () -> UInt64
    private let timeToLive: Duration
    /// A monotonic clock: the map's age is a duration.
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox<(apps: [String: AppRecord], revision: UInt64, loadedAt: ContinuousClock.Instant)?>(nil)

    init(
        storage: any LandfallStorage, revision: @escaping @Sendable () -> UInt64, timeToLive: Duration = .seconds(5),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.storage = storage
        self.revision = revision
        self.timeToLive = timeToLive
        self.now = now
    }

    /// The digits of an `app_id` parameter, or nil when it is not `id` + digits or digits alone.
    static func appStoreId(_ parameter: String) -> String? {
        let digits = parameter.hasPrefix("id") ? String(parameter.dropFirst(2)) : parameter
        guard (1...20).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits
    }

    func app(appStoreId: String) async throws -> AppRecord? {
        let current = revision()
        let date = now()
        if let cached = state.withLockedValue({ $0 }), cached.revision == current, date - cached.loadedAt < timeToLive {
            return cached.apps[appStoreId]
        }
        var apps: [String: AppRecord] = [:]
        // Newest first: when two apps claim one App Store id, the older one is written last and keeps it.
        for app in try await storage.listApps().sorted(by: { $0.createdAt > $1.createdAt }) {
            if let id = app.settings.iosAppStoreId.flatMap(Self.appStoreId) { apps[id] = app }
        }
        state.withLockedValue { $0 = (apps, current, date) }
        return apps[appStoreId]
    }
}

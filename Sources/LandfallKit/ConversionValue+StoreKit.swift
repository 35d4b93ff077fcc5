// SKAdNetwork exists only in iOS's StoreKit (macOS, tvOS and watchOS have StoreKit without it).
// Not compiled on Linux, where this package is built and tested: keep it small.
#if canImport(StoreKit) && os(iOS)
import StoreKit

extension ConversionValue {
    /// Hands the value to SKAdNetwork with the newest API the OS has: fine, coarse and lock on
    /// iOS 16.1+, the fine value on 15.4+, `updateConversionValue` on 14.0+.
    ///
    /// - Throws: SKAdNetwork's error, e.g. when the value is outside 0-63 or the window has ended.
    public func applyToSKAdNetwork() async throws {
        if #available(iOS 16.1, *) {
            let coarse: SKAdNetwork.CoarseConversionValue =
                switch coarseValue {
                case "high": .high
                case "medium": .medium
                default: .low
                }
            try await SKAdNetwork.updatePostbackConversionValue(value, coarseValue: coarse, lockWindow: lock)
        } else if #available(iOS 15.4, *) {
            try await SKAdNetwork.updatePostbackConversionValue(value)
        } else if #available(iOS 14.0, *) {
            SKAdNetwork.updateConversionValue(value)
        }
    }
}

extension LandfallClient {
    /// Registers the app for ad network attribution (iOS 11.3+), the first call SKAdNetwork needs.
    public nonisolated func registerForAdNetworkAttribution() {
        if #available(iOS 11.3, *) { SKAdNetwork.registerAppForAdNetworkAttribution() }
    }

    /// Requests and applies the conversion value every `interval` seconds until the server reports
    /// the window locked or the task is cancelled; returns the last value applied.
    ///
    /// - Parameters:
    ///   - devKey: the app's dev key, as for ``requestConversionValue(devKey:appStoreID:uid:version:signature:)``.
    ///   - appStoreID: the App Store id, as `id123456789` or `123456789`.
    ///   - interval: seconds between requests; an hour by default.
    /// - Returns: the locked value, the last one applied.
    /// - Throws: a request's or SKAdNetwork's error, which ends the polling, or `CancellationError`
    ///   when the task is cancelled.
    public func pollConversionValue(devKey: String, appStoreID: String, interval: TimeInterval = 3600) async throws -> ConversionValue {
        while true {
            let value = try await requestConversionValue(devKey: devKey, appStoreID: appStoreID)
            try await value.applyToSKAdNetwork()
            if value.lock { return value }
            try await clock.sleep(seconds: interval)
        }
    }
}
#endif

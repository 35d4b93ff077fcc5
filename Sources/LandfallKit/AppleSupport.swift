import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif

#if canImport(SwiftUI)
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
extension View {
    /// Passes every URL that opens the app to `client`: custom-scheme URLs through `onOpenURL`,
    /// Universal Links through `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`.
    ///
    /// ```swift
    /// WindowGroup {
    ///     ContentView()
    ///         .landfallDeepLinks()
    ///         .onLandfallDeepLink { event in router.open(event) }
    /// }
    /// ```
    ///
    /// - Parameter client: the client that handles the URLs; ``Landfall/shared`` by default.
    /// - Returns: the view, handling opened URLs and web browsing activities.
    @MainActor
    public func landfallDeepLinks(_ client: LandfallClient = Landfall.shared) -> some View {
        onOpenURL { url in client.open(url) }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                if let url = activity.webpageURL { client.open(url) }
            }
    }

    /// Calls `action` on the main actor for every deep link event while the view is shown, starting
    /// with the replay of this session's latest deferred and direct events.
    ///
    /// - Parameters:
    ///   - client: the client whose ``LandfallClient/deepLinkEvents()`` to follow; ``Landfall/shared`` by default.
    ///   - action: called with each event; the subscription ends when the view disappears.
    /// - Returns: the view, with a task that delivers the events.
    @MainActor
    public func onLandfallDeepLink(
        _ client: LandfallClient = Landfall.shared, perform action: @escaping @MainActor @Sendable (DeepLinkEvent) -> Void
    ) -> some View {
        task {
            for await event in await client.deepLinkEvents() {
                await MainActor.run { action(event) }
            }
        }
    }
}
#endif

#if canImport(Darwin)
extension LandfallClient {
    /// Handles a Universal Link activity (`NSUserActivityTypeBrowsingWeb`) from
    /// `application(_:continue:restorationHandler:)` or `scene(_:continue:)`.
    ///
    /// - Parameter userActivity: the activity the system passed to the app.
    /// - Returns: true when the activity carried a web URL (handed to ``handle(url:)`` in the background).
    @discardableResult
    nonisolated public func continueUserActivity(_ userActivity: NSUserActivity) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return false }
        open(url)
        return true
    }
}
#endif

import LandfallKit
import SwiftUI

/// Where the app's Landfall server is and the app's publishable key. Replace both with your own.
enum LandfallSettings {
    // A literal that is a valid URL: the force unwrap cannot fail.
    static let baseURL = URL(string: "https://go.example.com")!
    /// The app's publishable key (`lf_pk_…`): it may ship inside the app. Never ship a secret key.
    static let publishableKey = "lf_pk_REPLACE_ME"
}

@main
struct MealtimeApp: App {
    @State private var router = Router()

    init() {
        var configuration = LandfallConfiguration(baseURL: LandfallSettings.baseURL, apiKey: LandfallSettings.publishableKey)
        #if DEBUG
        configuration.loggingEnabled = true
        #endif
        // Start once per process, not per window. The deferred deep link of a new install reaches
        // `onLandfallDeepLink` below even if the view subscribes after the report came back: the
        // client replays the session's latest events to new subscribers.
        Task {
            do {
                try await Landfall.shared.start(with: configuration)
            } catch {
                print("Landfall did not start: \(error)")
            }
        }
    }

    var body: some Scene {
        WindowGroup {
            ContentView(router: router)
                // Universal Links (onContinueUserActivity) and mealtime:// URLs (onOpenURL) go to LandfallKit…
                .landfallDeepLinks()
                // …and every deep link, deferred or direct, comes back here on the main actor.
                .onLandfallDeepLink { [router] event in router.open(event) }
        }
    }
}

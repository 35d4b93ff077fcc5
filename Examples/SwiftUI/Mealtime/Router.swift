import LandfallKit
import Observation

/// A screen the app can open from a link.
enum Route: Hashable {
    case recipe(id: String, servings: Int?)
}

/// Turns deep link events into navigation: `/recipes/42` (from the link's `deepLinkPath`, or a
/// `mealtime://recipes/42` URL) opens the recipe; the link's parameters fill in the rest.
@MainActor
@Observable
final class Router {
    var path: [Route] = []
    /// A one-line note about how the app was opened, shown above the list.
    var banner: String?

    func open(_ event: DeepLinkEvent) {
        if event.isOrganic {
            // Organic install, or the install report is still pending (LandfallKit retries it).
            banner = event.isInstallReportPending ? nil : "Welcome to Mealtime!"
            return
        }
        let segments = event.pathParameters.segments
        let parameters = event.queryParameters
        guard let route = Self.route(segments: segments, parameters: parameters) else { return }
        if event.isDeferred {
            banner = "Here is the recipe you were sent."
        }
        path = [route]
    }

    /// `["recipes", "42"]` → `.recipe("42")`; a `recipe` parameter works on its own too.
    static func route(segments: [String], parameters: [String: String]) -> Route? {
        let servings = parameters["servings"].flatMap(Int.init)
        if segments.count >= 2, segments[0] == "recipes" {
            return .recipe(id: segments[1], servings: servings)
        }
        if let id = parameters["recipe"] {
            return .recipe(id: id, servings: servings)
        }
        return nil
    }
}

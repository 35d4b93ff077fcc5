import Foundation

/// What the engine saw of each install, and the per-app models learned from it.
public protocol AttributionModelStorage: Sendable {
    /// The newest installs' match observations of an app and platform (those that stored one),
    /// newest first, at most `limit`.
    func matchObservations(appId: String, platform: String, limit: Int) async throws -> [String]
    /// How many installs each app has stored, for the fit's schedule (apps without installs are absent).
    func installCounts() async throws -> [String: Int]
    /// Every platform's model of the app.
    func attributionModels(appId: String) async throws -> [StoredAttributionModel]
    /// Every stored model (a server reads them all at once to keep them in memory).
    func allAttributionModels() async throws -> [StoredAttributionModel]
    /// Replaces the app and platform's model.
    func saveAttributionModel(_ model: StoredAttributionModel) async throws
}

/// One app and platform's learned model, as stored: the parameters as JSON, written and read by
/// the server, which alone knows their shape.
public struct StoredAttributionModel: Sendable, Hashable {
    public var appId: String
    public var platform: String
    public var parameters: String
    public var fittedAt: Date
    /// The app's stored installs when the fit ran, so the schedule knows how many came since.
    public var installsAtFit: Int

    public init(appId: String, platform: String, parameters: String, fittedAt: Date, installsAtFit: Int) {
        self.appId = appId
        self.platform = platform
        self.parameters = parameters
        self.fittedAt = fittedAt
        self.installsAtFit = installsAtFit
    }
}

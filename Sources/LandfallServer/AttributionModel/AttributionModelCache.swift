import Foundation
import LandfallAttribution
import LandfallStore
import NIOConcurrencyHelpers

/// Every app's learned models in memory, as last read from the database by the fit service: the
/// install path reads only this, never the database, and every server sharing one database
/// applies the same stored models.
public final class AttributionModelCache: Sendable {
    public init() {}

    private let models = NIOLockedValueBox<[String: [DevicePlatform: AppAttributionModel]]>([:])
    /// Installs this server stored per app since the fit service last looked: lets it refit an app
    /// that is receiving installs fast without waiting for its next database round.
    private let installsSinceLook = NIOLockedValueBox<[String: Int]>([:])

    func noteInstall(appId: String) {
        installsSinceLook.withLockedValue { $0[appId, default: 0] += 1 }
    }

    /// The apps with at least `minimum` installs noted, and the counts reset.
    func takeBusyApps(minimum: Int) -> Bool {
        installsSinceLook.withLockedValue { counts in
            guard counts.values.contains(where: { $0 >= minimum }) else { return false }
            counts = [:]
            return true
        }
    }

    func model(appId: String, platform: DevicePlatform) -> AppAttributionModel? {
        models.withLockedValue { $0[appId]?[platform] }
    }

    func replaceAll(with stored: [StoredAttributionModel]) {
        var loaded: [String: [DevicePlatform: AppAttributionModel]] = [:]
        for entry in stored {
            guard let platform = DevicePlatform(rawValue: entry.platform), let model = Self.decode(entry.parameters) else { continue }
            loaded[entry.appId, default: [:]][platform] = model
        }
        models.withLockedValue { $0 = loaded }
    }

    func store(_ model: AppAttributionModel, appId: String, platform: DevicePlatform) {
        models.withLockedValue { $0[appId, default: [:]][platform] = model }
    }

    static func decode(_ text: String) -> AppAttributionModel? {
        guard let model = try? JSONDecoder().decode(AppAttributionModel.self, from: Data(text.utf8)), model.parameters.isUsable else {
            return nil
        }
        return model
    }

    static func encode(_ model: AppAttributionModel) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(model), as: UTF8.self)
    }
}

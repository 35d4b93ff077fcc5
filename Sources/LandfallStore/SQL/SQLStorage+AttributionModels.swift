import Foundation
import SQLKit

extension SQLStorage {
    public func matchObservations(appId: String, platform: String, limit: Int) async throws -> [String] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT match_observation FROM installs
                WHERE app_id = \(bind: appId) AND platform = \(bind: platform) AND match_observation IS NOT NULL
                ORDER BY created_at DESC, id DESC LIMIT \(bind: max(0, limit))
                """
            ).all().map { try $0.decode(column: "match_observation", as: String.self) }
        }
    }

    public func installCounts() async throws -> [String: Int] {
        try await provider.read { database in
            var counts: [String: Int] = [:]
            for row in try await database.raw("SELECT app_id, COUNT(*) AS installs FROM installs GROUP BY app_id").all() {
                counts[try row.decode(column: "app_id", as: String.self)] = try row.decode(column: "installs", as: Int.self)
            }
            return counts
        }
    }

    public func attributionModels(appId: String) async throws -> [StoredAttributionModel] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT app_id, platform, parameters, fitted_at, installs_at_fit FROM attribution_models
                WHERE app_id = \(bind: appId) ORDER BY platform
                """
            ).all().map(Self.decodeAttributionModel)
        }
    }

    public func allAttributionModels() async throws -> [StoredAttributionModel] {
        try await provider.read { database in
            try await database.raw(
                """
                SELECT app_id, platform, parameters, fitted_at, installs_at_fit FROM attribution_models ORDER BY app_id, platform
                """
            ).all().map(Self.decodeAttributionModel)
        }
    }

    public func saveAttributionModel(_ model: StoredAttributionModel) async throws {
        try await provider.write { database in
            // An app deleted while its fit ran inserts nothing: the model would outlive its app.
            try await database.raw(
                """
                INSERT INTO attribution_models (app_id, platform, parameters, fitted_at, installs_at_fit)
                SELECT \(bind: model.appId), \(bind: model.platform), \(bind: model.parameters), \(bind: model.fittedAt.epochMilliseconds),
                       \(bind: Int64(model.installsAtFit))
                WHERE EXISTS (SELECT 1 FROM apps WHERE id = \(bind: model.appId))
                ON CONFLICT (app_id, platform) DO UPDATE SET parameters = excluded.parameters, fitted_at = excluded.fitted_at,
                    installs_at_fit = excluded.installs_at_fit
                """
            ).run()
        }
    }

    static func decodeAttributionModel(_ row: any SQLRow) throws -> StoredAttributionModel {
        StoredAttributionModel(
            appId: try row.decode(column: "app_id", as: String.self),
            platform: try row.decode(column: "platform", as: String.self),
            parameters: try row.decode(column: "parameters", as: String.self),
            fittedAt: Date(epochMilliseconds: try row.decode(column: "fitted_at", as: Int64.self)),
            installsAtFit: Int(try row.decode(column: "installs_at_fit", as: Int64.self))
        )
    }
}

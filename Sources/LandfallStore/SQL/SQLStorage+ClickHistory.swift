import Foundation
import SQLKit

extension SQLStorage {
    public func firstClickAt(appId: String, platform: String) async throws -> Date? {
        try await provider.read { database in
            // The candidate indexes lead with (app_id, platform): the minimum is read from one of them.
            try await database.raw(
                """
                SELECT MIN(clicked_at) AS first_click FROM clicks WHERE app_id = \(bind: appId) AND platform = \(bind: platform) AND is_bot = \(bind: false)
                """
            ).first()?.decode(column: "first_click", as: Int64?.self).map(Date.init(epochMilliseconds:))
        }
    }
}

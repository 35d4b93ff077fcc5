import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
@testable import LandfallServer
import LandfallStore
import Testing

/// Issue 38 through the analytics routes: after the retention sweep folded every click of the
/// seeded days into daily counts, each answer is the one given before.
extension AnalyticsSeriesRouteTests {
    /// The answers compared: the daily series in every grouping, CSV included, and the overviews.
    static let retentionQueries = [
        "/api/analytics/series?from=2026-01-01&to=2026-01-04",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=link",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=template",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=campaign",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=platform",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=country",
        "/api/analytics/series?from=2026-01-01&to=2026-01-04&groupBy=country&format=csv",
        "/api/analytics/overview?from=2026-01-01&to=2026-01-04",
    ]

    static func retentionPaths(_ seeded: Seeded) -> [String] {
        retentionQueries + ["/api/analytics/links/\(seeded.spring.id)?from=2026-01-01&to=2026-01-04"]
    }

    static func answers(_ seeded: Seeded) async throws -> [String: Any] {
        var answers: [String: Any] = [:]
        for path in retentionPaths(seeded) {
            let response = try await seeded.server.send(.get, path, token: seeded.tenant.secretKey)
            #expect(response.status == .ok, "\(path): \(response.text)")
            answers[path] = path.hasSuffix("csv") ? response.text : try JSONSerialization.jsonObject(with: Data(response.text.utf8))
        }
        return answers
    }

    @Test func analyticsAnswerTheSameAfterTheRetentionSweepFoldedTheClicks() async throws {
        try await Self.withData { seeded in
            let before = try await Self.answers(seeded)
            // 500 days on, past the default 400: every seeded click is folded.
            seeded.server.clock.advance(by: 500 * 86_400)
            let sweep = try await seeded.server.landfall.clickRetention.sweep()
            #expect(sweep.clicks == 3)
            #expect(try await seeded.server.storage.clickCount(appId: seeded.tenant.app.id) == 0)
            let after = try await Self.answers(seeded)
            for path in Self.retentionPaths(seeded) {
                if let text = before[path] as? String {
                    #expect(after[path] as? String == text, "\(path)")
                } else {
                    #expect((after[path] as? NSObject)?.isEqual(before[path]) == true, "\(path)")
                }
            }
        }
    }
}

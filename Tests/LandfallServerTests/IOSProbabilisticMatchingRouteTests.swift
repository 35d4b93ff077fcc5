import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallStore
import Testing

/// The per-app switch `iosProbabilisticMatching` on `/api/apps`.
@Suite("Apps API: the iOS probabilistic matching switch")
struct IOSProbabilisticMatchingRouteTests {
    static func iosProbabilisticMatching(_ response: TestResponse) throws -> Bool? {
        try response.jsonObject()["iosProbabilisticMatching"] as? Bool
    }

    @Test func anAppMatchesIOSProbabilisticallyUnlessToldOtherwise() async throws {
        try await TestServer.run { server in
            let created = try await server.admin(.post, "/api/apps", body: .json(#"{"name": "Acme"}"#))
            #expect(created.status == .created)
            #expect(try Self.iosProbabilisticMatching(created) == true)
        }
    }

    @Test func theSwitchIsSetAtCreationAndShownByGetAndList() async throws {
        try await TestServer.run { server in
            let created = try await server.admin(.post, "/api/apps", body: .json(#"{"name": "Acme", "iosProbabilisticMatching": false}"#))
            #expect(created.status == .created)
            #expect(try Self.iosProbabilisticMatching(created) == false)
            let id = try #require(try created.jsonObject()["id"] as? String)
            #expect(try Self.iosProbabilisticMatching(try await server.admin(.get, "/api/apps/\(id)")) == false)
            let listed = try #require(try await server.admin(.get, "/api/apps").jsonObject()["data"] as? [[String: Any]])
            #expect(listed.first?["iosProbabilisticMatching"] as? Bool == false)
            #expect(try await server.storage.app(id: id)?.settings.iosProbabilisticMatching == false)
        }
    }

    @Test func aPatchSwitchesItOffAndNullRestoresTheDefault() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let off = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"iosProbabilisticMatching": false}"#))
            #expect(off.status == .ok)
            #expect(try Self.iosProbabilisticMatching(off) == false)
            let untouched = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"name": "Acme Two"}"#))
            #expect(try Self.iosProbabilisticMatching(untouched) == false)
            let reset = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"iosProbabilisticMatching": null}"#))
            #expect(try Self.iosProbabilisticMatching(reset) == true)
        }
    }

    @Test(arguments: [#""no""#, "0", "1", #""false""#, "[]", "{}"])
    func aNonBooleanIsRefusedOnCreateAndPatch(value: String) async throws {
        try await TestServer.run { server in
            let create = try await server.admin(
                .post, "/api/apps", body: .json(#"{"name": "Acme", "iosProbabilisticMatching": \#(value)}"#))
            expectAPIError(create, .badRequest, code: "invalid_field")
            let app = try await server.createApp()
            let patch = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"iosProbabilisticMatching": \#(value)}"#))
            expectAPIError(patch, .badRequest, code: "invalid_field")
            #expect(try await server.storage.app(id: app.id)?.settings.iosProbabilisticMatching == true)
        }
    }

    @Test func settingsStoredBeforeTheSwitchExistedReadAsOn() throws {
        let stored = #"{"iosBundleIds": [], "androidSha256CertFingerprints": [], "attributionWindowHours": 168}"#
        let settings = try JSONDecoder().decode(AppSettings.self, from: Data(stored.utf8))
        #expect(settings.iosProbabilisticMatching)
        #expect(settings == AppSettings())
    }
}

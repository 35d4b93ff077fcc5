import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

@Suite("Branch /v1/url and /v2/event")
struct BranchLinkAndEventTests {
    static let urlBody = """
        {"branch_key": "\(BranchSetup.branchKey)", "alias": "summer-sale", "channel": "facebook", "feature": "sharing",
         "campaign": "new launch", "stage": "new person", "tags": ["one", "two"], "type": 0, "duration": 7200,
         "data": {"$desktop_url": "https://mealtime.test/summer", "$ios_url": "https://apps.apple.com/app/id123456789",
                  "$deeplink_path": "sale/summer", "$og_title": "Summer sale", "custom": "blue",
                  "big": 429691043152332059, "price": 19.99, "nested": {"a": [1, 2]}}}
        """

    func createURL(_ setup: BranchSetup, _ body: String = urlBody) async throws -> TestResponse {
        try await setup.server.send(.post, "/v1/url", body: .raw(body, contentType: "application/json"))
    }

    @Test func createsALinkAtItsAliasAndReadsItBackExactly() async throws {
        try await BranchSetup.run { setup in
            let created = try await createURL(setup)
            #expect(created.status == .ok, "\(created.text)")
            #expect(try created.jsonObject()["url"] as? String == "https://go.mealtime.test/summer-sale")
            let query = "url=https%3A%2F%2Fgo.mealtime.test%2Fsummer-sale&branch_key=\(BranchSetup.branchKey)"
            let read = try await setup.server.send(.get, "/v1/url?\(query)")
            #expect(read.status == .ok, "\(read.text)")
            let object = try read.jsonObject()
            #expect(object["alias"] as? String == "summer-sale")
            #expect(object["channel"] as? String == "facebook")
            #expect(object["stage"] as? String == "new person")
            #expect(object["tags"] as? [String] == ["one", "two"])
            #expect(object["duration"] as? Int == 7200)
            let data = try #require(object["data"] as? [String: Any])
            #expect(data["custom"] as? String == "blue")
            #expect((data["big"] as? NSNumber)?.int64Value == 429_691_043_152_332_059)
            #expect(read.text.contains(#""price":19.99"#))
            #expect(read.text.contains(#""nested":{"a":[1,2]}"#))
            #expect(data["url"] as? String == "https://go.mealtime.test/summer-sale")
        }
    }

    @Test func theSameAliasWithTheSameDataReturnsTheLinkAndWithOtherDataIs409() async throws {
        try await BranchSetup.run { setup in
            _ = try await createURL(setup)
            let again = try await createURL(setup)
            #expect(again.status == .ok)
            #expect(try again.jsonObject()["url"] as? String == "https://go.mealtime.test/summer-sale")
            let clash = try await createURL(setup, Self.urlBody.replacingOccurrences(of: "\"blue\"", with: "\"red\""))
            expectBranchError(clash, .conflict, mentioning: "summer-sale")
            // An alias that is a Landfall link's code is taken as well.
            expectBranchError(try await createURL(setup, #"{"branch_key": "\#(BranchSetup.branchKey)", "alias": "pasta"}"#), .conflict)
        }
    }

    @Test func aLinkMadeThroughV1URLOpensTheAppWithItsBranchData() async throws {
        try await BranchSetup.run { setup in
            _ = try await createURL(setup)
            let token = try await setup.click(path: "/summer-sale")
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": false, "link_identifier": "\#(token)""#))
            #expect(answer.guaranteed == true)
            #expect(answer.data["~channel"] as? String == "facebook")
            #expect(answer.data["~stage"] as? String == "new person")
            #expect(answer.data["~tags"] as? [String] == ["one", "two"])
            #expect(answer.data["$deeplink_path"] as? String == "sale/summer")
            #expect((answer.data["nested"] as? [String: Any])?["a"] as? [Int] == [1, 2])
            #expect(answer.object["link"] as? String == "https://go.mealtime.test/summer-sale")
        }
    }

    @Test func withoutAnAliasEachCallMakesANewLink() async throws {
        try await BranchSetup.run { setup in
            let body = #"{"branch_key": "\#(BranchSetup.branchKey)", "data": "{\"$fallback_url\": \"https://mealtime.test/a\"}"}"#
            let first = try await createURL(setup, body)
            let second = try await createURL(setup, body)
            #expect(first.status == .ok, "\(first.text)")
            #expect(try first.jsonObject()["url"] as? String != nil)
            #expect(try first.jsonObject()["url"] as? String != (try second.jsonObject()["url"] as? String))
        }
    }

    @Test func badLinkInputIsA400InBranchsTerms() async throws {
        try await BranchSetup.run { setup in
            let key = BranchSetup.branchKey
            expectBranchError(
                try await createURL(setup, #"{"branch_key": "\#(key)", "alias": "\#(String(repeating: "a", count: 129))"}"#), .badRequest,
                mentioning: "alias")
            expectBranchError(try await createURL(setup, #"{"branch_key": "\#(key)", "data": [1]}"#), .badRequest, mentioning: "data")
            expectBranchError(
                try await createURL(setup, #"{"branch_key": "\#(key)", "data": {"$ios_url": "ftp://x"}}"#), .badRequest,
                mentioning: "$ios_url")
            expectBranchError(try await createURL(setup, #"{"branch_key": "\#(key)", "type": 7}"#), .badRequest, mentioning: "type")
            expectBranchError(try await createURL(setup, #"{"data": {}}"#), .unauthorized)
            let unknown = try await setup.server.send(.get, "/v1/url?url=https%3A%2F%2Fgo.mealtime.test%2Fnope&branch_key=\(key)")
            expectBranchError(unknown, .notFound)
        }
    }

    @Test func aLinkMadeThroughLandfallReadsBackUnderBranchNames() async throws {
        try await BranchSetup.run { setup in
            let read = try await setup.server.send(
                .get, "/v1/url?url=https%3A%2F%2Fgo.mealtime.test%2Fpasta&branch_key=\(BranchSetup.branchKey)")
            #expect(read.status == .ok, "\(read.text)")
            let object = try read.jsonObject()
            #expect(object["alias"] as? String == "pasta")
            #expect(object["channel"] as? String == "newsletter")
            #expect(object["feature"] as? String == "email")
            #expect(object["campaign"] as? String == "spring")
            let data = try #require(object["data"] as? [String: Any])
            #expect(data["$deeplink_path"] as? String == "/recipes/42")
            #expect(data["$og_title"] as? String == "Fresh pasta")
            #expect(data["recipe"] as? String == "42")
            #expect(data["~id"] as? String == setup.link.id)
        }
    }

    @Test func anEventFindsItsDeviceByDeveloperIdentityOrBundleToken() async throws {
        try await BranchSetup.run { setup in
            let open = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": true, "server_to_server_identity": true, "identity": "U-77""#)
            )
            let bundle = try #require(open.object["randomized_bundle_token"] as? String)
            let key = BranchSetup.branchKey
            let byIdentity = #"{"name": "LOGIN", "branch_key": "\#(key)", "user_data": {"os": "iOS", "developer_identity": "U-77"}}"#
            #expect(try await sendEvent(setup, byIdentity).status == .ok)
            let byBundle =
                #"{"name": "SHARE", "branch_key": "\#(key)", "user_data": {"os": "iOS", "randomized_bundle_token": "\#(bundle)"}}"#
            #expect(try await sendEvent(setup, byBundle).status == .ok)
            let device = try #require(try await setup.server.storage.branchDevice(id: open.deviceToken ?? "", appId: setup.tenant.app.id))
            #expect(try await setup.server.storage.events(installId: device.installId ?? "").map(\.name).sorted() == ["LOGIN", "SHARE"])
        }
    }

    static func purchase(revenue: String, transaction: String = "T-1001", name: String = "PURCHASE") -> String {
        """
        {"name": "\(name)", "branch_key": "\(BranchSetup.branchKey)",
         "user_data": {"os": "iOS", "os_version": "17.4", "idfa": "D5B89252-FCF8-4065-88FC-B70F49186988", "developer_identity": "U1"},
         "custom_data": {"basket": "3 items"},
         "event_data": {"transaction_id": "\(transaction)", "revenue": \(revenue), "currency": "USD", "shipping": 2.5}}
        """
    }

    func sendEvent(_ setup: BranchSetup, _ body: String, kind: String = "standard") async throws -> TestResponse {
        try await setup.server.send(
            .post, "/v2/event/\(kind)", body: .raw(body, contentType: "application/json"), headers: [BranchSetup.ipOverride: "1.2.3.4"])
    }

    @Test func aPurchaseIsStoredOnTheDevicesInstallWithItsExactRevenueOnce() async throws {
        try await BranchSetup.run { setup in
            let open = try await setup.openAnswer(BranchSetup.openBody(extra: #", "first_session": true"#))
            let response = try await sendEvent(setup, Self.purchase(revenue: "19.99"))
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.text == #"{"branch_view_enabled":false}"#)
            #expect(try await sendEvent(setup, Self.purchase(revenue: "19.99")).status == .ok)
            let device = try #require(try await setup.server.storage.branchDevice(id: open.deviceToken ?? "", appId: setup.tenant.app.id))
            let events = try await setup.server.storage.events(installId: device.installId ?? "")
            #expect(events.count == 1)
            #expect(events.first?.name == "PURCHASE")
            #expect(events.first?.revenueMicros == 19_990_000)
            #expect(events.first?.revenueCurrency == "USD")
            #expect(events.first?.data.contains("3 items") == true)
        }
    }

    @Test func aCustomEventGoesToCustomAndNotToStandard() async throws {
        try await BranchSetup.run { setup in
            _ = try await setup.openAnswer(BranchSetup.openBody(extra: #", "first_session": true"#))
            let body = Self.purchase(revenue: "\"0.10\"", transaction: "T-9", name: "recipe_saved")
            expectBranchError(try await sendEvent(setup, body), .badRequest, mentioning: "recipe_saved")
            #expect(try await sendEvent(setup, body, kind: "custom").status == .ok)
        }
    }

    @Test func eventsOfUnknownDevicesAndBadRevenueAreRefused() async throws {
        try await BranchSetup.run { setup in
            expectBranchError(try await sendEvent(setup, Self.purchase(revenue: "1")), .notFound)
            _ = try await setup.openAnswer(BranchSetup.openBody(extra: #", "first_session": true"#))
            expectBranchError(
                try await sendEvent(setup, Self.purchase(revenue: "1.0000001")), .badRequest, mentioning: "event_data.revenue")
            let noCurrency = Self.purchase(revenue: "5").replacingOccurrences(of: #", "currency": "USD""#, with: "")
            expectBranchError(try await sendEvent(setup, noCurrency), .badRequest, mentioning: "event_data.currency")
            let noUser = #"{"name": "PURCHASE", "branch_key": "\#(BranchSetup.branchKey)"}"#
            expectBranchError(try await sendEvent(setup, noUser), .badRequest, mentioning: "user_data")
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import Testing

/// Seed 003's referral program through the API: invite, a friend's click and install, registration,
/// the key action, completion and the referrer's list in the referral design's exact shape.
@Suite("Referral flow")
struct ReferralFlowTests {
    @Test func anInviteHasOneStableCodeAndLinkPerReferrer() async throws {
        try await ReferralWorld.run { world in
            let first = try await world.invite("5")
            let again = try await world.invite("5")
            let other = try await world.invite("8")
            #expect(first["deduplicated"] as? Bool == false)
            #expect(again["deduplicated"] as? Bool == true)
            #expect(try world.code(first) == world.code(again))
            #expect(first["url"] as? String == again["url"] as? String)
            #expect(try world.code(first) != world.code(other))
            #expect(try world.code(first).count == 8)
            let link = try await world.send(.get, "/api/links/\(try #require(first["linkId"] as? String))").jsonObject()
            #expect(link["deepLinkParameters"] as? [String: String] == ["referral_code": try world.code(first)])
            #expect(link["deepLinkPath"] as? String == "/signup")
            #expect(link["externalUserId"] as? String == "5")
        }
    }

    @Test func aFriendsInstallCarriesTheCodeAndThePurchaseCompletesTheReferral() async throws {
        try await ReferralWorld.run { world in
            let referrerInstall = try await world.install(ReferralWorld.alice)
            let invite = try await world.invite("5", extra: #", "installId": "\#(referrerInstall.installId)""#)
            let install = try await world.clickAndInstall(invite, on: ReferralWorld.bob)
            #expect(install.attributed)
            let code = try world.code(invite)
            #expect(install.deepLinkData?.customParameters?["referral_code"] == code)

            let referral = try await world.registered(
                """
                {"userId": "6", "name": "Eugene Victor Tooms", "avatarUrl": "https://place-hold.it/64x64", "installId": "\(install.installId)"}
                """)
            #expect(referral["status"] as? String == "pending")
            #expect(referral["reasons"] as? [String] == [])
            #expect(referral["referral_code"] as? String == code)
            let id = try #require(referral["id"] as? Int)
            #expect(try await world.list("5").first?["status"] as? String == "pending")

            try await world.event(install.installId, name: "add_to_cart")
            #expect(try await world.list("5").first?["status"] as? String == "pending")
            try await world.event(install.installId)
            let listed = try await world.list("5")
            #expect(listed.count == 1)
            #expect(listed.first?["id"] as? Int == id)
            #expect(listed.first?["status"] as? String == "complete")
        }
    }

    @Test func registrationWithoutACodeReadsItFromTheInstallsInviteLink() async throws {
        try await ReferralWorld.run { world in
            let invite = try await world.invite("5")
            let install = try await world.clickAndInstall(invite, on: ReferralWorld.bob)
            let referral = try await world.registered(#"{"userId": "6", "installId": "\#(install.installId)"}"#)
            #expect(referral["referral_code"] as? String == (try world.code(invite)))
            #expect((referral["referrer"] as? [String: Any])?["id"] as? Int == 5)
        }
    }

    /// Seed 003's own example answer, replayed: the fifth referral of the app, user 6, complete.
    @Test func theListIsExactlySeed003sShape() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "minClickToInstallSeconds": 0}"#) { world in
            let other = try world.code(try await world.invite("9"))
            for referee in ["101", "102", "103", "104"] {
                _ = try await world.registered(#"{"userId": "\#(referee)", "referralCode": "\#(other)"}"#)
            }
            world.server.clock.advance(by: TimeInterval(1_754_856_180.123) - world.server.clock.now.timeIntervalSince1970)
            let code = try world.code(try await world.invite("5"))
            let created = try await world.registered(
                #"{"userId": "6", "name": "Eugene Victor Tooms", "avatarUrl": "https://place-hold.it/64x64", "referralCode": "\#(code)"}"#
            )
            _ = try await world.send(.post, "/api/referrals/\(try #require(created["id"] as? Int))/complete")
            let response = try await world.send(.get, "/api/users/5/referrals")
            #expect(response.status == .ok)
            let seed = """
                [{"id": 5, "user": {"id": 6, "name": "Eugene Victor Tooms", "avatar_url": "https://place-hold.it/64x64"},
                  "status": "complete", "created_at": "2025-08-10T20:03:00.123000"}]
                """
            #expect(try Self.canonical(response.text) == Self.canonical(seed), "\(response.text)")
        }
    }

    /// JSON text with sorted keys and no spaces, so two documents compare by value.
    static func canonical(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test func aNonNumericUserIdStaysAStringAndMissingNamesAreNull() async throws {
        try await ReferralWorld.run { world in
            let code = try world.code(try await world.invite("alice@example"))
            _ = try await world.registered(#"{"userId": "bob-7", "referralCode": "\#(code.lowercased())"}"#)
            let item = try #require(try await world.list("alice@example").first)
            let user = try #require(item["user"] as? [String: Any])
            #expect(user["id"] as? String == "bob-7")
            #expect(user["name"] is NSNull)
            #expect(user["avatar_url"] is NSNull)
            #expect(Set(item.keys) == ["id", "user", "status", "created_at"])
            #expect(Set(user.keys) == ["id", "name", "avatar_url"])
            let spaced = try world.code(try await world.invite("alice b"))
            _ = try await world.registered(#"{"userId": "carol", "referralCode": "\#(spaced)"}"#)
            #expect(try await world.list("alice%20b").count == 1)
        }
    }

    @Test func theListPagesNewestFirstThroughTheNextCursorHeader() async throws {
        try await ReferralWorld.run { world in
            let code = try world.code(try await world.invite("5"))
            for referee in 10..<15 {
                _ = try await world.registered(#"{"userId": "\#(referee)", "referralCode": "\#(code)"}"#)
                world.server.clock.advance(by: 1)
            }
            let first = try await world.send(.get, "/api/users/5/referrals?limit=3")
            let cursor = try #require(first.headers[HTTPField.Name("X-Next-Cursor")!])
            #expect(first.headers[HTTPField.Name("Link")!]?.contains("rel=\"next\"") == true)
            let ids = try #require(try JSONSerialization.jsonObject(with: Data(first.text.utf8)) as? [[String: Any]]).compactMap {
                ($0["user"] as? [String: Any])?["id"] as? Int
            }
            #expect(ids == [14, 13, 12])
            let rest = try await world.list("5", query: "?limit=3&cursor=\(cursor)")
            #expect(rest.compactMap { ($0["user"] as? [String: Any])?["id"] as? Int } == [11, 10])
            expectAPIError(try await world.send(.get, "/api/users/5/referrals?limit=0"), .badRequest, code: "invalid_field")
            expectAPIError(try await world.send(.get, "/api/users/5/referrals?cursor=x"), .badRequest, code: "invalid_cursor")
        }
    }

    @Test func theHoldPeriodDelaysCompletion() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "holdHours": 24}"#) { world in
            let install = try await world.clickAndInstall(try await world.invite("5"), on: ReferralWorld.bob)
            let referral = try await world.registered(#"{"userId": "6", "installId": "\#(install.installId)"}"#)
            try await world.event(install.installId)
            let id = try #require(referral["id"] as? Int)
            let waiting = try await world.send(.get, "/api/referrals/\(id)").jsonObject()
            #expect(waiting["status"] as? String == "pending")
            #expect(waiting["qualified_at"] is String)
            world.server.clock.advance(by: 24 * 3_600)
            #expect(try await world.list("5").first?["status"] as? String == "complete")
        }
    }

    @Test func aMinimumRevenueMustBeMetInItsCurrency() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "minRevenue": 10, "revenueCurrency": "usd"}"#) {
            world in
            let install = try await world.clickAndInstall(try await world.invite("5"), on: ReferralWorld.bob)
            _ = try await world.registered(#"{"userId": "6", "installId": "\#(install.installId)"}"#)
            try await world.event(install.installId, data: #"{"amount": 9.99, "currency": "USD"}"#)
            #expect(try await world.list("5").first?["status"] as? String == "pending")
            try await world.event(install.installId, data: #"{"amount": "10.00", "currency": "USD"}"#)
            #expect(try await world.list("5").first?["status"] as? String == "complete")
        }
    }

    @Test func theBackendCanCompleteAndReverseAReferral() async throws {
        try await ReferralWorld.run { world in
            let code = try world.code(try await world.invite("5"))
            let id = try #require(try await world.registered(#"{"userId": "6", "referralCode": "\#(code)"}"#)["id"] as? Int)
            let completed = try await world.send(.post, "/api/referrals/\(id)/complete")
            #expect(completed.status == .ok)
            #expect(try completed.jsonObject()["status"] as? String == "complete")
            let reversed = try await world.send(.post, "/api/referrals/\(id)/reverse", body: #"{"reason": "refund"}"#)
            #expect(try reversed.jsonObject()["status"] as? String == "reversed")
            #expect(try reversed.jsonObject()["reasons"] as? [String] == ["refund"])
            expectAPIError(try await world.send(.post, "/api/referrals/\(id)/complete"), .conflict, code: "referral_reversed")
            expectAPIError(try await world.send(.post, "/api/referrals/99999/complete"), .notFound, code: "referral_not_found")
            expectAPIError(try await world.send(.get, "/api/referrals/abc"), .notFound, code: "referral_not_found")
        }
    }
}

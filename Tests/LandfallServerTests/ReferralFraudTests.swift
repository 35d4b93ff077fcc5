import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import Testing

/// Every fraud check of issue 11 flags the referral with its reason instead of dropping it, and
/// the flagged report lists it; refusals answer a clear error.
@Suite("Referral fraud checks and refusals")
struct ReferralFraudTests {
    typealias Phone = ReferralWorld.Phone

    /// Registers under referrer 5's invite (made from `referrerInstall` when given) and returns the reasons.
    static func reasons(_ world: ReferralWorld, _ json: String) async throws -> [String] {
        let referral = try await world.registered(json)
        let reasons = try #require(referral["reasons"] as? [String])
        #expect(referral["status"] as? String == (reasons.isEmpty ? "pending" : "flagged"))
        return reasons
    }

    @Test func theReferrersOwnDeviceIsFlaggedAsSharedDevice() async throws {
        try await ReferralWorld.run { world in
            let own = try await world.install(ReferralWorld.alice)
            let code = try world.code(try await world.invite("5", extra: #", "installId": "\#(own.installId)""#))
            let reasons = try await Self.reasons(world, #"{"userId": "6", "referralCode": "\#(code)", "installId": "\#(own.installId)"}"#)
            #expect(reasons.contains("shared_device"))
        }
    }

    @Test func theSameNetworkAndUserAgentIsFlaggedAsSharedNetwork() async throws {
        try await ReferralWorld.run { world in
            let own = try await world.install(ReferralWorld.alice)
            let code = try world.code(try await world.invite("5", extra: #", "installId": "\#(own.installId)""#))
            var twin = ReferralWorld.alice
            twin.address = "198.51.100.99"
            twin.width = 750
            twin.height = 1334
            twin.timezone = "Europe/Berlin"
            let install = try await world.install(twin)
            let reasons = try await Self.reasons(
                world, #"{"userId": "6", "referralCode": "\#(code)", "installId": "\#(install.installId)"}"#)
            #expect(reasons == ["shared_network"])
        }
    }

    @Test func theReferrerClickingTheirOwnInviteIsFlagged() async throws {
        try await ReferralWorld.run { world in
            let own = try await world.install(ReferralWorld.alice)
            let invite = try await world.invite("5", extra: #", "installId": "\#(own.installId)""#)
            let token = try await AttributionFlowTests.click(
                world.server, ReferralWorld.alice, path: "/\(try #require(invite["shortCode"] as? String))")
            world.server.clock.advance(by: 120)
            // The click token reaches another device: the referrer hands their own click to a friend's install.
            let install = try await world.install(ReferralWorld.bob, extra: #", "clickToken": "\#(token)""#)
            #expect(install.method == "deterministic")
            let reasons = try await Self.reasons(world, #"{"userId": "6", "installId": "\#(install.installId)"}"#)
            #expect(reasons == ["referrer_click"])
        }
    }

    @Test func anInstallSecondsAfterItsClickIsFlaggedAsClickInjection() async throws {
        try await ReferralWorld.run { world in
            let install = try await world.clickAndInstall(try await world.invite("5"), on: ReferralWorld.bob, after: 3)
            #expect(install.attributed)
            let reasons = try await Self.reasons(world, #"{"userId": "6", "installId": "\#(install.installId)"}"#)
            #expect(reasons == ["click_injection"])
        }
    }

    @Test func referralsOverTheVelocityLimitAreFlagged() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "velocityPerHour": 2}"#) { world in
            let code = try world.code(try await world.invite("5"))
            #expect(try await Self.reasons(world, #"{"userId": "6", "referralCode": "\#(code)"}"#).isEmpty)
            #expect(try await Self.reasons(world, #"{"userId": "7", "referralCode": "\#(code)"}"#).isEmpty)
            #expect(try await Self.reasons(world, #"{"userId": "8", "referralCode": "\#(code)"}"#) == ["velocity"])
            world.server.clock.advance(by: 3_601)
            #expect(try await Self.reasons(world, #"{"userId": "9", "referralCode": "\#(code)"}"#).isEmpty)
        }
    }

    @Test func manyRefereesBehindOneAddressAreFlagged() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "maxRefereesPerIP": 2}"#) { world in
            for (referrer, referee) in [("5", "6"), ("7", "8")] {
                let code = try world.code(try await world.invite(referrer))
                #expect(
                    try await Self.reasons(world, #"{"userId": "\#(referee)", "referralCode": "\#(code)", "ipAddress": "203.0.113.5"}"#)
                        .isEmpty)
            }
            let code = try world.code(try await world.invite("9"))
            #expect(
                try await Self.reasons(world, #"{"userId": "10", "referralCode": "\#(code)", "ipAddress": "203.0.113.5"}"#) == ["shared_ip"]
            )
            #expect(try await Self.reasons(world, #"{"userId": "11", "referralCode": "\#(code)", "ipAddress": "203.0.113.6"}"#).isEmpty)
            expectAPIError(
                try await world.register(#"{"userId": "12", "referralCode": "\#(code)", "ipAddress": "not-an-ip"}"#), .badRequest,
                code: "invalid_field"
            )
        }
    }

    @Test func theReferrersEmailUnderAnotherSpellingIsFlagged() async throws {
        try await ReferralWorld.run { world in
            let code = try world.code(try await world.invite("5", extra: #", "email": "J.Doe+invites@Gmail.com""#))
            #expect(
                try await Self.reasons(world, #"{"userId": "6", "referralCode": "\#(code)", "email": "jdoe@googlemail.com"}"#) == [
                    "shared_email"
                ])
            #expect(
                try await Self.reasons(world, #"{"userId": "7", "referralCode": "\#(code)", "email": "someone.else@gmail.com"}"#).isEmpty)
        }
    }

    @Test func aPaymentHashSeenOnAnotherAccountIsFlagged() async throws {
        try await ReferralWorld.run { world in
            let code = try world.code(try await world.invite("5"))
            let card = "c0ffee00c0ffee00c0ffee00c0ffee00"
            #expect(try await Self.reasons(world, #"{"userId": "6", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#).isEmpty)
            #expect(
                try await Self.reasons(world, #"{"userId": "7", "referralCode": "\#(code)", "paymentHash": "\#(card)"}"#) == [
                    "shared_payment"
                ])
            expectAPIError(
                try await world.register(#"{"userId": "8", "referralCode": "\#(code)", "paymentHash": "4111"}"#), .badRequest,
                code: "invalid_field")
        }
    }

    @Test func theFlaggedReportListsReasonsAndAReviewCompletesAFlaggedReferral() async throws {
        try await ReferralWorld.run { world in
            let install = try await world.clickAndInstall(try await world.invite("5"), on: ReferralWorld.bob, after: 2)
            let flagged = try await world.registered(#"{"userId": "6", "installId": "\#(install.installId)"}"#)
            let id = try #require(flagged["id"] as? Int)
            try await world.event(install.installId)
            #expect(try await world.list("5").first?["status"] as? String == "flagged")

            let report = try await world.send(.get, "/api/referrals/flagged").jsonObject()
            let entries = try #require(report["data"] as? [[String: Any]])
            #expect(entries.map { $0["id"] as? Int } == [id])
            #expect(entries.first?["reasons"] as? [String] == ["click_injection"])

            expectAPIError(try await world.send(.post, "/api/referrals/\(id)/complete"), .conflict, code: "referral_flagged")
            let reviewed = try await world.send(.post, "/api/referrals/\(id)/complete", body: #"{"reviewed": true}"#)
            #expect(try reviewed.jsonObject()["status"] as? String == "complete")
            #expect(try #require(try await world.send(.get, "/api/referrals/flagged").jsonObject()["data"] as? [Any]).isEmpty)
        }
    }

    // MARK: - Refusals

    @Test func refusalsNameTheirReason() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "maxPerDay": 1}"#) { world in
            let code = try world.code(try await world.invite("5"))
            expectAPIError(
                try await world.register(#"{"userId": "6", "referralCode": "NOPE2345"}"#), .notFound, code: "unknown_referral_code")
            expectAPIError(
                try await world.register(#"{"userId": "5", "referralCode": "\#(code)"}"#), .unprocessableContent, code: "self_referral")
            _ = try await world.registered(#"{"userId": "6", "referralCode": "\#(code)"}"#)
            expectAPIError(
                try await world.register(#"{"userId": "7", "referralCode": "\#(code)"}"#), .unprocessableContent,
                code: "referral_cap_reached")
            let other = try world.code(try await world.invite("8"))
            expectAPIError(try await world.register(#"{"userId": "6", "referralCode": "\#(other)"}"#), .conflict, code: "duplicate_referee")
            world.server.clock.advance(by: 86_401)
            _ = try await world.registered(#"{"userId": "7", "referralCode": "\#(code)"}"#)
        }
    }

    @Test func aRegistrationAfterTheWindowIsRefused() async throws {
        try await ReferralWorld.run(program: #"{"webUrl": "https://mealtime.test/join", "registrationWindowHours": 1}"#) { world in
            let install = try await world.clickAndInstall(try await world.invite("5"), on: ReferralWorld.bob)
            world.server.clock.advance(by: 3_700)
            expectAPIError(
                try await world.register(#"{"userId": "6", "installId": "\#(install.installId)"}"#), .unprocessableContent,
                code: "registration_window_expired"
            )
        }
    }

    @Test func badInputAndMissingProgramAnswerClearErrors() async throws {
        try await ReferralWorld.run(program: nil) { world in
            expectAPIError(
                try await world.send(.post, "/api/referrals/invites", body: #"{"userId": "5"}"#), .conflict,
                code: "referral_program_missing")
            expectAPIError(try await world.send(.get, "/api/referrals/program"), .conflict, code: "referral_program_missing")
            expectAPIError(
                try await world.send(.put, "/api/referrals/program", body: #"{"holdHours": -1}"#), .badRequest, code: "invalid_field")
            expectAPIError(
                try await world.send(.put, "/api/referrals/program", body: #"{"minRevenue": 5}"#), .badRequest, code: "invalid_field")
            expectAPIError(
                try await world.send(.put, "/api/referrals/program", body: #"{"webUrl": "javascript:alert(1)"}"#), .badRequest,
                code: "invalid_field")
            expectAPIError(try await world.send(.put, "/api/referrals/program", body: "[1]"), .badRequest, code: "invalid_json")
            _ = try await world.send(.put, "/api/referrals/program", body: ReferralWorld.program)
            expectAPIError(try await world.send(.post, "/api/referrals/invites", body: "{}"), .badRequest, code: "invalid_field")
            expectAPIError(
                try await world.send(.post, "/api/referrals/invites", body: #"{"userId": "5", "installId": "nope"}"#), .notFound,
                code: "install_not_found")
            expectAPIError(try await world.register(#"{"referralCode": "ABCD2345"}"#), .badRequest, code: "invalid_field")
            expectAPIError(try await world.register(#"{"userId": "6"}"#), .badRequest, code: "invalid_field")
            expectAPIError(try await world.register(#"{"userId": "6", "referralCode": 5}"#), .badRequest, code: "invalid_field")
            expectAPIError(
                try await world.register(#"{"userId": "6", "referralCode": "X", "avatarUrl": "ftp://x"}"#), .badRequest,
                code: "invalid_field")
            expectAPIError(try await world.register(#"{"userId": "6", "installId": "nope"}"#), .notFound, code: "install_not_found")
        }
    }

    @Test func keysAreCheckedPerEndpoint() async throws {
        try await ReferralWorld.run { world in
            let publishable = world.publishable
            expectAPIError(
                try await world.send(.post, "/api/referrals", key: publishable, body: #"{"userId": "6"}"#), .forbidden, code: "forbidden")
            expectAPIError(try await world.send(.get, "/api/referrals/flagged", key: publishable), .forbidden, code: "forbidden")
            expectAPIError(try await world.send(.get, "/api/users/5/referrals", key: publishable), .forbidden, code: "forbidden")
            expectAPIError(try await world.server.send(.get, "/api/users/5/referrals"), .unauthorized, code: "unauthorized")
            expectAPIError(try await world.send(.get, "/api/users/5/referrals", key: "lf_sk_wrong"), .unauthorized, code: "unauthorized")
            let invite = try await world.invite("5", key: publishable)
            #expect(invite["referralCode"] is String)
            _ = try await world.send(
                .put, "/api/referrals/program", body: #"{"webUrl": "https://mealtime.test/join", "publishableKeyMayList": true}"#)
            #expect(try await world.send(.get, "/api/users/5/referrals", key: publishable).status == .ok)
            let other = try await world.server.createTenant(#"{"name": "Other"}"#)
            _ = try await world.server.send(.put, "/api/referrals/program", token: other.secretKey, body: .json(ReferralWorld.program))
            let code = try world.code(invite)
            let foreign = try await world.server.send(
                .post, "/api/referrals", token: other.secretKey, body: .json(#"{"userId": "6", "referralCode": "\#(code)"}"#))
            expectAPIError(foreign, .notFound, code: "unknown_referral_code")
        }
    }

    @Test func publishableInvitesAreRateLimitedPerAddress() async throws {
        try await ReferralWorld.run { world in
            for user in 0..<20 { _ = try await world.invite("user-\(user)", key: world.publishable) }
            let limited = try await world.send(.post, "/api/referrals/invites", key: world.publishable, body: #"{"userId": "user-21"}"#)
            expectAPIError(limited, .tooManyRequests, code: "rate_limited")
            #expect(limited.headers[.retryAfter] != nil)
            _ = try await world.invite("user-21")
            world.server.clock.advance(by: 60)
            _ = try await world.invite("user-22", key: world.publishable)
        }
    }
}

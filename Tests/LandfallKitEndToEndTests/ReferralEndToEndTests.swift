import AsyncHTTPClient
import Foundation
import HummingbirdTesting
import LandfallKit
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import NIOConcurrencyHelpers
import NIOHTTP1
import Testing

/// Issue 11 end to end: the referrer's app creates an invite, a friend's phone clicks it and
/// installs, LandfallKit hands the code to the first launch, the backend registers the friend
/// (pending), the friend's purchase completes the referral, and the referrer's app lists it.
@Suite("Referrals against a live server")
struct ReferralEndToEndTests {
    static let program = #"{"keyEvent": "purchase", "deepLinkPath": "/signup", "publishableKeyMayList": true}"#

    @Test func anInviteBecomesACompletedReferralInTheReferrersList() async throws {
        try await ReferralLiveServer.run { server, clock in
            let mealtime = try await server.setUpMealtime()
            _ = try await server.json(.PUT, "/api/referrals/program", token: mealtime.secretKey, body: Self.program, expected: [200])
            let configuration = server.configuration(apiKey: mealtime.publishableKey)

            let referrer = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            #expect(try await referrer.start(with: configuration)?.isOrganic == true)
            let invite = try await referrer.createInviteLink(for: "5")
            let again = try await referrer.createInviteLink(for: "5")
            #expect(again.deduplicated)
            #expect(again.url == invite.url)
            #expect(again.referralCode == invite.referralCode)

            try await server.click(invite.shortCode, from: .stranger)
            clock.advance(by: 90)
            let friend = try AppSandbox(beside: server.database, phone: .stranger).launch()
            let stream = await friend.deepLinkEvents()
            let attribution = try #require(try await friend.start(with: configuration))
            let event = try await firstElement(of: stream)
            #expect(event.isDeferred)
            #expect(event.referralCode == invite.referralCode)
            #expect(event.data?.deepLinkPath == "/signup")
            #expect(attribution.referralCode == invite.referralCode)

            let registered = try await server.json(
                .POST, "/api/referrals", token: mealtime.secretKey,
                body: """
                    {"userId": "6", "name": "Eugene Victor Tooms", "avatarUrl": "https://place-hold.it/64x64",
                     "referralCode": "\(try #require(event.referralCode))", "installId": "\(attribution.installId)"}
                    """, expected: [201])
            #expect(registered["status"] as? String == "pending")
            #expect(try await referrer.referrals(for: "5").referrals.map(\.status) == [.pending])

            try await friend.track("add_to_cart")
            try await friend.flush()
            #expect(try await referrer.referrals(for: "5").referrals.map(\.status) == [.pending])
            try await friend.trackRevenue(amount: 12, currency: "USD", eventName: "purchase")
            try await friend.flush()

            let list = try await referrer.referrals(for: "5")
            let referral = try #require(list.referrals.first)
            #expect(list.referrals.count == 1)
            #expect(referral.id == Int64(try #require(registered["id"] as? Int)))
            #expect(referral.status == .complete)
            #expect(referral.user.id == "6")
            #expect(referral.user.name == "Eugene Victor Tooms")
            #expect(referral.user.avatarURL == URL(string: "https://place-hold.it/64x64"))
            #expect(list.nextCursor == nil)
        }
    }

    @Test func theReferrersOwnPhoneInstallingThroughHerInviteIsFlagged() async throws {
        try await ReferralLiveServer.run { server, clock in
            let mealtime = try await server.setUpMealtime()
            _ = try await server.json(.PUT, "/api/referrals/program", token: mealtime.secretKey, body: Self.program, expected: [200])
            let configuration = server.configuration(apiKey: mealtime.publishableKey)
            let referrer = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            _ = try await referrer.start(with: configuration)
            let invite = try await referrer.createInviteLink(for: "5")

            // She clicks her own invite and installs again on the same phone (a fresh sandbox).
            try await server.click(invite.shortCode, from: .iPhone)
            clock.advance(by: 90)
            let again = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            let attribution = try #require(try await again.start(with: configuration))
            #expect(attribution.referralCode == invite.referralCode)
            let registered = try await server.json(
                .POST, "/api/referrals", token: mealtime.secretKey,
                body: """
                    {"userId": "7", "installId": "\(attribution.installId)"}
                    """, expected: [201])
            #expect(registered["status"] as? String == "flagged")
            let reasons = try #require(registered["reasons"] as? [String])
            #expect(reasons.contains("shared_device"))
            #expect(reasons.contains("referrer_click"))
            #expect(try await referrer.referrals(for: "5").referrals.map(\.status) == [.flagged])
        }
    }
}

/// A ``LiveServer`` whose clock the test moves, so a friend installs a realistic minute and a half
/// after clicking (an install seconds after its click is flagged as click injection).
enum ReferralLiveServer {
    static func run<Value: Sendable>(_ body: @Sendable (LiveServer, ManualClock) async throws -> Value) async throws -> Value {
        let clock = ManualClock()
        return try await LiveServer.run(now: { clock.now }) { server in try await body(server, clock) }
    }
}

import Foundation
import Testing
@testable import LandfallKit

@Suite("Referrals (the Carton Caps referral design): invite links, the code on the deferred deep link, the referral list")
struct ReferralTests {
    static let invite =
        #"{"url":"https://go.example.com/Ab3dE9x","shortCode":"Ab3dE9x","linkId":"L7","referralCode":"K7QX2MPA","deduplicated":false}"#
    /// Seed 003's own example answer, verbatim.
    static let seedList = """
        [
            {
                "id": 5,
                "user": {
                    "id": 6,
                    "name": "Eugene Victor Tooms",
                    "avatar_url": "https://place-hold.it/64x64"
                },
                "status": "complete",
                "created_at": "2025-08-10T20:03:00.123456"
            }
        ]
        """

    @Test func anInviteIsCreatedForTheUserWithThisDevicesInstall() async throws {
        let harness = Harness()
        let client = try await harness.startedClient(install: Harness.organic)
        await harness.transport.on("POST", "/api/referrals/invites", .raw(201, Self.invite))
        let invite = try await client.createInviteLink(for: "5")
        #expect(invite.referralCode == "K7QX2MPA")
        #expect(invite.url == "https://go.example.com/Ab3dE9x")
        #expect(!invite.deduplicated)
        let request = try #require(await harness.transport.requests(to: "/api/referrals/invites").first)
        struct Body: Decodable { var userId: String; var installId: String? }
        let body = try harness.transport.body(Body.self, of: request)
        #expect(body.userId == "5")
        #expect(body.installId == "I0")
        #expect(request.header("Authorization") == "Bearer lf_pub_test")
    }

    @Test func inviteArgumentsAndServerRefusalsAreReported() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        #expect(await landfallError { try await client.createInviteLink(for: "  ") }?.code == .invalidArgument)
        await harness.transport.on("POST", "/api/referrals/invites", .error(409, code: "referral_program_missing", message: "no program"))
        let error = await landfallError { try await client.createInviteLink(for: "5") }
        #expect(error?.code == .server)
        #expect(error?.serverCode == "referral_program_missing")
        let unstarted = harness.makeClient()
        #expect(await landfallError { try await unstarted.createInviteLink(for: "5") }?.code == .notInitialized)
    }

    @Test func theSeedsExampleListDecodes() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("GET", "/api/users/5/referrals", .raw(200, Self.seedList, headers: ["X-Next-Cursor": "1754856180123.5"]))
        let list = try await client.referrals(for: "5", limit: 1)
        let referral = try #require(list.referrals.first)
        #expect(referral.id == 5)
        #expect(referral.user.id == "6")
        #expect(referral.user.name == "Eugene Victor Tooms")
        #expect(referral.user.avatarURL == URL(string: "https://place-hold.it/64x64"))
        #expect(referral.status == .complete)
        #expect(abs(referral.createdAt.timeIntervalSince1970 - 1_754_856_180.123456) < 0.000_01)
        #expect(list.nextCursor == "1754856180123.5")
        let request = try #require(await harness.transport.requests(to: "/api/users/5/referrals").first)
        #expect(request.url.query == "limit=1")
    }

    @Test func aStringUserIdAnUnknownStatusAndAZonedTimestampDecode() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        let body =
            #"[{"id": 9, "user": {"id": "bob-7", "name": null, "avatar_url": null}, "status": "escalated", "created_at": "2026-01-01T00:00:00Z"}]"#
        await harness.transport.on("GET", "/api/users/alice b/referrals", .raw(200, body))
        let list = try await client.referrals(for: "alice b", cursor: "17.3")
        #expect(list.referrals.first?.user.id == "bob-7")
        #expect(list.referrals.first?.user.name == nil)
        #expect(list.referrals.first?.status.rawValue == "escalated")
        #expect(list.nextCursor == nil)
        #expect(await landfallError { try await client.referrals(for: "5", limit: 500) }?.code == .invalidArgument)
    }

    @Test func theReferralCodeIsSurfacedOnTheDeferredDeepLink() async throws {
        let harness = Harness()
        var link = Harness.link
        link.customParameters = ["referral_code": "K7QX2MPA"]
        let install = InstallResponse(
            installId: "I1", attributed: true, confidenceScore: 90, matchedFactors: [], deepLinkData: link, method: "probabilistic")
        let client = harness.makeClient()
        let events = await client.deepLinkEvents()
        await harness.transport.on("POST", "/api/sdk/v1/install", .json(200, install))
        let attribution = try await client.start(with: Harness.configuration())
        #expect(attribution?.referralCode == "K7QX2MPA")
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event.isDeferred)
        #expect(event.referralCode == "K7QX2MPA")
        #expect(AttributionResult(Harness.attributed).referralCode == nil)
    }
}

import Foundation
import LandfallKit

/// Seed 003's referral program with LandfallKit: the user of the first phone invites a friend; the
/// friend's first launch gets the referral code through the deferred deep link; the app's backend
/// registers the friend, whose purchase completes the referral; the referrer's list shows it.
struct ReferralWalkthrough {
    let api: LandfallServerAPI
    let setup: LandfallServerAPI.Setup
    let configuration: LandfallConfiguration
    let scratch: URL
    let installDelay: Double
    let verbose: Bool

    /// The app's own user ids of the referrer and the friend.
    static let referrerId = "5"
    static let friendId = "6"

    func run(referrerApp: LandfallClient) async throws {
        print("\n5. The app's backend starts a referral program: a purchase completes a referral")
        // The SDK may list a user's referrals with the publishable key only when the program allows it.
        _ = try await api.json("PUT", "/api/referrals/program", token: setup.secretKey, body: """
            {"keyEvent": "purchase", "webUrl": "https://mealtime.example/join", "deepLinkPath": "/signup", "publishableKeyMayList": true}
            """)

        print("\n6. User \(Self.referrerId) on the \(SimulatedPhone.clicker.name) shares an invite link")
        let invite = try await referrerApp.createInviteLink(for: Self.referrerId)
        print("   invite           \(invite.url) with referral code \(invite.referralCode)")

        let friend = SimulatedPhone.friend
        print("\n7. \(friend.summary) opens the invite and installs Mealtime \(Int(installDelay)) s later")
        _ = try await api.click("/\(invite.shortCode)", from: friend)
        try await Task.sleep(nanoseconds: UInt64(installDelay * 1_000_000_000))
        let (friendApp, event) = try await friend.launchApp(
            configuration: configuration, storage: scratch.appendingPathComponent("friend"), verbose: verbose
        )
        guard let code = event.referralCode, let installId = event.attribution?.installId else {
            throw ExampleFailure("the friend's first launch got no referral code")
        }
        print("   deferred deep link \(event.data?.deepLinkPath ?? "/") with referral code \(code): the app shows its invited sign-up")

        print("\n8. The friend signs up: the app's backend registers the referral")
        let registration = try await api.json("POST", "/api/referrals", token: setup.secretKey, body: """
            {"userId": "\(Self.friendId)", "name": "Eugene Victor Tooms", "avatarUrl": "https://place-hold.it/64x64", "installId": "\(installId)"}
            """, expected: [201])
        let status = registration["status"] as? String ?? "?"
        let reasons = (registration["reasons"] as? [String]).map { $0.isEmpty ? "" : " (\($0.joined(separator: ", ")))" } ?? ""
        print("   referral         \(registration["id"].map { "\($0)" } ?? "?") \(status)\(reasons)")

        print("\n9. The friend buys something; the referrer's app lists the referral")
        try await friendApp.track("purchase")
        _ = try await friendApp.flush()
        let list = try await referrerApp.referrals(for: Self.referrerId)
        for referral in list.referrals {
            print("   \(referral.user.name ?? referral.user.id)  \(referral.status)  since \(referral.createdAt)")
        }
        guard list.referrals.first?.status.rawValue == "complete" else {
            throw ExampleFailure("the referral did not complete after the purchase")
        }
    }
}

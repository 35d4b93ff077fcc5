import Foundation
import HTTPTypes
import LandfallStore

/// The body of `POST /api/referrals/invites`.
struct InviteInput: Decodable, Sendable {
    /// The referrer's external user id; `externalUserId` is accepted too, as LinkForty's link body names it.
    var userId: String?
    var externalUserId: String?
    /// The install of the device creating the invite (the SDK sends its own), remembered as the
    /// referrer's for the fraud checks.
    var installId: String?
    var email: String?
    var emailHash: String?
    var paymentHash: String?
}

/// The body of `POST /api/referrals`: the app's backend registering a new user who came with a code.
struct RegistrationInput: Decodable, Sendable {
    var referralCode: String?
    /// The new user's external id.
    var userId: String?
    var name: String?
    var avatarUrl: String?
    var installId: String?
    /// The new user's email, normalised and hashed here and never stored; or the app's own hash.
    var email: String?
    var emailHash: String?
    var paymentHash: String?
    /// The new user's address as the app's backend saw it, when no install is named.
    var ipAddress: String?
}

/// The optional bodies of `POST /api/referrals/:id/complete` and `…/reverse`.
struct ReviewInput: Decodable, Sendable {
    /// Completes a flagged referral after a person reviewed it.
    var reviewed: Bool?
    /// Why a referral is reversed (`refund`, `chargeback`, …).
    var reason: String?
}

/// Hashes of what a user is known by, compared across users by the fraud checks.
enum ReferralHashes {
    /// SHA-256 of the normalised address: lowercased, `+tag` dropped, and Gmail's ignored dots removed,
    /// so `J.Doe+ref@Gmail.com` and `jdoe@gmail.com` are one person.
    static func email(_ raw: String?, hash: String?) throws -> String? {
        if let raw = try Validate.text(raw, "email", max: 320) {
            let parts = raw.lowercased().split(separator: "@")
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
                throw APIError.validation("email", "must be an email address")
            }
            var local = String(parts[0].split(separator: "+", maxSplits: 1).first ?? parts[0])
            let domain = parts[1] == "googlemail.com" ? "gmail.com" : String(parts[1])
            if domain == "gmail.com" { local.removeAll { $0 == "." } }
            return SecretGenerator.sha256Hex("\(local)@\(domain)")
        }
        return try opaque(hash, "emailHash")
    }

    /// An app's own hash (of a card fingerprint, say), taken as given.
    static func opaque(_ value: String?, _ field: String) throws -> String? {
        guard let value = try Validate.text(value, field, max: 128) else { return nil }
        guard value.count >= 16 else { throw APIError.validation(field, "must be at least 16 characters (a hash, not the value itself)") }
        return value.lowercased()
    }

    /// Addresses are counted per app through a hash, so reports never show them.
    static func address(_ address: String?, appId: String) -> String? {
        address.map { SecretGenerator.sha256Hex("\(appId):\($0)") }
    }
}

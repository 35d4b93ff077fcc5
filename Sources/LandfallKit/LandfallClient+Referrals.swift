import Foundation

/// A referrer's invite link (the Carton Caps referral design): a short link whose deep link carries the referrer's
/// ``referralCode``, which the friend's first launch gets through the deferred deep link.
public struct InviteLink: Sendable, Hashable, Decodable {
    /// The link to share.
    public var url: String
    /// The invite link's short code, the last path segment of ``url``.
    public var shortCode: String
    /// The invite link's UUID on the server.
    public var linkId: String
    /// The referrer's one stable code; the same on every invite of the same user.
    public var referralCode: String
    /// True when the user already had this invite link (every later call answers it).
    public var deduplicated: Bool
}

/// One person a user invited, as the referral design's `GET /users/:user_id/referrals` lists them.
public struct Referral: Sendable, Hashable, Decodable, Identifiable {
    /// The invited user.
    public struct User: Sendable, Hashable, Decodable {
        /// The app's own id of the user (a JSON number or string on the wire; always text here).
        public var id: String
        /// The invited user's display name, as the app registered it.
        public var name: String?
        /// The invited user's picture (`avatar_url` on the wire); nil when absent or not a URL.
        public var avatarURL: URL?

        enum CodingKeys: String, CodingKey { case id, name, avatarURL = "avatar_url" }

        /// Decodes the referral design's `user` object, reading a numeric `id` as its decimal text.
        ///
        /// - Parameter decoder: the decoder to read from.
        /// - Throws: `DecodingError` when `id` is neither a number nor a string.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int64.self, forKey: .id) {
                id = String(number)
            } else {
                id = try container.decode(String.self, forKey: .id)
            }
            name = try container.decodeIfPresent(String.self, forKey: .name)
            avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL).flatMap(URL.init(string:))
        }
    }

    /// Where a referral stands. A struct over its wire value, so new statuses do not break apps.
    public struct Status: RawRepresentable, Sendable, Hashable, Decodable, CustomStringConvertible {
        /// The status as the server sends it, e.g. `pending`.
        public var rawValue: String
        /// Wraps a wire value, known or not.
        /// - Parameter rawValue: the status text, e.g. `complete`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Decodes the status from a JSON string; an unknown status is kept, not refused.
        /// - Parameter decoder: the decoder to read from.
        /// - Throws: `DecodingError` when the value is not a string.
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

        /// Registered; waiting for the invited user's key action (a purchase) and the hold period.
        public static let pending = Status(rawValue: "pending")
        /// The invited user performed the key action: the reward is earned.
        public static let complete = Status(rawValue: "complete")
        /// Taken back (a refund).
        public static let reversed = Status(rawValue: "reversed")
        /// Held for review by a fraud check.
        public static let flagged = Status(rawValue: "flagged")

        /// The wire value, e.g. `pending`.
        public var description: String { rawValue }
    }

    /// The server's id of this referral (the referral design's numeric `id`).
    public var id: Int64
    /// Who was invited.
    public var user: User
    /// Where the referral stands: pending, complete, reversed or flagged.
    public var status: Status
    /// When the invited user registered (the referral design sends UTC without a zone letter).
    public var createdAt: Date

    enum CodingKeys: String, CodingKey { case id, user, status, createdAt = "created_at" }

    /// Decodes one entry of the referral design's list; `created_at` may lack a zone (read as UTC) and carry
    /// microseconds.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or `created_at` is not a timestamp.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        user = try container.decode(User.self, forKey: .user)
        status = try container.decode(Status.self, forKey: .status)
        let text = try container.decode(String.self, forKey: .createdAt)
        guard let date = Self.parseTimestamp(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .createdAt, in: container, debugDescription: "expected a timestamp such as 2025-08-10T20:03:00.123456")
        }
        createdAt = date
    }

    /// `2025-08-10T20:03:00.123456` (UTC, the referral design's form) or any ISO 8601 timestamp with a zone.
    static func parseTimestamp(_ text: String) -> Date? {
        if let zoned = LandfallJSON.parseTimestamp(text) { return zoned }
        let parts = text.split(separator: ".", maxSplits: 1)
        guard let whole = LandfallJSON.parseTimestamp(parts[0] + "Z") else { return nil }
        guard parts.count == 2 else { return whole }
        guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII), let fraction = Double("0." + parts[1]) else { return nil }
        return whole.addingTimeInterval(fraction)
    }
}

/// A page of ``Referral``s, newest first.
public struct ReferralList: Sendable, Hashable {
    /// This page's referrals, newest first.
    public var referrals: [Referral]
    /// Pass to ``LandfallClient/referrals(for:limit:cursor:)`` for the next page; nil on the last.
    public var nextCursor: String?
}

extension LandfallClient {
    /// Creates (or, for a user who has one, returns) the user's invite link (the referral design), through
    /// `POST /api/referrals/invites`. The device's install id goes along, so the server can tell
    /// the referrer's own devices from their friends'.
    ///
    /// ```swift
    /// let invite = try await Landfall.shared.createInviteLink(for: "5")
    /// share(invite.url)
    /// ```
    ///
    /// - Parameter externalUserId: the app's own id of the referrer, 1 to 256 characters (trimmed).
    /// - Returns: the invite link, its short code and the referrer's ``InviteLink/referralCode``.
    /// - Throws: ``LandfallError/Code/notInitialized``; ``LandfallError/Code/invalidArgument`` for an
    ///   empty or over-long id; ``LandfallError/Code/missingAPIKey``; ``LandfallError/Code/server`` (no referral program:
    ///   `referral_program_missing`; too many invites: `rate_limited`); network errors.
    public func createInviteLink(for externalUserId: String) async throws -> InviteLink {
        struct Body: Encodable { var userId: String; var installId: String? }
        let configuration = try await requireStarted()
        let userId = try Self.validatedUserId(externalUserId)
        guard configuration.apiKey != nil else {
            throw LandfallError(.missingAPIKey, "invite links need an API key in LandfallConfiguration.apiKey")
        }
        let api = api(configuration)
        // Safe to retry: the server answers every later call with the same link.
        let response = try await api.sendRetrying(
            try api.post(["api", "referrals", "invites"], body: Body(userId: userId, installId: state.install?.installId)))
        let invite = try api.decodeSuccess(InviteLink.self, from: response)
        log(.info, "invite link ready", ["shortCode": invite.shortCode, "deduplicated": "\(invite.deduplicated)"])
        return invite
    }

    /// The people `externalUserId` invited, newest first (the referral design's `GET /users/:user_id/referrals`).
    ///
    /// The server answers a publishable key only when the app's referral program allows it
    /// (`publishableKeyMayList`), since the list names the invited people.
    ///
    /// - Parameters:
    ///   - externalUserId: the app's own id of the referrer, 1 to 256 characters (trimmed).
    ///   - limit: 1-100 per page; the server's default (50) when nil.
    ///   - cursor: a ``ReferralList/nextCursor`` from the previous page.
    /// - Returns: one page of referrals, newest first, with the cursor of the next page.
    /// - Throws: ``LandfallError/Code/notInitialized``; ``LandfallError/Code/invalidArgument`` for a bad
    ///   id or limit; ``LandfallError/Code/server`` when the key may not list referrals; network errors.
    public func referrals(for externalUserId: String, limit: Int? = nil, cursor: String? = nil) async throws -> ReferralList {
        let configuration = try await requireStarted()
        let userId = try Self.validatedUserId(externalUserId)
        if let limit, !(1...100).contains(limit) { throw LandfallError(.invalidArgument, "limit must be between 1 and 100") }
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        let api = api(configuration)
        let response = try await api.sendRetrying(try api.get(["api", "users", userId, "referrals"], query: query))
        let referrals = try api.decodeSuccess([Referral].self, from: response)
        return ReferralList(referrals: referrals, nextCursor: response.header("X-Next-Cursor"))
    }

    private static func validatedUserId(_ id: String) throws -> String {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 256 else { throw LandfallError(.invalidArgument, "a user id is 1 to 256 characters") }
        return trimmed
    }
}

extension DeepLinkData {
    /// The deep link parameter invite links carry the referrer's code in.
    public static let referralCodeParameter = "referral_code"

    /// The referrer's code when this link is an invite (the referral design); pass it on with the sign-up.
    public var referralCode: String? { customParameters?[Self.referralCodeParameter] }
}

extension AttributionResult {
    /// The referral code of the invite link that brought this install, if it was one.
    public var referralCode: String? { deepLinkData?.referralCode }
}

extension DeepLinkEvent {
    /// The referral code of the invite link behind this deep link, if it was one: on the deferred
    /// deep link of a friend's first launch, show the tailored sign-up with it.
    public var referralCode: String? { data?.referralCode }
}

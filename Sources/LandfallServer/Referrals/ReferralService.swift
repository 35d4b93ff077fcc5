import Foundation
import HTTPTypes
import LandfallStore
import Logging

/// Referral programs: invite links with one stable code per referrer, registrations checked for
/// fraud, completion by the referee's key action after the hold period, and reversal.
public struct ReferralService: Sendable {
    let storage: any LandfallStorage
    let links: LinkService
    let logger: Logger
    let now: @Sendable () -> Date
    /// Nil where nothing is published (services built outside `buildApplication`).
    var webhooks: WebhookPublisher? = nil

    /// The deep link parameter invite links carry the code in (AppsFlyer puts it in a `deep_link_sub`).
    public static let codeParameter = "referral_code"
    /// Referrals a settling pass completes per step.
    static let settleBatch = 500

    func program(for app: AppRecord) async throws -> ReferralProgramRecord {
        guard let record = try await storage.referralProgram(appId: app.id) else {
            throw APIError.conflict(
                "referral_program_missing", "the app has no referral program; create one with PUT /api/referrals/program")
        }
        return record
    }

    func saveProgram(_ program: ReferralProgram, app: AppRecord) async throws -> ReferralProgramRecord {
        let date = now()
        let existing = try await storage.referralProgram(appId: app.id)
        let record = ReferralProgramRecord(appId: app.id, program: program, createdAt: existing?.createdAt ?? date, updatedAt: date)
        try await storage.saveReferralProgram(record)
        return record
    }

    struct Invite: Encodable, Sendable {
        var url: String
        var shortCode: String
        var linkId: String
        var referralCode: String
        var deduplicated: Bool
    }

    /// The referrer's invite link: created once, the same link (and code) on every later call.
    func invite(_ input: InviteInput, app: AppRecord) async throws -> Invite {
        let program = try await program(for: app).program
        guard let userId = try Validate.text(input.userId ?? input.externalUserId, "userId", max: 256, required: true) else {
            throw APIError.validation("userId", "is required")
        }
        let date = now()
        if let installId = try Validate.text(input.installId, "installId", max: 64) {
            guard try await storage.install(id: installId, appId: app.id) != nil else {
                throw APIError.notFound("install_not_found", "the app has no install \(installId)")
            }
            try await storage.addReferralIdentity(.init(userId: userId, kind: .install, value: installId), appId: app.id, at: date)
        }
        if let email = try ReferralHashes.email(input.email, hash: input.emailHash) {
            try await storage.addReferralIdentity(.init(userId: userId, kind: .email, value: email), appId: app.id, at: date)
        }
        if let payment = try ReferralHashes.opaque(input.paymentHash, "paymentHash") {
            try await storage.addReferralIdentity(.init(userId: userId, kind: .payment, value: payment), appId: app.id, at: date)
        }
        let code = try await code(for: userId, app: app)
        if let linkId = code.linkId, let link = try await storage.link(id: linkId, appId: app.id) {
            return Invite(
                url: links.url(for: link, app: app), shortCode: link.shortCode, linkId: link.id, referralCode: code.code, deduplicated: true
            )
        }
        guard program.webUrl != nil || app.settings.webFallbackUrl != nil else {
            throw APIError.conflict(
                "referral_web_url_missing", "set the program's webUrl or the app's webFallbackUrl: invite links need a web destination")
        }
        let content = LinkContent(
            originalUrl: program.webUrl, deepLinkPath: program.deepLinkPath, deepLinkParameters: [Self.codeParameter: code.code])
        let created = try await links.create(LinkInput(content: content, externalUserId: userId), app: app, template: nil)
        try await storage.setReferralCodeLink(appId: app.id, userId: userId, linkId: created.link.id)
        logger.debug("referral invite created", metadata: ["app": "\(app.id)", "link": "\(created.link.id)"])
        return Invite(
            url: links.url(for: created.link, app: app), shortCode: created.link.shortCode, linkId: created.link.id,
            referralCode: code.code, deduplicated: false
        )
    }

    /// Letters and digits nobody misreads (no 0/O, 1/I/L).
    static let codeAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// The user's code, made on first use; concurrent first uses agree on one.
    private func code(for userId: String, app: AppRecord) async throws -> ReferralCodeRecord {
        if let existing = try await storage.referralCode(appId: app.id, userId: userId) { return existing }
        for _ in 0..<8 {
            var generator = SystemRandomNumberGenerator()
            let code = String((0..<8).map { _ in Self.codeAlphabet[Int(generator.next(upperBound: UInt64(Self.codeAlphabet.count)))] })
            let record = ReferralCodeRecord(appId: app.id, userId: userId, code: code, createdAt: now())
            do {
                try await storage.insertReferralCode(record)
                return record
            } catch let error as StoreError where error.conflictingField == "user" {
                if let existing = try await storage.referralCode(appId: app.id, userId: userId) { return existing }
            } catch let error as StoreError where error.conflictingField == "code" {
                continue
            }
        }
        throw APIError(.serviceUnavailable, code: "referral_code_exhausted", message: "could not find a free referral code; retry")
    }

    /// Completes what is due in `scope`: called before reads, after registrations and periodically.
    @discardableResult
    func settle(_ scope: ReferralScope) async throws -> [ReferralRecord] {
        var completed: [ReferralRecord] = []
        while true {
            let batch = try await storage.settleReferrals(scope, now: now(), limit: Self.settleBatch)
            completed += batch
            try await announce(batch)
            for referral in batch {
                logger.info("referral completed", metadata: ["app": "\(referral.appId)", "referral": "\(referral.id)"])
            }
            if batch.count < Self.settleBatch { return completed }
        }
    }

    func referral(id: Int64, app: AppRecord) async throws -> ReferralRecord {
        try await settle(ReferralScope(appId: app.id, id: id))
        guard let referral = try await storage.referral(id: id, appId: app.id) else {
            throw APIError.notFound("referral_not_found", "the app has no referral \(id)")
        }
        return referral
    }
}

import Foundation
import HTTPTypes
import LandfallStore
import Logging

extension ReferralService {
    /// Records a new user's registration under a referral code: `pending`, `flagged` with the
    /// reasons of the fraud checks that fired, or refused with a clear error (unknown code,
    /// self-referral, cap reached, registration window passed, duplicate referee).
    func register(_ input: RegistrationInput, app: AppRecord) async throws -> ReferralRecord {
        let program = try await program(for: app).program
        let date = now()
        guard let refereeId = try Validate.text(input.userId, "userId", max: 256, required: true) else {
            throw APIError.validation("userId", "is required")
        }
        let name = try Validate.text(input.name, "name", max: 256)
        let avatarUrl = try Validate.webURL(input.avatarUrl, "avatarUrl")
        var install: InstallRecord?
        if let installId = try Validate.text(input.installId, "installId", max: 64) {
            guard let found = try await storage.install(id: installId, appId: app.id) else {
                throw APIError.notFound("install_not_found", "the app has no install \(installId)")
            }
            install = found
        }
        let code = try await referralCode(input.referralCode, install: install, app: app)
        guard let codeRecord = try await storage.referralCode(appId: app.id, code: code) else {
            throw APIError.notFound("unknown_referral_code", "no referrer has the code \(code)")
        }
        guard codeRecord.userId != refereeId else {
            throw APIError(.unprocessableContent, code: "self_referral", message: "a user cannot register with their own referral code")
        }
        if let install, date.timeIntervalSince(install.createdAt) > Double(program.registrationWindowHours) * 3_600 {
            throw APIError(
                .unprocessableContent, code: "registration_window_expired",
                message: "the install is older than the program's \(program.registrationWindowHours)-hour registration window"
            )
        }
        try await checkCaps(program, referrerId: codeRecord.userId, app: app, at: date)
        let address = try install?.fingerprint.ipAddress ?? ipAddress(input.ipAddress)
        let emailHash = try ReferralHashes.email(input.email, hash: input.emailHash)
        let paymentHash = try ReferralHashes.opaque(input.paymentHash, "paymentHash")
        let click = try await install?.clickId.asyncMap { try await storage.click(id: $0, appId: app.id) } ?? nil
        let subject = ReferralFraudChecks.Subject(
            appId: app.id, referrerId: codeRecord.userId, refereeId: refereeId, install: install, click: click,
            ipHash: ReferralHashes.address(address, appId: app.id), emailHash: emailHash, paymentHash: paymentHash
        )
        let reasons = try await ReferralFraudChecks(storage: storage).reasons(for: subject, program: program, now: date)
        let new = ReferralRecord(
            appId: app.id, referrerId: codeRecord.userId, code: code, refereeId: refereeId, refereeName: name,
            refereeAvatarUrl: avatarUrl, installId: install?.id, linkId: install?.linkId, clickId: install?.clickId,
            status: reasons.isEmpty ? .pending : .flagged, reasons: reasons, keyEvent: program.keyEvent,
            keyMinRevenueMicros: program.minRevenueMicros, keyCurrency: program.revenueCurrency,
            holdMilliseconds: Int64(program.holdHours) * 3_600_000, emailHash: emailHash, paymentHash: paymentHash,
            ipHash: subject.ipHash, createdAt: date
        )
        let stored: ReferralRecord
        do {
            stored = try await storage.insertReferral(new)
        } catch let error as StoreError where error.conflictingField == "referee" {
            throw APIError.conflict("duplicate_referee", "user \(refereeId) already registered with a referral")
        }
        // Remembered after the checks, so a referee's own identities never count against them.
        for identity in [(ReferralIdentity.Kind.install, install?.id), (.email, emailHash), (.payment, paymentHash)] {
            guard let value = identity.1 else { continue }
            try await storage.addReferralIdentity(.init(userId: refereeId, kind: identity.0, value: value), appId: app.id, at: date)
        }
        try await announce([stored])
        logger.info(
            "referral registered",
            metadata: [
                "app": "\(app.id)", "referral": "\(stored.id)", "status": "\(stored.status.rawValue)",
                "reasons": "\(reasons.joined(separator: ","))",
            ])
        try await settle(ReferralScope(appId: app.id, id: stored.id))
        return try await storage.referral(id: stored.id, appId: app.id) ?? stored
    }

    /// The code given, or the one the install's invite link carries.
    private func referralCode(_ given: String?, install: InstallRecord?, app: AppRecord) async throws -> String {
        if let code = try Validate.text(given, "referralCode", max: 64) { return code.uppercased() }
        if let linkId = install?.linkId, let link = try await storage.link(id: linkId, appId: app.id),
            let code = link.content.deepLinkParameters?[Self.codeParameter]
        {
            return code.uppercased()
        }
        throw APIError.validation("referralCode", "is required (or an installId attributed to an invite link)")
    }

    private func ipAddress(_ value: String?) throws -> String? {
        guard let value = try Validate.text(value, "ipAddress", max: 45) else { return nil }
        guard ClientAddress.isIPAddress(value) else { throw APIError.validation("ipAddress", "must be an IPv4 or IPv6 address") }
        return value
    }

    private func checkCaps(_ program: ReferralProgram, referrerId: String, app: AppRecord, at date: Date) async throws {
        for (cap, days, label) in [(program.maxPerDay, 1.0, "day"), (program.maxPerWeek, 7.0, "week")] {
            guard let cap else { continue }
            let made = try await storage.referralCount(appId: app.id, referrerId: referrerId, since: date - days * 86_400)
            if made >= cap {
                throw APIError(
                    .unprocessableContent, code: "referral_cap_reached",
                    message: "the referrer reached the program's cap of \(cap) referrals per \(label)"
                )
            }
        }
    }

    /// The referee's key action, confirmed by the app's backend; a flagged referral needs `reviewed`.
    func complete(id: Int64, input: ReviewInput?, app: AppRecord) async throws -> ReferralRecord {
        var referral = try await self.referral(id: id, app: app)
        switch referral.status {
        case .complete:
            return referral
        case .reversed:
            throw APIError.conflict("referral_reversed", "referral \(id) was reversed and cannot complete")
        case .flagged:
            guard input?.reviewed == true else {
                throw APIError.conflict(
                    "referral_flagged",
                    "referral \(id) is flagged (\(referral.reasons.joined(separator: ", "))); send {\"reviewed\": true} to complete it"
                )
            }
            referral =
                try await storage.transitionReferral(id: id, appId: app.id, from: [.flagged], to: .pending, reasons: [], at: now())
                ?? referral
        case .pending:
            break
        }
        _ = try await storage.qualifyReferral(id: id, appId: app.id, at: now(), now: now())
        return try await self.referral(id: id, app: app)
    }

    /// A refund or clawback: the referral no longer earns its reward.
    func reverse(id: Int64, input: ReviewInput?, app: AppRecord) async throws -> ReferralRecord {
        let referral = try await self.referral(id: id, app: app)
        guard referral.status != .reversed else { return referral }
        let reason = try Validate.text(input?.reason, "reason", max: 64) ?? "reversed"
        guard
            let reversed = try await storage.transitionReferral(
                id: id, appId: app.id, from: [.pending, .complete, .flagged], to: .reversed, reasons: [reason], at: now()
            )
        else {
            throw APIError.conflict("referral_changed", "referral \(id) changed meanwhile; retry")
        }
        try await announce([reversed])
        logger.info("referral reversed", metadata: ["app": "\(app.id)", "referral": "\(id)"])
        return reversed
    }
}

import Foundation
import LandfallModels
import LandfallStore

extension ReferralService {
    /// The webhook type for a referral in `status`.
    static func webhookType(for status: ReferralStatus) -> String {
        switch status {
        case .pending: WebhookEventType.referralPending
        case .flagged: WebhookEventType.referralFlagged
        case .complete: WebhookEventType.referralCompleted
        case .reversed: WebhookEventType.referralReversed
        }
    }

    /// Reports where a referral now stands. The message id names the referral and its status, so
    /// settling the same referral again (on a read, by the settler on another server) sends nothing new.
    func announce(_ referrals: [ReferralRecord]) async throws {
        guard let webhooks, !referrals.isEmpty else { return }
        var drafts: [WebhookPublisher.Draft] = []
        for referral in referrals {
            drafts.append(
                WebhookPublisher.Draft(
                    appId: referral.appId, type: Self.webhookType(for: referral.status),
                    data: try JSONValue.encoding(ReferralDetail(referral: referral)),
                    id: "msg_referral_\(referral.appId)_\(referral.id)_\(referral.status.rawValue)"
                ))
        }
        try await webhooks.publish(drafts)
    }
}

import Foundation
import LandfallModels
import LandfallStore
import SQLKit

/// One person's rows in every table that can hold them, as the server writes them: an install
/// credited to a campaign click, its event and SKAdNetwork value, the share link the person made
/// (with a friend's click on it, its Branch parameters and the person's referral code), a Branch
/// device and session, a referral in each direction, the fraud checks' identities, and webhook
/// messages naming the install and the user with their deliveries and attempts.
struct ErasureSeed {
    var installId: String
    var userId: String
    /// Every text id written for this person: no row may mention any of them once they are erased.
    var ids: Set<String>
    /// The ids tied to the install alone, gone after an erasure by install id; the user's share link,
    /// referral code and the referral they made stay until the user id is erased.
    var installScopedIds: Set<String>

    static func insert(
        tag: String, appId: String, campaignLinkId: String, endpointId: String, storage: SQLStorage, provider: any SQLDatabaseProvider
    ) async throws -> ErasureSeed {
        func id(_ kind: String) -> String { "\(kind)-\(tag)-\(UUID().uuidString.lowercased())" }
        let userId = id("user")
        let shareLink = Fixtures.link(appId: appId, externalUserId: userId, dedupKey: id("dedup"))
        try await storage.insertLink(shareLink)
        let campaignClick = Fixtures.click(appId: appId, linkId: campaignLinkId, token: id("token"))
        let friendsClick = Fixtures.click(appId: appId, linkId: shareLink.id, token: id("token"))
        try await storage.insertClicks([campaignClick, friendsClick])
        var install = Fixtures.install(
            appId: appId, dedupKey: id("dedup"), method: .deterministic, confidence: 100, clickId: campaignClick.id, linkId: campaignLinkId
        )
        install.id = id("install")
        try await storage.insertInstall(install)
        let event = Fixtures.event(appId: appId, installId: install.id, clientEventId: id("client-event"))
        _ = try await storage.insertEvent(event)

        let deviceId = id("device"), deviceKey = id("idfv"), sessionId = id("session"), code = id("code")
        let emailHash = id("email-hash"), inviter = id("inviter"), friend = id("friend")
        let installMessage = id("msg"), userMessage = id("msg")
        let deliveries = [id("dlv"), id("dlv")], attempts = [id("att"), id("att")]
        let time = Fixtures.epoch
        try await provider.transaction { db in
            try await db.raw(
                """
                INSERT INTO conversion_values (install_id, app_id, window_index, fine_value, coarse_rank, locked, updated_at)
                VALUES (\(bind: install.id), \(bind: appId), 0, 12, 1, 0, \(bind: time))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO branch_devices (id, app_id, bundle_token, identity, install_id, install_count, created_at, updated_at)
                VALUES (\(bind: deviceId), \(bind: appId), \(bind: id("bundle")), \(bind: userId), \(bind: install.id), 1, \(bind: time), \(bind: time))
                """
            ).run()
            try await db.raw(
                "INSERT INTO branch_device_keys (app_id, device_key, device_id) VALUES (\(bind: appId), \(bind: deviceKey), \(bind: deviceId))"
            ).run()
            try await db.raw(
                """
                INSERT INTO branch_sessions (id, app_id, device_id, kind, created_at, counted, match_guaranteed, link_id, click_id, install_id, os, app_version)
                VALUES (\(bind: sessionId), \(bind: appId), \(bind: deviceId), 'install', \(bind: time), 1, 1, \(bind: campaignLinkId),
                        \(bind: campaignClick.id), \(bind: install.id), 'iOS', '1.0')
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO branch_links (link_id, app_id, alias, link_type, duration, channel, feature, campaign, stage, tags, data, fingerprint, created_at)
                VALUES (\(bind: shareLink.id), \(bind: appId), NULL, 0, NULL, 'sms', 'sharing', NULL, NULL, '[]', '{}', \(bind: id("fp")), \(bind: time))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO referral_codes (app_id, user_id, code, link_id, created_at)
                VALUES (\(bind: appId), \(bind: userId), \(bind: code), \(bind: shareLink.id), \(bind: time))
                """
            ).run()
            for (kind, value) in [("install", install.id), ("email", emailHash)] {
                try await db.raw(
                    """
                    INSERT INTO referral_identities (app_id, user_id, kind, value, created_at)
                    VALUES (\(bind: appId), \(bind: userId), \(bind: kind), \(bind: value), \(bind: time))
                    """
                ).run()
            }
            // Invited by someone, and inviting a friend: both rows name the person.
            for (referrer, referee, installId) in [(inviter, userId, install.id as String?), (userId, friend, nil)] {
                try await db.raw(
                    """
                    INSERT INTO referrals (app_id, referrer_id, code, referee_id, install_id, link_id, status, reasons, key_event, hold_ms,
                                           email_hash, created_at, updated_at)
                    VALUES (\(bind: appId), \(bind: referrer), \(bind: id("code")), \(bind: referee), \(bind: installId), \(bind: shareLink.id),
                            'pending', '[]', 'purchase', 0, \(bind: emailHash), \(bind: time), \(bind: time))
                    """
                ).run()
            }
            let payloads = [
                (
                    installMessage, "install.attributed",
                    #"{"data":{"installId":"\#(install.id)","clickId":"\#(campaignClick.id)"},"type":"install.attributed"}"#
                ),
                (
                    userMessage, "referral.created",
                    #"{"data":{"referrerId":"\#(inviter)","refereeId":"\#(userId)"},"type":"referral.created"}"#
                ),
            ]
            for (index, (messageId, type, payload)) in payloads.enumerated() {
                try await db.raw(
                    """
                    INSERT INTO webhook_messages (id, app_id, type, payload, created_at)
                    VALUES (\(bind: messageId), \(bind: appId), \(bind: type), \(bind: payload), \(bind: time))
                    """
                ).run()
                try await db.raw(
                    """
                    INSERT INTO webhook_deliveries (id, app_id, message_id, endpoint_id, message_type, status, attempts, next_attempt_at,
                                                    deadline_at, created_at)
                    VALUES (\(bind: deliveries[index]), \(bind: appId), \(bind: messageId), \(bind: endpointId), \(bind: type), 'failed', 1,
                            \(bind: time), \(bind: time), \(bind: time))
                    """
                ).run()
                try await db.raw(
                    """
                    INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, error, duration_ms, response_body)
                    VALUES (\(bind: attempts[index]), \(bind: deliveries[index]), \(bind: time), 500, NULL, 12, 'try later')
                    """
                ).run()
            }
        }
        let ids = Set(
            [
                userId, shareLink.id, shareLink.shortCode, campaignClick.id, campaignClick.clickToken, friendsClick.id,
                friendsClick.clickToken,
                install.id, install.dedupKey, event.id, deviceId, deviceKey, sessionId, code, emailHash, installMessage, userMessage,
            ] + deliveries + attempts)
        let installScoped: Set<String> = [
            install.id, install.dedupKey, campaignClick.id, campaignClick.clickToken, event.id, deviceId, deviceKey, sessionId,
            installMessage, deliveries[0], attempts[0],
        ]
        return ErasureSeed(installId: install.id, userId: userId, ids: ids, installScopedIds: installScoped)
    }
}

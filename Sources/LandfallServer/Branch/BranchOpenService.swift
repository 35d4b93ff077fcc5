import Foundation
import HTTPTypes
import LandfallAttribution
import LandfallModels
import LandfallStore
import Logging

/// Answers `POST /v1/open`: decides INSTALL, REINSTALL or OPEN, finds what opened the app (a
/// click token or a link URL for certain, the attribution engine's match for a new install) and
/// remembers the device under every id it was reported with.
struct BranchOpenService: Sendable {
    let storage: any LandfallStorage
    let installs: InstallService
    let resolver: BranchLinkResolver
    let limiter: BranchRateLimiter
    let now: @Sendable () -> Date
    /// The rate limits' monotonic clock.
    let uptime: @Sendable () -> ContinuousClock.Instant

    /// The answer, field for field as Branch's `v1/open` documentation shows it; `data` is a JSON string.
    /// An SDK session also gets `identity_id`, the bundle token's older name that SDKs before 5.x read.
    struct Answer: Encodable, Sendable {
        var sessionId: String
        var randomizedDeviceToken: String
        var randomizedBundleToken: String?
        var identityId: String?
        var identity: String?
        var link: String?
        var data: String

        enum CodingKeys: String, CodingKey {
            case sessionId = "session_id", randomizedDeviceToken = "randomized_device_token"
            case randomizedBundleToken = "randomized_bundle_token", identityId = "identity_id", identity, link, data
        }
    }

    func open(_ open: ValidOpen, app: AppRecord, ipAddress: String?, logger: Logger) async throws -> Answer {
        let date = now()
        let device = try await knownDevice(open, app: app)
        // A token the client sends is adopted only where it cannot collide: device ids are global,
        // so an unknown `randomized_device_token` is echoed back only when nothing is stored.
        let deviceId =
            device?.id ?? (open.trackingDisabled ? open.request.randomizedDeviceToken?.text : nil) ?? BranchIdentifiers.make(at: date)
        var limiterKeys = open.deviceKeys + ["device:" + deviceId]
        if open.deviceKeys.isEmpty, device == nil { limiterKeys.append(fingerprint(open, ipAddress: ipAddress)) }
        let instant = uptime()
        try admit(open, keys: limiterKeys.map { app.id + "|" + $0 }, at: instant)
        let kind = sessionKind(open, device: device)
        let sessionId = BranchIdentifiers.make(at: date)
        var referral = try await deterministicReferral(open, app: app)
        var installId: String?
        // Probabilistic matching stores an install and consumes a click, so a session that must
        // store nothing gets only what a click token or a URL says for certain.
        if kind != .open, !open.trackingDisabled {
            let outcome = try await installs.report(
                installRequest(open, clickToken: referral?.click?.clickToken, sessionId: sessionId), app: app, ipAddress: ipAddress,
                // An SDK's /v1/open from a device Landfall never saw is an app that moved from Branch
                // with its users: stored as an install, never guessed into a recent click.
                probabilistic: open.sdk.map { $0.install } ?? true, logger: logger
            )
            installId = outcome.install.id
            if referral == nil, outcome.install.method.isAttributed, let linkId = outcome.install.linkId,
                let link = try await storage.link(id: linkId, appId: app.id)
            {
                referral = BranchReferral(
                    link: link, click: nil, guaranteed: outcome.install.method == .deterministic,
                    clickedAt: outcome.deepLinkData?.clickedAt
                )
            }
        } else if referral == nil, open.sdk?.install == true, let device {
            // A replayed /v1/install answers what the device's install said the first time.
            referral = try await installReferral(device, app: app)
        }

        var data: [String: Any] = [:]
        var linkURL: String?
        if let referral {
            let url = resolver.links.url(for: referral.link, app: app)
            linkURL = url
            data = BranchLinkData.dictionary(
                link: referral.link, branch: try await storage.branchLink(linkId: referral.link.id, appId: app.id), app: app, url: url
            )
            data["+click_timestamp"] = Int64((referral.clickedAt ?? date).timeIntervalSince1970)
        } else if let url = open.universalLinkURL {
            data["+non_branch_link"] = url
        }
        data["+clicked_branch_link"] = referral != nil
        // An SDK knows whether it is its first session: it called /v1/install.
        data["+is_first_session"] = open.sdk.map { $0.install } ?? (kind != .open)
        data["+match_guaranteed"] = referral?.guaranteed ?? false

        let bundleToken =
            (open.usesIdentity ? open.request.randomizedBundleToken?.text : nil) ?? device?.bundleToken
            ?? BranchIdentifiers.make(at: date)
        let identity = open.namesBundle ? (open.request.identity ?? device?.identity) : device?.identity
        if !open.trackingDisabled {
            let counted =
                kind != .open || referral != nil
                || ipAddress.map { limiter.countsNonReferredOpen(address: app.id + "|" + $0, at: instant) } ?? true
            let record = BranchDeviceRecord(
                id: deviceId, appId: app.id, bundleToken: bundleToken, identity: identity, installId: installId ?? device?.installId,
                installCount: (device?.installCount ?? 0) + (kind == .open ? 0 : 1), createdAt: device?.createdAt ?? date, updatedAt: date
            )
            let session = BranchSessionRecord(
                id: sessionId, appId: app.id, deviceId: deviceId, kind: kind, createdAt: date, counted: counted,
                matchGuaranteed: referral?.guaranteed ?? false, linkId: referral?.link.id, clickId: referral?.click?.id,
                installId: installId,
                os: open.os, appVersion: open.appVersion
            )
            do {
                try await storage.recordBranchSession(session, device: record, keys: open.deviceKeys + ["rdt:" + deviceId])
            } catch let error as StoreError where error.conflictingField == "bundleToken" {
                throw APIError.conflict("conflict", "randomized_bundle_token belongs to another device of this app")
            }
            logger.info(
                "branch session",
                metadata: [
                    "app": "\(app.id)", "session": "\(sessionId)", "kind": "\(kind.rawValue)", "counted": "\(counted)",
                    "referred": "\(referral != nil)", "guaranteed": "\(referral?.guaranteed ?? false)", "sdk": "\(open.sdk != nil)",
                ])
        }
        guard open.sdk != nil else {
            return Answer(
                sessionId: sessionId, randomizedDeviceToken: deviceId, randomizedBundleToken: open.usesIdentity ? bundleToken : nil,
                identity: open.usesIdentity ? identity : nil, link: linkURL, data: try BranchLinkData.text(data)
            )
        }
        // The SDKs store every one of these: Android reads `link` from each install answer and fails
        // without it, and iOS replaces its developer identity with `identity` (absent: none).
        return Answer(
            sessionId: sessionId, randomizedDeviceToken: deviceId, randomizedBundleToken: bundleToken, identityId: bundleToken,
            identity: open.request.identity, link: linkURL ?? userURL(bundleToken: bundleToken), data: try BranchLinkData.text(data)
        )
    }

    /// Branch's "user URL": the server's address naming the bundle token, which the SDKs keep as `link`.
    func userURL(bundleToken: String) -> String {
        resolver.links.publicURL + "/?%24identity_id=" + bundleToken
    }

    /// The rapid-repeat limit: Branch's 10 seconds for a server-to-server caller; for an SDK, only
    /// a burst no SDK's own behaviour makes (it opens again when a link arrives during an open).
    private func admit(_ open: ValidOpen, keys: [String], at instant: ContinuousClock.Instant) throws {
        let wait = open.sdk == nil ? limiter.admitOpen(keys: keys, at: instant) : limiter.admitSDKSession(keys: keys, at: instant)
        if let wait {
            throw APIError(
                .tooManyRequests, code: "rate_limited", message: "this device opened the app moments ago; retry in \(wait) seconds",
                headers: [.retryAfter: String(wait)]
            )
        }
    }

    /// INSTALL, REINSTALL or OPEN. An SDK's session is an INSTALL only for a device Landfall does not
    /// know yet, whichever endpoint it called, so one device never makes two installs.
    private func sessionKind(_ open: ValidOpen, device: BranchDeviceRecord?) -> BranchSessionRecord.Kind {
        if open.sdk != nil { return device == nil ? .install : .open }
        return switch open.request.firstSession?.value {
        case true?: device == nil ? .install : .reinstall
        case false?: .open
        case nil: device == nil ? .install : .open
        }
    }

    /// What the device's latest install was attributed to, for a replayed /v1/install.
    func installReferral(_ device: BranchDeviceRecord, app: AppRecord) async throws -> BranchReferral? {
        guard let installId = device.installId, let install = try await storage.install(id: installId, appId: app.id),
            install.method.isAttributed, let linkId = install.linkId, let link = try await storage.link(id: linkId, appId: app.id)
        else { return nil }
        return BranchReferral(link: link, click: nil, guaranteed: install.method == .deterministic, clickedAt: nil)
    }

    /// The device by its bundle token (when the client manages identity), else by any hardware id.
    private func knownDevice(_ open: ValidOpen, app: AppRecord) async throws -> BranchDeviceRecord? {
        if open.namesBundle, let token = open.request.randomizedBundleToken?.text,
            let device = try await storage.branchDevice(appId: app.id, bundleToken: token)
        {
            return device
        }
        return try await storage.branchDevice(appId: app.id, keys: open.deviceKeys)
    }

    /// `link_identifier` (or Android's `link_click_id` from the Play referrer), the Play referrer,
    /// then the opening URL (a Universal Link / App Link, or the scheme URL an SDK sends as
    /// `external_intent_uri`), then the clipboard's (`local_url`).
    private func deterministicReferral(_ open: ValidOpen, app: AppRecord) async throws -> BranchReferral? {
        for token in [open.linkIdentifier, open.sdk?.linkClickId].compactMap({ $0 }) {
            if let referral = try await resolver.referral(token: token, app: app) { return referral }
        }
        if let extras = open.request.installReferrerExtras, let token = BranchLinkResolver.token(inReferrer: extras),
            let referral = try await resolver.referral(token: token, app: app)
        {
            return referral
        }
        for url in [open.universalLinkURL, open.sdk?.externalIntentURI, open.localURL].compactMap({ $0 }) {
            if let referral = try await resolver.referral(url: url, app: app) { return referral }
        }
        return nil
    }

    /// The install report the attribution engine reads. Each INSTALL and REINSTALL session is its
    /// own install, so the session id is the install key.
    private func installRequest(_ open: ValidOpen, clickToken: String?, sessionId: String) -> InstallRequest {
        InstallRequest(
            userAgent: open.userAgent, screenWidth: open.request.screenWidth?.value, screenHeight: open.request.screenHeight?.value,
            platform: open.os, platformVersion: open.osVersion.isEmpty ? nil : open.osVersion,
            appVersion: open.appVersion.isEmpty ? nil : open.appVersion, clickToken: clickToken,
            installReferrer: open.request.installReferrerExtras, installKey: installKey(open, sessionId: sessionId),
            deviceModel: open.request.model
        )
    }

    /// An SDK repeats a request's unique id when it retries it, so the retry answers the same install.
    private func installKey(_ open: ValidOpen, sessionId: String) -> String {
        if open.sdk != nil, let unique = open.request.requestUniqueId, !unique.isEmpty { return "branch-sdk:" + unique }
        return "branch:" + sessionId
    }

    /// Stands in for a device that sent no id at all, for the rapid-repeat limit only.
    private func fingerprint(_ open: ValidOpen, ipAddress: String?) -> String {
        let parts = [open.userAgent, ipAddress ?? "", open.os, open.osVersion, open.request.model ?? "", open.appVersion]
        return "fp:" + SecretGenerator.sha256Hex(parts.joined(separator: "\u{1F}"))
    }
}

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
    struct Answer: Encodable, Sendable {
        var sessionId: String
        var randomizedDeviceToken: String
        var randomizedBundleToken: String?
        var identity: String?
        var link: String?
        var data: String

        enum CodingKeys: String, CodingKey {
            case sessionId = "session_id", randomizedDeviceToken = "randomized_device_token"
            case randomizedBundleToken = "randomized_bundle_token", identity, link, data
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
        if let wait = limiter.admitOpen(keys: limiterKeys.map { app.id + "|" + $0 }, at: instant) {
            throw APIError(
                .tooManyRequests, code: "rate_limited", message: "this device opened the app moments ago; retry in \(wait) seconds",
                headers: [.retryAfter: String(wait)]
            )
        }
        let kind: BranchSessionRecord.Kind =
            switch open.request.firstSession {
            case true?: device == nil ? .install : .reinstall
            case false?: .open
            case nil: device == nil ? .install : .open
            }
        let sessionId = BranchIdentifiers.make(at: date)
        var referral = try await deterministicReferral(open, app: app)
        var installId: String?
        // Probabilistic matching stores an install and consumes a click, so a session that must
        // store nothing gets only what a click token or a URL says for certain.
        if kind != .open, !open.trackingDisabled {
            let outcome = try await installs.report(
                installRequest(open, clickToken: referral?.click?.clickToken, sessionId: sessionId), app: app, ipAddress: ipAddress,
                logger: logger
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
        data["+is_first_session"] = kind != .open
        data["+match_guaranteed"] = referral?.guaranteed ?? false

        let bundleToken =
            (open.usesIdentity ? open.request.randomizedBundleToken?.text : nil) ?? device?.bundleToken
            ?? BranchIdentifiers.make(at: date)
        let identity = open.usesIdentity ? (open.request.identity ?? device?.identity) : device?.identity
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
                    "referred": "\(referral != nil)", "guaranteed": "\(referral?.guaranteed ?? false)",
                ])
        }
        return Answer(
            sessionId: sessionId, randomizedDeviceToken: deviceId, randomizedBundleToken: open.usesIdentity ? bundleToken : nil,
            identity: open.usesIdentity ? identity : nil, link: linkURL, data: try BranchLinkData.text(data)
        )
    }

    /// The device by its bundle token (when the client manages identity), else by any hardware id.
    private func knownDevice(_ open: ValidOpen, app: AppRecord) async throws -> BranchDeviceRecord? {
        if open.usesIdentity, let token = open.request.randomizedBundleToken?.text,
            let device = try await storage.branchDevice(appId: app.id, bundleToken: token)
        {
            return device
        }
        return try await storage.branchDevice(appId: app.id, keys: open.deviceKeys)
    }

    /// `link_identifier`, the Play referrer, then the opening URL, then the clipboard's (`local_url`).
    private func deterministicReferral(_ open: ValidOpen, app: AppRecord) async throws -> BranchReferral? {
        if let token = open.linkIdentifier, let referral = try await resolver.referral(token: token, app: app) { return referral }
        if let extras = open.request.installReferrerExtras, let token = BranchLinkResolver.token(inReferrer: extras),
            let referral = try await resolver.referral(token: token, app: app)
        {
            return referral
        }
        for url in [open.universalLinkURL, open.localURL].compactMap({ $0 }) {
            if let referral = try await resolver.referral(url: url, app: app) { return referral }
        }
        return nil
    }

    /// The install report the attribution engine reads. Each INSTALL and REINSTALL session is its
    /// own install, so the session id is the install key.
    private func installRequest(_ open: ValidOpen, clickToken: String?, sessionId: String) -> InstallRequest {
        InstallRequest(
            userAgent: open.userAgent, screenWidth: open.request.screenWidth, screenHeight: open.request.screenHeight, platform: open.os,
            platformVersion: open.osVersion, appVersion: open.appVersion, clickToken: clickToken,
            installReferrer: open.request.installReferrerExtras, installKey: "branch:" + sessionId, deviceModel: open.request.model
        )
    }

    /// Stands in for a device that sent no id at all, for the rapid-repeat limit only.
    private func fingerprint(_ open: ValidOpen, ipAddress: String?) -> String {
        let parts = [open.userAgent, ipAddress ?? "", open.os, open.osVersion, open.request.model ?? "", open.appVersion]
        return "fp:" + SecretGenerator.sha256Hex(parts.joined(separator: "\u{1F}"))
    }
}

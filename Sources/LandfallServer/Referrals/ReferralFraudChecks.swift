import Foundation
import HTTPTypes
import LandfallStore

/// The fraud checks a registration goes through. Each that fires adds its reason and makes the
/// referral `flagged` (held for review) instead of dropping it silently.
///
/// "The referrer's installs" are the installs the app named for the referrer (the SDK sends the
/// device's install id when it creates an invite; a referee's install is remembered when they
/// register), and "the referrer's clicks" are the clicks those installs were attributed to.
struct ReferralFraudChecks: Sendable {
    let storage: any LandfallStorage

    /// Stable names of the reasons, as the API reports them.
    enum Reason {
        /// The referee's install or click has the device fingerprint of one of the referrer's.
        static let sharedDevice = "shared_device"
        /// The referee's install or click shares IP prefix (/24) and user agent with one of the referrer's.
        static let sharedNetwork = "shared_network"
        /// The click that brought the referee's install came from one of the referrer's own devices.
        static let referrerClick = "referrer_click"
        /// The referrer made more referrals in the last hour than the program's velocity limit.
        static let velocity = "velocity"
        /// The install followed its click faster than a person can install an app (click injection).
        static let clickInjection = "click_injection"
        /// Many referees registered from one IP address within a day.
        static let sharedIP = "shared_ip"
        /// The referee's email (normalised, hashed) belongs to the referrer or another user.
        static let sharedEmail = "shared_email"
        /// The referee's payment instrument hash belongs to the referrer or another user.
        static let sharedPayment = "shared_payment"
    }

    struct Subject: Sendable {
        var appId: String
        var referrerId: String
        var refereeId: String
        var install: InstallRecord?
        var click: ClickRecord?
        var ipHash: String?
        var emailHash: String?
        var paymentHash: String?
    }

    /// The most recent identities of the referrer read for the device checks.
    static let identitiesRead = 20
    /// How far back referees from the same address are counted; older address hashes serve
    /// nothing and are cleared by the IP retention sweep.
    static let addressLookBack: TimeInterval = 86_400

    func reasons(for subject: Subject, program: ReferralProgram, now: Date) async throws -> [String] {
        var reasons: [String] = []
        func add(_ reason: String) { if !reasons.contains(reason) { reasons.append(reason) } }

        let identities = try await storage.referralIdentities(appId: subject.appId, userId: subject.referrerId, limit: Self.identitiesRead)
        var referrerInstalls: [InstallRecord] = []
        for identity in identities where identity.kind == .install {
            if let install = try await storage.install(id: identity.value, appId: subject.appId) { referrerInstalls.append(install) }
        }
        var referrerClicks: [ClickRecord] = []
        for install in referrerInstalls {
            if let clickId = install.clickId, let click = try await storage.click(id: clickId, appId: subject.appId) {
                referrerClicks.append(click)
            }
        }

        if let install = subject.install {
            if referrerInstalls.contains(where: { $0.id == install.id || Self.sameDevice(install.fingerprint, $0.fingerprint) }) {
                add(Reason.sharedDevice)
            }
            if referrerInstalls.contains(where: {
                Self.sameNetwork(
                    install.fingerprint.ipPrefix, install.fingerprint.userAgent, $0.fingerprint.ipPrefix, $0.fingerprint.userAgent)
            }) {
                add(Reason.sharedNetwork)
            }
        }
        if let click = subject.click {
            if referrerClicks.contains(where: { $0.id != click.id && Self.sameDevice(click, $0) }) { add(Reason.sharedDevice) }
            if referrerClicks.contains(where: {
                $0.id != click.id && Self.sameNetwork(click.ipPrefix, click.userAgent, $0.ipPrefix, $0.userAgent)
            }) {
                add(Reason.sharedNetwork)
            }
            if referrerInstalls.contains(where: { Self.sameDevice(click: click, install: $0.fingerprint) }) { add(Reason.referrerClick) }
            if let install = subject.install,
                install.createdAt.timeIntervalSince(click.clickedAt) < Double(program.minClickToInstallSeconds)
            {
                add(Reason.clickInjection)
            }
        }

        let lastHour = try await storage.referralCount(appId: subject.appId, referrerId: subject.referrerId, since: now - 3_600)
        if lastHour >= program.velocityPerHour { add(Reason.velocity) }
        if let ipHash = subject.ipHash,
            try await storage.referralCount(appId: subject.appId, ipHash: ipHash, since: now - Self.addressLookBack)
                >= program.maxRefereesPerIP
        {
            add(Reason.sharedIP)
        }
        if let email = subject.emailHash, try await sharedWithOthers(subject, kind: .email, value: email) { add(Reason.sharedEmail) }
        if let payment = subject.paymentHash, try await sharedWithOthers(subject, kind: .payment, value: payment) {
            add(Reason.sharedPayment)
        }
        return reasons
    }

    /// Whether anyone but the referee is known by this email or payment hash: the referrer, or
    /// another account the same person made.
    private func sharedWithOthers(_ subject: Subject, kind: ReferralIdentity.Kind, value: String) async throws -> Bool {
        try await storage.referralUsers(appId: subject.appId, kind: kind, value: value, limit: 2).contains { $0 != subject.refereeId }
    }

    /// Two installs' devices agree on everything the SDK reports of the hardware and its settings.
    static func sameDevice(_ a: InstallFingerprint, _ b: InstallFingerprint) -> Bool {
        guard let width = a.screenWidth, let timezone = a.timezone, let os = a.osVersion else { return false }
        return a.platform.lowercased() == b.platform.lowercased() && width == b.screenWidth && a.screenHeight == b.screenHeight
            && timezone == b.timezone && os == b.osVersion && agree(a.deviceModel, b.deviceModel) && agree(a.language, b.language)
    }

    /// Two clicks came from one device: the same browser on the same screen, time zone and network.
    static func sameDevice(_ a: ClickRecord, _ b: ClickRecord) -> Bool {
        guard let width = a.signals.screenWidth, let timezone = a.signals.timezone, let userAgent = a.userAgent else { return false }
        return a.platform == b.platform && width == b.signals.screenWidth && a.signals.screenHeight == b.signals.screenHeight
            && timezone == b.signals.timezone && userAgent == b.userAgent && agree(a.ipPrefix, b.ipPrefix)
    }

    /// A click from the device of an install: platform, OS version, screen and time zone agree, and
    /// the network too when both are known.
    static func sameDevice(click: ClickRecord, install: InstallFingerprint) -> Bool {
        guard let width = click.signals.screenWidth, let timezone = click.signals.timezone, let os = click.osVersion else { return false }
        return click.platform.lowercased() == install.platform.lowercased() && width == install.screenWidth
            && click.signals.screenHeight == install.screenHeight && timezone == install.timezone
            && Self.sameOSVersion(os, install.osVersion) && agree(click.ipPrefix, install.ipPrefix)
    }

    static func sameNetwork(_ prefixA: String?, _ agentA: String?, _ prefixB: String?, _ agentB: String?) -> Bool {
        guard let prefixA, let agentA else { return false }
        return prefixA == prefixB && agentA == agentB
    }

    /// `17.4` and `17.4.0` are one version.
    private static func sameOSVersion(_ a: String, _ b: String?) -> Bool {
        guard let b else { return false }
        func parts(_ text: String) -> [Int] {
            var numbers = text.split(separator: ".").map { Int($0) ?? -1 }
            while numbers.last == 0 { numbers.removeLast() }
            return numbers
        }
        return parts(a) == parts(b)
    }

    /// Equal when both are known; unknown on either side neither confirms nor denies.
    private static func agree(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return true }
        return a.lowercased() == b.lowercased()
    }
}

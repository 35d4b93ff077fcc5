import Foundation
import HTTPTypes
import LandfallAttribution
import LandfallModels

/// A JSON string or number read as text: Branch's Android example sends `"os_version": 26`, the iOS
/// one `"os_version": "10.0"`, and ids such as `link_identifier` come both ways.
struct BranchText: Decodable, Sendable, Hashable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
        } else if let whole = try? container.decode(Int64.self) {
            text = String(whole)
        } else if let decimal = try? container.decode(Decimal.self) {
            text = NSDecimalNumber(decimal: decimal).description(withLocale: Locale(identifier: "en_US_POSIX"))
        } else {
            throw DecodingError.typeMismatch(
                String.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a string or a number"))
        }
    }
}

/// The body of Branch's `POST /v1/open`, field for field. Every field is optional here so that a
/// missing one is reported by ``BranchOpenRequest/validated()`` with Branch's field name.
struct BranchOpenRequest: Decodable, Sendable {
    var branchKey: String?
    var branchSecret: String?
    var serverToServer: BranchFlag?
    var appVersion: String?
    var os: String?
    var osVersion: BranchText?
    var model: String?
    var userAgent: String?
    var hardwareId: String?
    var hardwareIdType: String?
    var iosVendorId: String?
    var googleAdvertisingId: String?
    var isHardwareIdReal: BranchFlag?
    var adTrackingEnabled: BranchFlag?
    var localIp: String?
    var screenHeight: BranchInteger?
    var screenWidth: BranchInteger?
    var linkIdentifier: BranchText?
    var universalLinkUrl: String?
    var androidAppLinkUrl: String?
    var facebookAppLinkChecked: BranchFlag?
    var installReferrerExtras: String?
    var googleSearchInstallReferrer: String?
    var clickedReferrerTs: BranchInteger?
    var installBeginTs: BranchInteger?
    var firstSession: BranchFlag?
    var serverToServerIdentity: BranchFlag?
    var randomizedBundleToken: BranchText?
    var randomizedDeviceToken: BranchText?
    var identity: String?
    var trackingDisabled: BranchFlag?
    var disableAdNetworkCallouts: BranchFlag?
    var localUrl: String?
    var customParam1: String?
    var customParam2: String?
    var customParam3: String?
    // What Branch's mobile SDKs send besides the server-to-server fields.
    var externalIntentUri: String?
    var linkClickId: BranchText?
    var osVersionAndroid: BranchText?
    var anonId: String?
    var requestUniqueId: String?

    enum CodingKeys: String, CodingKey {
        case branchKey = "branch_key", branchSecret = "branch_secret", serverToServer = "server_to_server"
        case appVersion = "app_version", os, osVersion = "os_version", model, userAgent = "user_agent"
        case hardwareId = "hardware_id", hardwareIdType = "hardware_id_type", iosVendorId = "ios_vendor_id"
        case googleAdvertisingId = "google_advertising_id", isHardwareIdReal = "is_hardware_id_real"
        case adTrackingEnabled = "ad_tracking_enabled", localIp = "local_ip", screenHeight = "screen_height", screenWidth = "screen_width"
        case linkIdentifier = "link_identifier", universalLinkUrl = "universal_link_url", androidAppLinkUrl = "android_app_link_url"
        case facebookAppLinkChecked = "facebook_app_link_checked", installReferrerExtras = "install_referrer_extras"
        case googleSearchInstallReferrer = "google_search_install_referrer", clickedReferrerTs = "clicked_referrer_ts"
        case installBeginTs = "install_begin_ts", firstSession = "first_session", serverToServerIdentity = "server_to_server_identity"
        case randomizedBundleToken = "randomized_bundle_token", randomizedDeviceToken = "randomized_device_token", identity
        case trackingDisabled = "tracking_disabled", disableAdNetworkCallouts = "disable_ad_network_callouts", localUrl = "local_url"
        case customParam1 = "custom_param_1", customParam2 = "custom_param_2", customParam3 = "custom_param_3"
        case externalIntentUri = "external_intent_uri", linkClickId = "link_click_id", osVersionAndroid = "os_version_android"
        case anonId = "anon_id", requestUniqueId = "branch_sdk_request_unique_id"
    }
}

/// A `/v1/open` (or `/v1/install`) body that passed validation, with platform names normalised.
struct ValidOpen: Sendable {
    var request: BranchOpenRequest
    var branchKey: String
    /// The secret of a server-to-server request; nil for a session from one of Branch's mobile SDKs.
    var branchSecret: String?
    /// `iOS` or `Android`.
    var os: String
    var osVersion: String
    var appVersion: String
    var userAgent: String
    /// The ids that name this device, strongest first (`hw:…`, `idfv:…`, `rdt:…`).
    var deviceKeys: [String]
    var linkIdentifier: String?
    var universalLinkURL: String?
    var localURL: String?
    /// Set for a session from one of Branch's mobile SDKs (the Branch key alone, no secret).
    var sdk: SDKSession?

    /// How an SDK session differs from the server-to-server form.
    struct SDKSession: Sendable {
        /// `/v1/install` (the SDK has no `randomized_bundle_token` yet) rather than `/v1/open`.
        var install: Bool
        /// The URI-scheme URL or Android intent data that opened the app, as the SDK saw it.
        var externalIntentURI: String?
        /// The click token Android reads from the Play Install Referrer (`link_click_id`).
        var linkClickId: String?
    }

    var usesIdentity: Bool { request.serverToServerIdentity?.value == true }
    /// An SDK always keeps its bundle token, so it always names the device by it.
    var namesBundle: Bool { usesIdentity || sdk != nil }
    var trackingDisabled: Bool { request.trackingDisabled?.value == true }
}

extension BranchOpenRequest {
    /// The all-zero IDFA/GAID of a device that does not allow tracking: not an identifier.
    static let zeroId = "00000000-0000-0000-0000-000000000000"

    /// Whether the body is a session from a Branch mobile SDK: neither a secret nor `server_to_server`,
    /// which every server-to-server request carries and no SDK ever sends.
    var isSDKSession: Bool { branchSecret == nil && serverToServer == nil }

    /// Branch's platform for each `os` its clients send: the iOS SDK says `tv_OS` on Apple TV, the
    /// Android SDK `AMAZON_FIRE` and `AMAZON_FIRE_TV` on Fire OS (both Android underneath).
    static func platform(_ os: String) -> DevicePlatform? {
        switch os.lowercased() {
        case "ios", "tv_os", "tvos", "ipados": .ios
        case "android", "amazon_fire", "amazon_fire_tv": .android
        default: nil
        }
    }

    /// Checks the fields Branch's documentation marks required and the shape of every other one; errors name
    /// Branch's fields.
    func validated() throws -> ValidOpen {
        let branchKey = try Self.required(branchKey, "branch_key", max: 256)
        let branchSecret = try Self.required(branchSecret, "branch_secret", max: 256)
        guard serverToServer?.value == true else { throw APIError.validation("server_to_server", "is required and must be true") }
        let appVersion = try Self.required(appVersion, "app_version")
        let (platform, os) = try Self.checkedOS(try Self.required(os, "os"))
        let osVersion = try Self.required(osVersion?.text, "os_version")
        let userAgent = try Self.required(userAgent, "user_agent", max: 1024)
        try checkShapes()
        let hardwareId = try Validate.text(hardwareId, "hardware_id", max: 128)
        if platform == .ios, hardwareId != nil {
            guard let type = hardwareIdType, Self.hardwareIdTypes.contains(type) else {
                throw APIError.validation(
                    "hardware_id_type", "is required with an iOS hardware_id and must be 'idfa', 'vendor_id' or 'random'")
            }
        }
        return ValidOpen(
            request: self, branchKey: branchKey, branchSecret: branchSecret, os: os, osVersion: osVersion, appVersion: appVersion,
            userAgent: userAgent, deviceKeys: deviceKeys(hardwareId: hardwareId), linkIdentifier: try linkIdentifierText(),
            universalLinkURL: try openingURL(), localURL: try Validate.text(localUrl, "local_url", max: 2048)
        )
    }

    /// The same checks for a session from Branch's iOS or Android SDK, which sends what its device
    /// knows: no secret, Android no top-level `user_agent` (the connection's `User-Agent` stands in),
    /// Android its API level as `os_version` and the release as `os_version_android`.
    func validatedSDK(install: Bool, headerUserAgent: String?) throws -> ValidOpen {
        let branchKey = try Self.required(branchKey, "branch_key", max: 256)
        let (platform, os) = try Self.checkedOS(try Self.required(os, "os"))
        let apiLevel = try Validate.text(osVersion?.text, "os_version", max: 128)
        let release = try Validate.text(osVersionAndroid?.text, "os_version_android", max: 128)
        // The engine compares OS releases (`14`), which Android's API level (`34`) is not.
        let osVersion = (platform == .android ? release ?? apiLevel : apiLevel ?? release) ?? ""
        let appVersion = try Validate.text(appVersion, "app_version", max: 128) ?? ""
        let model = try Validate.text(model, "model", max: 128)
        let userAgent =
            try Validate.text(userAgent, "user_agent", max: 1024)
            ?? headerUserAgent.map { String($0.prefix(1024)) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(os)/\(osVersion) (\(model ?? "unknown"))"
        try checkShapes()
        _ = try Validate.text(anonId, "anon_id", max: 128)
        _ = try Validate.text(requestUniqueId, "branch_sdk_request_unique_id", max: 128)
        let hardwareId = try Validate.text(hardwareId, "hardware_id", max: 128)
        var keys = deviceKeys(hardwareId: hardwareId)
        // Both SDKs keep `anon_id` for the life of the app's install, and repeat the request's unique
        // id when they retry it: either finds the device again, so a replayed install is not a second one.
        if let anon = anonId?.trimmingCharacters(in: .whitespaces), !anon.isEmpty { keys.append("anon:" + anon.lowercased()) }
        if let unique = requestUniqueId?.trimmingCharacters(in: .whitespaces), !unique.isEmpty { keys.append("req:" + unique) }
        return ValidOpen(
            request: self, branchKey: branchKey, branchSecret: nil, os: os, osVersion: osVersion, appVersion: appVersion,
            userAgent: userAgent, deviceKeys: keys, linkIdentifier: try linkIdentifierText(), universalLinkURL: try openingURL(),
            localURL: try Validate.text(localUrl, "local_url", max: 2048),
            sdk: .init(
                install: install, externalIntentURI: try Validate.text(externalIntentUri, "external_intent_uri", max: 2048),
                linkClickId: try Validate.text(linkClickId?.text, "link_click_id", max: 128)
            )
        )
    }

    /// What the iOS SDK sends as `hardware_id_type`: the IDFA, the IDFV, or a random id when it has neither.
    static let hardwareIdTypes: Set<String> = ["idfa", "vendor_id", "random"]

    private static func required(_ value: String?, _ field: String, max: Int = 128) throws -> String {
        guard let text = try Validate.text(value, field, max: max, required: true) else {
            throw APIError.validation(field, "is required")
        }
        return text
    }

    /// The platform and Branch's own spelling of it, whatever case or variant the client sent.
    private static func checkedOS(_ name: String) throws -> (DevicePlatform, String) {
        switch platform(name) {
        case .ios?: (.ios, "iOS")
        case .android?: (.android, "Android")
        default: throw APIError.validation("os", "must be 'Android' or 'iOS' (or tv_OS, AMAZON_FIRE, AMAZON_FIRE_TV)")
        }
    }

    /// Lengths and ranges of the optional fields both forms share.
    private func checkShapes() throws {
        _ = try Validate.range(screenWidth?.value, "screen_width", 1...20_000)
        _ = try Validate.range(screenHeight?.value, "screen_height", 1...20_000)
        for (field, value) in [
            ("model", model), ("hardware_id", hardwareId), ("ios_vendor_id", iosVendorId), ("google_advertising_id", googleAdvertisingId),
            ("local_ip", localIp), ("link_identifier", linkIdentifier?.text), ("randomized_bundle_token", randomizedBundleToken?.text),
            ("randomized_device_token", randomizedDeviceToken?.text), ("google_search_install_referrer", googleSearchInstallReferrer),
            ("custom_param_1", customParam1), ("custom_param_2", customParam2), ("custom_param_3", customParam3),
        ] {
            _ = try Validate.text(value, field, max: 128)
        }
        _ = try Validate.text(identity, "identity", max: 256)
        _ = try Validate.text(installReferrerExtras, "install_referrer_extras", max: 2048)
    }

    private func linkIdentifierText() throws -> String? { try Validate.text(linkIdentifier?.text, "link_identifier", max: 128) }

    private func openingURL() throws -> String? {
        try Validate.text(
            universalLinkUrl ?? androidAppLinkUrl, universalLinkUrl != nil ? "universal_link_url" : "android_app_link_url", max: 2048)
    }

    /// A hardware id counts only when the client says it is real and it is not the all-zero id.
    private func deviceKeys(hardwareId: String?) -> [String] {
        var keys: [String] = []
        if let hardwareId, isHardwareIdReal?.value != false, hardwareIdType != "random", hardwareId != Self.zeroId {
            keys.append("hw:" + hardwareId.lowercased())
            // An iOS hardware_id that is the IDFV names the device the same way ios_vendor_id does.
            if hardwareIdType == "vendor_id" { keys.append("idfv:" + hardwareId.lowercased()) }
        }
        if let vendor = iosVendorId?.trimmingCharacters(in: .whitespaces), !vendor.isEmpty, vendor != Self.zeroId {
            keys.append("idfv:" + vendor.lowercased())
        }
        if let gaid = googleAdvertisingId?.trimmingCharacters(in: .whitespaces), !gaid.isEmpty, gaid != Self.zeroId {
            keys.append("gaid:" + gaid.lowercased())
        }
        if let token = randomizedDeviceToken?.text.trimmingCharacters(in: .whitespaces), !token.isEmpty { keys.append("rdt:" + token) }
        return keys
    }
}

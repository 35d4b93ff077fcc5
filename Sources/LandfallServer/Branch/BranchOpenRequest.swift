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
    var serverToServer: Bool?
    var appVersion: String?
    var os: String?
    var osVersion: BranchText?
    var model: String?
    var userAgent: String?
    var hardwareId: String?
    var hardwareIdType: String?
    var iosVendorId: String?
    var googleAdvertisingId: String?
    var isHardwareIdReal: Bool?
    var adTrackingEnabled: Bool?
    var localIp: String?
    var screenHeight: Int?
    var screenWidth: Int?
    var linkIdentifier: BranchText?
    var universalLinkUrl: String?
    var androidAppLinkUrl: String?
    var facebookAppLinkChecked: Bool?
    var installReferrerExtras: String?
    var googleSearchInstallReferrer: String?
    var clickedReferrerTs: Int64?
    var installBeginTs: Int64?
    var firstSession: Bool?
    var serverToServerIdentity: Bool?
    var randomizedBundleToken: BranchText?
    var randomizedDeviceToken: BranchText?
    var identity: String?
    var trackingDisabled: Bool?
    var disableAdNetworkCallouts: Bool?
    var localUrl: String?
    var customParam1: String?
    var customParam2: String?
    var customParam3: String?

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
    }
}

/// A `/v1/open` body that passed validation, with platform names normalised.
struct ValidOpen: Sendable {
    var request: BranchOpenRequest
    var branchKey: String
    var branchSecret: String
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
    var usesIdentity: Bool { request.serverToServerIdentity == true }
    var trackingDisabled: Bool { request.trackingDisabled == true }
}

extension BranchOpenRequest {
    /// The all-zero IDFA/GAID of a device that does not allow tracking: not an identifier.
    static let zeroId = "00000000-0000-0000-0000-000000000000"

    /// Checks the fields Branch's documentation marks required and the shape of every other one; errors name
    /// Branch's fields.
    func validated() throws -> ValidOpen {
        func required(_ value: String?, _ field: String, max: Int = 128) throws -> String {
            guard let text = try Validate.text(value, field, max: max, required: true) else {
                throw APIError.validation(field, "is required")
            }
            return text
        }
        let branchKey = try required(branchKey, "branch_key", max: 256)
        let branchSecret = try required(branchSecret, "branch_secret", max: 256)
        guard serverToServer == true else { throw APIError.validation("server_to_server", "is required and must be true") }
        let appVersion = try required(appVersion, "app_version")
        let osName = try required(os, "os")
        // Branch's own spelling of the two platforms it serves, whatever case the SDK sent.
        let platform = DevicePlatform(rawValue: osName.lowercased())
        let os: String
        switch platform {
        case .ios?: os = "iOS"
        case .android?: os = "Android"
        default: throw APIError.validation("os", "must be 'Android' or 'iOS'")
        }
        let osVersion = try required(osVersion?.text, "os_version")
        let userAgent = try required(userAgent, "user_agent", max: 1024)
        _ = try Validate.range(screenWidth, "screen_width", 1...20_000)
        _ = try Validate.range(screenHeight, "screen_height", 1...20_000)
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
        let hardwareId = try Validate.text(hardwareId, "hardware_id", max: 128)
        if platform == .ios, hardwareId != nil {
            guard let type = hardwareIdType, ["idfa", "vendor_id"].contains(type) else {
                throw APIError.validation("hardware_id_type", "is required with an iOS hardware_id and must be 'idfa' or 'vendor_id'")
            }
        }
        return ValidOpen(
            request: self, branchKey: branchKey, branchSecret: branchSecret, os: os, osVersion: osVersion, appVersion: appVersion,
            userAgent: userAgent, deviceKeys: deviceKeys(hardwareId: hardwareId),
            linkIdentifier: try Validate.text(linkIdentifier?.text, "link_identifier", max: 128),
            universalLinkURL: try Validate.text(
                universalLinkUrl ?? androidAppLinkUrl, universalLinkUrl != nil ? "universal_link_url" : "android_app_link_url", max: 2048),
            localURL: try Validate.text(localUrl, "local_url", max: 2048)
        )
    }

    /// A hardware id counts only when the client says it is real and it is not the all-zero id.
    private func deviceKeys(hardwareId: String?) -> [String] {
        var keys: [String] = []
        if let hardwareId, isHardwareIdReal != false, hardwareId != Self.zeroId {
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

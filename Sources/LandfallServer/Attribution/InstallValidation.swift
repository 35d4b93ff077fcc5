import Foundation
import LandfallAttribution
import LandfallModels
import LandfallStore

/// Checks an install report and derives what identifies it.
enum InstallValidation {
    /// The all-zero IDFA/GAID a device sends when tracking is not allowed: not an identifier.
    static let zeroDeviceId = "00000000-0000-0000-0000-000000000000"

    static func fingerprint(_ request: InstallRequest, ipAddress: String?) throws -> InstallFingerprint {
        guard let userAgent = try Validate.text(request.userAgent, "userAgent", max: 1024, required: true) else {
            throw APIError.validation("userAgent", "is required")
        }
        _ = try Validate.range(request.screenWidth, "screenWidth", 1...20_000)
        _ = try Validate.range(request.screenHeight, "screenHeight", 1...20_000)
        _ = try Validate.range(request.attributionWindowHours, "attributionWindowHours", 1...2160)
        for (field, value) in [
            ("timezone", request.timezone), ("language", request.language), ("platform", request.platform),
            ("platformVersion", request.platformVersion), ("appVersion", request.appVersion), ("deviceId", request.deviceId),
            ("sdkName", request.sdkName), ("sdkVersion", request.sdkVersion), ("deviceModel", request.deviceModel),
            ("clickToken", request.clickToken), ("installKey", request.installKey),
        ] {
            _ = try Validate.text(value, field, max: 128)
        }
        _ = try Validate.text(request.installReferrer, "installReferrer", max: 2048)
        return InstallFingerprint(
            userAgent: userAgent, ipAddress: ipAddress, platform: request.platform ?? "unknown",
            screenWidth: request.screenWidth, screenHeight: request.screenHeight,
            timezone: TimeZoneName.normalize(request.timezone), language: LanguageTag.normalize(request.language),
            appVersion: request.appVersion, sdkName: request.sdkName, sdkVersion: request.sdkVersion
        )
    }

    /// What makes a retried report the same install: the SDK's install key, a real device ID, or
    /// (for SDKs that report on every launch without either) the exact fingerprint from the same address.
    /// The dedup key of an install reported with `deviceId` (and no install key): how the SKAN
    /// conversion-value API finds the install from the IDFV AppsFlyer's client sends as `uid`.
    static func deviceDedupKey(_ deviceId: String) -> String { "device:" + SecretGenerator.sha256Hex(deviceId.lowercased()) }

    static func dedupKey(_ request: InstallRequest, fingerprint: InstallFingerprint) -> String {
        if let key = request.installKey, !key.isEmpty { return "key:" + SecretGenerator.sha256Hex(key) }
        if let deviceId = request.deviceId, !deviceId.isEmpty, deviceId != zeroDeviceId { return deviceDedupKey(deviceId) }
        let parts = [
            fingerprint.userAgent, fingerprint.ipAddress, fingerprint.screenWidth.map(String.init),
            fingerprint.screenHeight.map(String.init),
            fingerprint.timezone, fingerprint.language, request.platformVersion, request.appVersion,
        ].map { $0 ?? "" }
        return "fingerprint:" + SecretGenerator.sha256Hex(parts.joined(separator: "\u{1F}"))
    }

    /// The click token from the request, or from a Play Install Referrer string (`lf_click=…&utm_source=…`).
    static func clickToken(_ request: InstallRequest) -> String? {
        if let token = request.clickToken, SecretGenerator.isClickToken(token) { return token }
        guard let referrer = request.installReferrer else { return nil }
        let decoded = referrer.removingPercentEncoding ?? referrer
        for pair in decoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "lf_click", SecretGenerator.isClickToken(String(parts[1])) { return String(parts[1]) }
        }
        return nil
    }
}

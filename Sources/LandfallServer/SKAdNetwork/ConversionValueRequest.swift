import Foundation
import HTTPTypes
import Hummingbird

/// The parameters of a conversion-value request, checked for shape before anything is looked up.
/// Anything missing or malformed is a 400, as AppsFlyer's SDK-less API answers; a wrong signature is
/// found later (401).
struct ConversionValueRequest: Sendable {
    /// The install id.
    var uid: String
    /// `app_id` exactly as sent: it is part of the signed text.
    var appId: String
    /// Its digits: the App Store id.
    var appStoreId: String
    var sdkVersion: String?
    var timestamp: String
    var signature: String
    var form: ConversionSignature.Form

    // "Af-Timestamp" is a valid field name, so this cannot fail.
    static let timestampHeader = HTTPField.Name("Af-Timestamp")!

    init(_ request: Request) throws {
        let query = request.uri.queryParameters
        func parameter(_ name: String) throws -> String? {
            guard let value = query[name[...]].map(String.init) else { return nil }
            guard !value.isEmpty else { throw Self.malformed(name, "must not be empty") }
            return value
        }
        guard let uid = try parameter("uid") else { throw Self.missing("uid") }
        guard uid.utf8.count <= 128, uid.unicodeScalars.allSatisfy(Self.isUIDCharacter) else {
            throw Self.malformed("uid", "must be up to 128 letters, digits, '-', '_' or '.'")
        }
        guard let appId = try parameter("app_id") else { throw Self.missing("app_id") }
        guard let appStoreId = ConversionAppDirectory.appStoreId(appId) else {
            throw Self.malformed("app_id", "must be the App Store id, as id123456789 or 123456789")
        }
        let sdkVersion = try parameter("sdk_version")
        if let sdkVersion, sdkVersion.utf8.count > 64 { throw Self.malformed("sdk_version", "must be at most 64 characters") }
        if let signature = try parameter("af_sig") {
            guard let timestamp = try parameter("af_timestamp") else { throw Self.missing("af_timestamp") }
            (self.timestamp, self.signature, form) = (timestamp, signature, .query)
        } else if let signature = request.headers[.authorization], !signature.isEmpty {
            guard let timestamp = request.headers[Self.timestampHeader] ?? query["af_timestamp"].map(String.init) else {
                throw APIError.badRequest("missing_parameter", "the Af-Timestamp header is required with an Authorization signature")
            }
            (self.timestamp, self.signature, form) = (timestamp, signature.trimmingCharacters(in: .whitespaces), .header)
        } else {
            throw APIError.badRequest(
                "missing_parameter", "sign the request: af_timestamp and af_sig in the query, or Af-Timestamp and Authorization headers"
            )
        }
        guard ConversionSignature.date(fromTimestamp: timestamp) != nil else {
            throw Self.malformed(form == .query ? "af_timestamp" : "Af-Timestamp", "must be Unix seconds or milliseconds")
        }
        guard signature.utf8.count <= 128 else { throw Self.malformed("signature", "must be at most 128 characters") }
        (self.uid, self.appId, self.appStoreId, self.sdkVersion) = (uid, appId, appStoreId, sdkVersion)
    }

    private static func isUIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
    }

    static func missing(_ name: String) -> APIError { APIError.badRequest("missing_parameter", "\(name) is required") }
    static func malformed(_ name: String, _ message: String) -> APIError { APIError.badRequest("invalid_parameter", "\(name): \(message)") }
}

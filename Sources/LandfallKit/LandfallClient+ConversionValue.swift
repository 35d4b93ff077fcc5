import Foundation

extension LandfallClient {
    /// Asks the server for this install's SKAdNetwork conversion value (AppsFlyer's SDK-less API),
    /// signed with HMAC-SHA256 under the app's dev key.
    ///
    /// Each call signs once with a fresh millisecond timestamp and is not retried automatically:
    /// the server refuses a signature it has already seen, so a retry must be a new call.
    ///
    /// ```swift
    /// let value = try await client.requestConversionValue(devKey: "lf_dk_…", appStoreID: "id123456789")
    /// ```
    ///
    /// - Parameters:
    ///   - devKey: the app's dev key (`landfall skan dev-key`).
    ///   - appStoreID: the App Store id, as `id123456789` or `123456789`; signed exactly as given.
    ///   - uid: the install id; this client's ``installID`` when nil.
    ///   - version: ``ConversionValueAPIVersion/v2`` (all fields) or ``ConversionValueAPIVersion/v1``.
    ///   - signature: query parameters (AppsFlyer's documentation) or headers (its reference client).
    /// - Returns: the value to hand to SKAdNetwork; without the coarse value, lock and window from v1.
    /// - Throws: ``LandfallError/Code/installNotReported`` with no install id yet;
    ///   ``LandfallError/Code/server`` with the status (400, 401, 404, 503) and the server's code.
    public func requestConversionValue(
        devKey: String, appStoreID: String, uid: String? = nil, version: ConversionValueAPIVersion = .v2,
        signature: ConversionValueSignatureStyle = .query
    ) async throws -> ConversionValue {
        let configuration = try await requireStarted()
        guard let uid = uid ?? installID else {
            throw LandfallError(.installNotReported, "the install has no id yet; report the install before asking for its conversion value")
        }
        guard !devKey.isEmpty, !appStoreID.isEmpty else { throw LandfallError(.invalidArgument, "devKey and appStoreID are required") }
        let api = api(configuration)
        let timestamp = String(Int64((clock.now().timeIntervalSince1970 * 1000).rounded()))
        var query = [
            URLQueryItem(name: "uid", value: uid), URLQueryItem(name: "app_id", value: appStoreID),
            URLQueryItem(name: "sdk_version", value: "\(LandfallSDK.name)/\(LandfallSDK.version)"),
        ]
        var headers: [String: String] = [:]
        switch signature {
        case .query:
            let signed = ConversionValueSigning.hmacSHA256Hex(key: devKey, message: timestamp + devKey + appStoreID + uid)
            query += [URLQueryItem(name: "af_timestamp", value: timestamp), URLQueryItem(name: "af_sig", value: signed)]
        case .headers:
            headers["Af-Timestamp"] = timestamp
            headers["Authorization"] = ConversionValueSigning.hmacSHA256Hex(key: devKey, message: timestamp + appStoreID + uid)
        }
        var request = try api.get(["api", version.rawValue, "conversion-value"], query: query)
        // The publishable key's Bearer header would collide with the reference client's signature header.
        request.headers = request.headers.filter { $0.key.caseInsensitiveCompare("Authorization") != .orderedSame }
        request.headers.merge(headers) { _, new in new }
        let value = try api.decodeSuccess(ConversionValue.self, from: try await api.sendOnce(request))
        log(.debug, "conversion value received", ["value": "\(value.value)", "lock": "\(value.lock)"])
        return value
    }
}

import Foundation

/// Request bodies of Branch's own mobile SDKs, written from their sources (not captured): iOS 3.14.0
/// (`BNCRequestFactory`, `BranchEvent`, `BNCLinkData`) and Android 5.21 (`ServerRequestRegisterInstall`
/// / `RegisterOpen`, `DeviceInfo.updateRequestWithV1Params` / `V2Params`, `ServerRequestLogEvent`,
/// `BranchLinkData`), with Android 5.8's `ServerRequestIdentifyUserRequest` and `ServerRequestLogout`.
/// Values are the types those builders put in the JSON: iOS `NSNumber`s (`@(1)`, `@(BOOL)`),
/// Android's API level as a number, its timestamps as longs.
enum BranchSDKFixtures {
    static let idfv = "8F0E1F2A-3B4C-4D5E-8F60-718293A4B5C6"
    static let iOSAnonId = "2D4C6E8A-0B1D-4F3E-9A5C-7E9B1D3F5A7C"
    static let androidId = "9774d56d682e549c"
    static let gaid = "38400000-8cf0-11bd-b23e-10b96e40000d"
    static let androidAnonId = "c1b2a3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"
    static let iPhoneAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
    /// `HttpURLConnection`'s own agent, the only one an Android SDK request carries at the top level.
    static let dalvikAgent = "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP1A.240305.019.A1)"

    // MARK: - iOS 3.14.0

    /// `dataForInstallWithURLString:`; `url` becomes `universal_link_url` (http/https) or
    /// `external_intent_uri`, `extra` is spliced in as further `"key": value` pairs.
    static func iOSInstall(key: String, requestId: String, url: String? = nil, extra: String = "") -> String {
        """
        {"branch_key": "\(key)", "branch_sdk_request_unique_id": "\(requestId)", "branch_sdk_request_timestamp": 1764250000123,
         "metadata": {"skan_time_window": "0.000000"}, "sdk": "ios3.14.0",
         "hardware_id": "\(idfv)", "hardware_id_type": "vendor_id", "is_hardware_id_real": true, "ios_vendor_id": "\(idfv)",
         "anon_id": "\(iOSAnonId)", "local_ip": "192.168.1.23", "opted_in_status": "not_determined",
         "os": "iOS", "os_version": "17.4", "build": "21E219", "environment": "FULL_APP", "locale": "en_US", "country": "US",
         "language": "en", "brand": "Apple", "model": "iPhone15,3", "cpu_type": "16777228", "screen_dpi": 3,
         "screen_height": 2556, "screen_width": 1179, "connection_type": "wifi", "user_agent": "\(iPhoneAgent)",
         "app_version": "4.2.1", "ios_bundle_id": "com.example.mealtime", "ios_team_id": "ABCDE12345", "uri_scheme": "mealtime",
         "debug": false, "lastest_update_time": 1764249000000, "previous_update_time": 0, "latest_install_time": 1764249000000,
         "first_install_time": 1764249000000, "update": 0, "operational_metrics": {"branch_key_source": "info.plist"},
         "retryNumber": 0\(url.map(urlField) ?? "")\(extra)}
        """
    }

    /// `dataForOpenWithURLString:`: the install's fields plus the stored tokens (`addOpenTokensToJSON`)
    /// and `link_identifier` when the opening URL carried `link_click_id`.
    static func iOSOpen(
        key: String, requestId: String, deviceToken: String, bundleToken: String, url: String? = nil, linkIdentifier: String? = nil,
        extra: String = ""
    ) -> String {
        var more = #", "randomized_device_token": "\#(deviceToken)", "randomized_bundle_token": "\#(bundleToken)""#
        if let linkIdentifier { more += #", "link_identifier": "\#(linkIdentifier)""# }
        return iOSInstall(key: key, requestId: requestId, url: url, extra: more + extra)
    }

    private static func urlField(_ url: String) -> String {
        url.hasPrefix("http") ? #", "universal_link_url": "\#(url)""# : #", "external_intent_uri": "\#(url)""#
    }

    /// `BranchEvent buildEventDictionary` + `dataForEventWithEventDictionary:` (`user_data` from `v2dictionary`).
    static func iOSEvent(key: String, name: String, deviceToken: String, eventData: String = "{}", identity: String? = nil) -> String {
        let developer = identity.map { #", "developer_identity": "\#($0)""# } ?? ""
        return """
            {"name": "\(name)", "event_data": \(eventData), "branch_key": "\(key)",
             "branch_sdk_request_unique_id": "E-\(name)", "branch_sdk_request_timestamp": 1764250001000,
             "metadata": {"skan_time_window": "0.000000"},
             "user_data": {"idfv": "\(idfv)", "anon_id": "\(iOSAnonId)", "local_ip": "192.168.1.23", "opted_in_status": "not_determined",
               "brand": "Apple", "model": "iPhone15,3", "os": "iOS", "os_version": "17.4", "build": "21E219", "environment": "FULL_APP",
               "cpu_type": "16777228", "screen_dpi": 3, "screen_height": 2556, "screen_width": 1179, "locale": "en_US",
               "country": "US", "language": "en", "connection_type": "wifi", "user_agent": "\(iPhoneAgent)",
               "randomized_device_token": "\(deviceToken)", "app_version": "4.2.1", "sdk_version": "3.14.0", "sdk": "ios"\(developer)},
             "retryNumber": 0}
            """
    }

    /// `BranchShortUrlRequest` (queued) and `BranchShortUrlSyncRequest`: `BNCLinkData` plus the session tokens.
    static func iOSShortURL(key: String, deviceToken: String, bundleToken: String, sessionId: String) -> String {
        """
        {"source": "ios", "tags": ["dinner"], "type": 0, "duration": 0, "channel": "sharing", "feature": "share_sheet",
         "campaign": "autumn", "stage": "cooked",
         "data": {"$canonical_identifier": "recipe/7", "$og_title": "Risotto", "$deeplink_path": "recipes/7", "recipe": "7",
                  "$publicly_indexable": 1, "$keywords": ["rice"], "~creation_source": 3},
         "branch_key": "\(key)", "branch_sdk_request_unique_id": "U-1", "branch_sdk_request_timestamp": 1764250002000,
         "sdk": "ios3.14.0", "os": "iOS", "os_version": "17.4", "app_version": "4.2.1",
         "randomized_device_token": "\(deviceToken)", "randomized_bundle_token": "\(bundleToken)", "session_id": "\(sessionId)",
         "retryNumber": 0}
        """
    }

    // MARK: - Android 5.21

    /// `ServerRequestRegisterInstall` after `onPreExecute`: v1 device params at the top level, no
    /// `user_agent`, the API level as `os_version`; `referrer` is the Play Install Referrer string
    /// (`install_referrer_extras`) and `linkClickId` what `AppStoreReferrer` read from it.
    static func androidInstall(
        key: String, requestId: String, referrer: String? = nil, linkClickId: String? = nil, extra: String = ""
    ) -> String {
        var more = ""
        if let referrer {
            more += #", "install_referrer_extras": "\#(referrer)", "clicked_referrer_ts": 1764249990, "install_begin_ts": 1764249995"#
        }
        if let linkClickId { more += #", "link_click_id": "\#(linkClickId)""# }
        return androidSession(key: key, requestId: requestId, extra: more + extra)
    }

    /// `ServerRequestRegisterOpen`: the stored tokens first, then the same device params; an App Link
    /// arrives as `android_app_link_url`, a scheme URI as `external_intent_uri` and its
    /// `link_click_id` as `link_identifier`.
    static func androidOpen(
        key: String, requestId: String, deviceToken: String, bundleToken: String, appLink: String? = nil, intentURI: String? = nil,
        linkIdentifier: String? = nil
    ) -> String {
        var more = #", "randomized_device_token": "\#(deviceToken)", "randomized_bundle_token": "\#(bundleToken)""#
        if let appLink { more += #", "android_app_link_url": "\#(appLink)""# }
        if let intentURI { more += #", "external_intent_uri": "\#(intentURI)""# }
        if let linkIdentifier { more += #", "link_identifier": "\#(linkIdentifier)""# }
        return androidSession(key: key, requestId: requestId, extra: more)
    }

    private static func androidSession(key: String, requestId: String, extra: String) -> String {
        """
        {"hardware_id": "\(androidId)", "is_hardware_id_real": true, "anon_id": "\(androidAnonId)", "brand": "Google", "model": "Pixel 8",
         "screen_dpi": 420, "screen_height": 2400, "screen_width": 1080, "wifi": true, "ui_mode": "UI_MODE_TYPE_NORMAL",
         "os": "Android", "os_version": 34, "country": "US", "language": "en", "local_ip": "192.168.1.57", "cpu_type": "aarch64",
         "build": "AP1A.240305.019.A1", "locale": "en_US", "connection_type": "wifi", "device_carrier": "T-Mobile",
         "os_version_android": "14", "debug": false, "app_version": "4.2.1", "update": 0, "latest_install_time": 1764249000000,
         "latest_update_time": 1764249000000, "first_install_time": 1764249000000, "previous_update_time": 0,
         "environment": "FULL_APP", "lat_val": 0, "google_advertising_id": "\(gaid)", "advertising_ids": {"aaid": "\(gaid)"},
         "metadata": {}, "operational_metrics": {"deferInitForPluginRuntime": false},
         "branch_sdk_request_timestamp": 1764250000456, "branch_sdk_request_unique_id": "\(requestId)",
         "instrumentation": {"v1/install-qwt": "0"}, "sdk": "android5.21.2", "branch_key": "\(key)"\(extra)}
        """
    }

    /// `ServerRequestLogEvent` (a v2 request): `user_data` from `updateRequestWithV2Params`.
    static func androidEvent(key: String, name: String, deviceToken: String, eventData: String = "{}", customData: String = "{}") -> String
    {
        """
        {"name": "\(name)", "custom_data": \(customData), "event_data": \(eventData), "customer_event_alias": "alias-\(name)",
         "user_data": {"android_id": "\(androidId)", "anon_id": "\(androidAnonId)", "brand": "Google", "model": "Pixel 8",
           "screen_dpi": 420, "screen_height": 2400, "screen_width": 1080, "ui_mode": "UI_MODE_TYPE_NORMAL", "os": "Android",
           "os_version": 34, "country": "US", "language": "en", "local_ip": "192.168.1.57", "randomized_device_token": "\(deviceToken)",
           "app_version": "4.2.1", "sdk": "android", "sdk_version": "5.21.2", "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8)",
           "cpu_type": "aarch64", "build": "AP1A.240305.019.A1", "locale": "en_US", "connection_type": "wifi",
           "device_carrier": "T-Mobile", "os_version_android": "14", "limit_ad_tracking": 0, "aaid": "\(gaid)"},
         "metadata": {}, "branch_sdk_request_timestamp": 1764250003000, "branch_sdk_request_unique_id": "A-\(name)",
         "instrumentation": {}, "branch_key": "\(key)"}
        """
    }

    /// `ServerRequestCreateUrl`: `BranchLinkData` (data as an object) and the session tokens.
    static func androidShortURL(key: String, deviceToken: String, bundleToken: String, sessionId: String) -> String {
        """
        {"randomized_device_token": "\(deviceToken)", "randomized_bundle_token": "\(bundleToken)", "session_id": "\(sessionId)",
         "type": 0, "duration": 0, "tags": ["dinner"], "channel": "whatsapp", "feature": "sharing", "stage": "new",
         "campaign": "autumn", "data": {"$og_title": "Soup", "$deeplink_path": "recipes/9", "recipe": "9", "~creation_source": 2,
         "$canonical_identifier": "recipe/9"},
         "os": "Android", "os_version": 34, "sdk": "android5.21.2", "branch_key": "\(key)"}
        """
    }

    // MARK: - Android 5.8 (the last with server-side identity)

    /// `ServerRequestIdentifyUserRequest` (`setIdentity`), and without `identity` `ServerRequestLogout`.
    static func androidProfile(key: String, deviceToken: String, bundleToken: String, sessionId: String, identity: String?) -> String {
        let named = identity.map { #", "identity": "\#($0)""# } ?? ""
        return """
            {"randomized_bundle_token": "\(bundleToken)", "randomized_device_token": "\(deviceToken)", "session_id": "\(sessionId)"\(named),
             "hardware_id": "\(androidId)", "is_hardware_id_real": true, "os": "Android", "os_version": 34, "debug": false,
             "sdk": "android5.8.0", "branch_key": "\(key)"}
            """
    }
}

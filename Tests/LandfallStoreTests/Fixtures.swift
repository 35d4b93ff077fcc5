import Foundation
import LandfallModels
import LandfallStore

/// Builders for records with unique ids and sensible defaults, so each test states only what it is about.
enum Fixtures {
    /// A fixed instant, so dates read back can be compared exactly (storage keeps epoch milliseconds).
    static let epoch: Int64 = 1_767_225_600_123

    /// `epoch` plus `offset` milliseconds.
    static func date(_ offset: Int64 = 0) -> Date {
        Date(epochMilliseconds: epoch + offset)
    }

    static func uniqueId(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.lowercased())"
    }

    static func app(
        slug: String = uniqueId("app"),
        domains: [String] = [],
        settings: AppSettings = AppSettings(),
        createdAt: Date = date()
    ) -> AppRecord {
        AppRecord(
            id: uniqueId("app"), slug: slug, name: "App \(slug)", domains: domains, settings: settings,
            createdAt: createdAt, updatedAt: createdAt
        )
    }

    static let fullSettings = AppSettings(
        iosTeamId: "TEAM123456",
        iosBundleIds: ["com.example.app", "com.example.app.beta"],
        iosAppStoreUrl: "https://apps.apple.com/app/id123456789",
        iosAppStoreId: "123456789",
        androidPackageName: "com.example.app",
        androidSha256CertFingerprints: ["AB:CD:EF", "01:23:45"],
        androidPlayStoreUrl: "https://play.google.com/store/apps/details?id=com.example.app",
        uriScheme: "example",
        webFallbackUrl: "https://example.com",
        attributionWindowHours: 72
    )

    static func key(appId: String, kind: APIKeyRecord.Kind = .secret, createdAt: Date = date()) -> APIKeyRecord {
        let id = uniqueId("key")
        return APIKeyRecord(
            id: id, appId: appId, kind: kind, name: "key \(id)", keyHash: uniqueId("hash"),
            displayPrefix: "lf_\(kind.rawValue.prefix(2))_", createdAt: createdAt
        )
    }

    static func template(
        appId: String, slug: String = uniqueId("tpl"), defaults: LinkContent = LinkContent(), createdAt: Date = date()
    ) -> TemplateRecord {
        TemplateRecord(
            id: uniqueId("tpl"), appId: appId, name: "Template \(slug)", slug: slug, defaults: defaults,
            createdAt: createdAt, updatedAt: createdAt
        )
    }

    static func link(
        appId: String,
        id: String = uniqueId("link"),
        shortCode: String = uniqueId("code"),
        templateId: String? = nil,
        externalUserId: String? = nil,
        dedupKey: String? = nil,
        isActive: Bool = true,
        content: LinkContent = LinkContent(originalUrl: "https://example.com/item"),
        createdAt: Date = date()
    ) -> LinkRecord {
        LinkRecord(
            id: id, appId: appId, shortCode: shortCode, templateId: templateId, externalUserId: externalUserId,
            dedupKey: dedupKey, isActive: isActive, content: content, createdAt: createdAt, updatedAt: createdAt
        )
    }

    /// Link content with every field set, to prove the JSON column loses nothing.
    static let fullContent = LinkContent(
        originalUrl: "https://example.com/products/42?ref=share",
        iosAppStoreUrl: "https://apps.apple.com/app/id123456789",
        androidAppStoreUrl: "https://play.google.com/store/apps/details?id=com.example.app",
        webFallbackUrl: "https://example.com/fallback",
        appScheme: "example",
        iosUniversalLink: "https://links.example.com/ios/42",
        androidAppLink: "https://links.example.com/android/42",
        deepLinkPath: "/products/42",
        deepLinkParameters: ["productId": "42", "variant": "blue", "emoji": "🚀 ünïcödé", "quote": "\"x\" & 'y'"],
        utmParameters: UTMParameters(source: "newsletter", medium: "email", campaign: "spring", term: "shoes", content: "hero"),
        title: "A product",
        description: "Line one\nline two",
        ogTitle: "OG title",
        ogDescription: "OG description",
        ogImageUrl: "https://example.com/og.png",
        targetingRules: TargetingRules(countries: ["US", "PT"], devices: ["ios", "android"], languages: ["en", "pt"]),
        attributionWindowHours: 24
    )

    static func click(
        appId: String,
        linkId: String,
        token: String = uniqueId("tok"),
        clickedAt: Date = date(),
        platform: String = "ios"
    ) -> ClickRecord {
        ClickRecord(
            id: uniqueId("click"), appId: appId, linkId: linkId, clickedAt: clickedAt, clickToken: token,
            platform: platform, deviceClass: "phone"
        )
    }

    /// An install reported from a device with every fingerprint field set, so the JSON column is proven whole.
    static func install(
        appId: String,
        dedupKey: String = uniqueId("dedup"),
        createdAt: Date = date(),
        method: InstallMethod = .organic,
        confidence: Int = 0,
        matchedFactors: [String] = [],
        clickId: String? = nil,
        linkId: String? = nil
    ) -> InstallRecord {
        InstallRecord(
            id: uniqueId("inst"), appId: appId, dedupKey: dedupKey, createdAt: createdAt, fingerprint: fullFingerprint,
            method: method, confidence: confidence, matchedFactors: matchedFactors, clickId: clickId, linkId: linkId
        )
    }

    static let fullFingerprint = InstallFingerprint(
        userAgent: "Example/1.2 CFNetwork/1490 Darwin/23.4.0", ipAddress: "203.0.113.7", ipPrefix: "203.0.113",
        platform: "ios", osVersion: "17.4", deviceModel: "iPhone15,2", screenWidth: 1179, screenHeight: 2556,
        timezone: "Europe/Lisbon", language: "pt-PT", appVersion: "1.2.0", sdkName: "landfall-ios", sdkVersion: "0.3.1"
    )

    static func event(
        appId: String,
        installId: String,
        clientEventId: String? = uniqueId("cev"),
        name: String = "purchase",
        occurredAt: Date = date(),
        receivedAt: Date = date(),
        revenueMicros: Int64? = nil,
        revenueCurrency: String? = nil,
        linkId: String? = nil
    ) -> EventRecord {
        EventRecord(
            id: uniqueId("evt"), appId: appId, installId: installId, clientEventId: clientEventId, name: name,
            data: #"{"sku":"A-42","quantity":2}"#, occurredAt: occurredAt, receivedAt: receivedAt,
            revenueMicros: revenueMicros, revenueCurrency: revenueCurrency, linkId: linkId
        )
    }

    static func appOpen(appId: String, linkId: String, openedAt: Date = date()) -> AppOpenRecord {
        AppOpenRecord(
            id: uniqueId("open"), appId: appId, linkId: linkId, openedAt: openedAt, platform: "ios", osVersion: "17.4",
            screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Lisbon", language: "pt-PT"
        )
    }
}

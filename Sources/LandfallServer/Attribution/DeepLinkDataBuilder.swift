import Foundation
import LandfallModels
import LandfallStore

/// What an app is told about a link (seed 000's DeepLinkData), for installs and for resolution.
enum DeepLinkDataBuilder {
    static func make(link: LinkRecord, app: AppRecord, clickedAt: Date?) -> DeepLinkData {
        let content = link.content
        return DeepLinkData(
            shortCode: link.shortCode,
            iosUrl: content.iosUniversalLink ?? content.iosAppStoreUrl ?? app.settings.iosAppStoreUrl,
            androidUrl: content.androidAppLink ?? content.androidAppStoreUrl ?? app.settings.androidPlayStoreUrl,
            webUrl: content.originalUrl ?? content.webFallbackUrl ?? app.settings.webFallbackUrl,
            utmParameters: content.utmParameters,
            customParameters: content.deepLinkParameters,
            deepLinkPath: content.deepLinkPath,
            appScheme: content.appScheme ?? app.settings.uriScheme,
            clickedAt: clickedAt,
            linkId: link.id
        )
    }
}

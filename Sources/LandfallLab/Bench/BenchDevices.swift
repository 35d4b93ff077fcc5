import LandfallServer
import LandfallStore
import LandfallSynthetic

/// The devices seeded clicks and install reports come from: real browser user agents, common
/// screens, time zones and languages, combined into a few hundred distinct profiles.
enum BenchDevices {
    private static let iPhones = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1",
    ]
    private static let iPhoneScreens = [(1179, 2556), (1170, 2532), (1290, 2796), (1206, 2622), (750, 1334)]
    private static let androids = [
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36",
    ]
    private static let androidScreens = [(1080, 2400), (1440, 3120), (1080, 2340), (720, 1600), (1344, 2992)]
    private static let places = [
        ("America/New_York", "en-US"), ("Europe/Berlin", "de-DE"), ("Europe/London", "en-GB"), ("Asia/Tokyo", "ja-JP"),
        ("America/Sao_Paulo", "pt-BR"), ("Europe/Paris", "fr-FR"), ("Asia/Kolkata", "hi-IN"), ("America/Los_Angeles", "en-US"),
    ]

    /// Every combination the server computes a device signature for, in a fixed order.
    static let profiles: [SyntheticData.DeviceProfile] = {
        var profiles: [SyntheticData.DeviceProfile] = []
        for (agents, screens) in [(iPhones, iPhoneScreens), (androids, androidScreens)] {
            for agent in agents {
                for (width, height) in screens {
                    for (timezone, language) in places {
                        let acceptLanguage = "\(language),\(language.prefix(2));q=0.9"
                        if let profile = SyntheticClicks.profile(
                            userAgent: agent, acceptLanguage: acceptLanguage, screenWidth: width, screenHeight: height,
                            timezone: timezone, language: language
                        ) {
                            profiles.append(profile)
                        }
                    }
                }
            }
        }
        return profiles
    }()

    /// A desktop browser: its clicks are answered with a plain 302 to the link's destination.
    static let desktopChrome =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36"
}

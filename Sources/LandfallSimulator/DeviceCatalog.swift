import LandfallAttribution

/// A phone model as the simulator draws it: what its screen reports and which OS versions it runs.
public struct DeviceModel: Sendable, Hashable {
    public var name: String
    public var platform: DevicePlatform
    /// The model token an Android web view's user agent carries ("SM-S928U", "Pixel 8"); nil on iOS.
    public var modelCode: String?
    /// Screen in device pixels as both the SDK and a page (`screen.width × devicePixelRatio`)
    /// report it at the default display settings (iOS: points × scale, which for the 12/13 mini
    /// is 1125×2436 rather than the panel's 1080×2340).
    public var pixels: (width: Int, height: Int)
    /// A second resolution some owners pick (Samsung's WQHD+ setting) or a second display
    /// (a foldable's cover screen), with the share of events that see it.
    public var alternatePixels: (width: Int, height: Int, share: Double, perEvent: Bool)?
    /// CSS pixel ratio: Chrome reports `screen.width` in whole CSS pixels, so a page's
    /// `screen.width × devicePixelRatio` can be a pixel or two off the native size.
    public var devicePixelRatio: Double
    /// Lowest and highest major OS version the model runs.
    public var majors: ClosedRange<Int>
    /// An iPad: its Safari asks for desktop sites and claims to be a Mac.
    public var isTablet: Bool
    /// Relative share in the US market and elsewhere.
    public var usWeight: Double
    public var internationalWeight: Double

    public static func == (lhs: DeviceModel, rhs: DeviceModel) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Real models with their real pixel sizes and launch/last OS versions, and OS version shares.
///
/// Shares are round numbers in the spirit of 2025-26 US-heavy analytics (iPhone about 57% of US
/// phones; Samsung, Google and Motorola leading Android in the US, Xiaomi elsewhere). They are the
/// population, not tuning: nothing here was chosen by looking at the engine's results.
public enum DeviceCatalog {
    static func iPhone(
        _ name: String, _ width: Int, _ height: Int, _ majors: ClosedRange<Int>, _ us: Double, _ intl: Double
    ) -> DeviceModel {
        DeviceModel(
            name: name, platform: .ios, modelCode: nil, pixels: (width, height), alternatePixels: nil,
            devicePixelRatio: 3, majors: majors, isTablet: false, usWeight: us, internationalWeight: intl
        )
    }

    static func android(
        _ name: String, _ code: String, _ width: Int, _ height: Int, dpr: Double, _ majors: ClosedRange<Int>,
        _ us: Double, _ intl: Double, alternate: (Int, Int, Double, Bool)? = nil
    ) -> DeviceModel {
        DeviceModel(
            name: name, platform: .android, modelCode: code, pixels: (width, height),
            alternatePixels: alternate.map { (width: $0.0, height: $0.1, share: $0.2, perEvent: $0.3) },
            devicePixelRatio: dpr, majors: majors, isTablet: false, usWeight: us, internationalWeight: intl
        )
    }

    public static let iOS: [DeviceModel] = [
        iPhone("iPhone 17 Pro Max", 1320, 2868, 26...26, 4, 3),
        iPhone("iPhone 17 Pro", 1206, 2622, 26...26, 3, 2.5),
        iPhone("iPhone 17", 1206, 2622, 26...26, 3, 3),
        iPhone("iPhone Air", 1260, 2736, 26...26, 0.6, 0.6),
        iPhone("iPhone 16 Pro Max", 1320, 2868, 18...26, 7, 5),
        iPhone("iPhone 16 Pro", 1206, 2622, 18...26, 6, 5),
        iPhone("iPhone 16", 1179, 2556, 18...26, 6, 6),
        iPhone("iPhone 16 Plus", 1290, 2796, 18...26, 2, 1.5),
        iPhone("iPhone 16e", 1170, 2532, 18...26, 2, 2),
        iPhone("iPhone 15 Pro Max", 1290, 2796, 17...26, 8, 6),
        iPhone("iPhone 15 Pro", 1179, 2556, 17...26, 6, 6),
        iPhone("iPhone 15", 1179, 2556, 17...26, 7, 7),
        iPhone("iPhone 15 Plus", 1290, 2796, 17...26, 2, 1.5),
        iPhone("iPhone 14 Pro Max", 1290, 2796, 16...26, 5, 4),
        iPhone("iPhone 14 Pro", 1179, 2556, 16...26, 4, 4),
        iPhone("iPhone 14", 1170, 2532, 16...26, 6, 5),
        iPhone("iPhone 14 Plus", 1284, 2778, 16...26, 1.5, 1),
        iPhone("iPhone 13", 1170, 2532, 15...26, 8, 8),
        iPhone("iPhone 13 Pro Max", 1284, 2778, 15...26, 3, 3),
        iPhone("iPhone 13 Pro", 1170, 2532, 15...26, 2.5, 3),
        iPhone("iPhone 13 mini", 1125, 2436, 15...26, 1, 1),
        iPhone("iPhone 12", 1170, 2532, 14...26, 4, 5),
        iPhone("iPhone 12 Pro Max", 1284, 2778, 14...26, 1.5, 2),
        iPhone("iPhone 11", 828, 1792, 13...26, 4, 6),
        iPhone("iPhone 11 Pro Max", 1242, 2688, 13...26, 1, 1.5),
        iPhone("iPhone SE (2nd/3rd generation)", 750, 1334, 13...26, 3, 3),
        iPhone("iPhone XR", 828, 1792, 12...18, 1, 2),
        iPhone("iPhone X", 1125, 2436, 11...16, 0.4, 1),
        DeviceModel(
            name: "iPad (10th generation)", platform: .ios, modelCode: nil, pixels: (1640, 2360), alternatePixels: nil,
            devicePixelRatio: 2, majors: 16...26, isTablet: true, usWeight: 3, internationalWeight: 3
        ),
    ]

    public static let android: [DeviceModel] = [
        android("Galaxy S25 Ultra", "SM-S938U", 1080, 2340, dpr: 2.8125, 15...16, 4, 2.5, alternate: (1440, 3120, 0.2, false)),
        android("Galaxy S25", "SM-S931U", 1080, 2340, dpr: 3, 15...16, 3, 2),
        android("Galaxy S24 Ultra", "SM-S928U", 1080, 2340, dpr: 2.8125, 14...16, 6, 3, alternate: (1440, 3120, 0.2, false)),
        android("Galaxy S24+", "SM-S926U", 1080, 2340, dpr: 2.8125, 14...16, 2, 1.5, alternate: (1440, 3120, 0.2, false)),
        android("Galaxy S24", "SM-S921U", 1080, 2340, dpr: 3, 14...16, 4, 3),
        android("Galaxy S23 Ultra", "SM-S918U", 1080, 2316, dpr: 2.8125, 13...16, 4, 2.5, alternate: (1440, 3088, 0.2, false)),
        android("Galaxy S23", "SM-S911U", 1080, 2340, dpr: 3, 13...16, 4, 3),
        android("Galaxy A15 5G", "SM-A156U", 1080, 2340, dpr: 2.8125, 14...16, 6, 4),
        android("Galaxy A16 5G", "SM-A166U", 1080, 2340, dpr: 2.8125, 14...16, 4, 4),
        android("Galaxy A25 5G", "SM-A256U", 1080, 2340, dpr: 2.8125, 14...16, 3, 3),
        android("Galaxy A54 5G", "SM-A546U", 1080, 2340, dpr: 2.8125, 13...16, 4, 4),
        android("Galaxy A14 5G", "SM-A146U", 1080, 2408, dpr: 2.8125, 13...15, 4, 4),
        android("Galaxy A03s", "SM-A037U", 720, 1600, dpr: 2, 11...13, 2, 2),
        android("Galaxy Z Flip6", "SM-F741U", 1080, 2640, dpr: 2.8125, 14...16, 1.5, 1),
        android("Galaxy Z Fold6", "SM-F956U", 1856, 2160, dpr: 2.625, 14...16, 1, 0.7, alternate: (968, 2376, 0.4, true)),
        android("Pixel 9 Pro XL", "Pixel 9 Pro XL", 1344, 2992, dpr: 3.5, 14...16, 1, 0.5),
        android("Pixel 9 Pro", "Pixel 9 Pro", 1280, 2856, dpr: 3, 14...16, 1, 0.5),
        android("Pixel 9", "Pixel 9", 1080, 2424, dpr: 2.625, 14...16, 2.5, 1),
        android("Pixel 8 Pro", "Pixel 8 Pro", 1344, 2992, dpr: 3.5, 14...16, 1.5, 0.7),
        android("Pixel 8", "Pixel 8", 1080, 2400, dpr: 2.625, 14...16, 3, 1.2),
        android("Pixel 8a", "Pixel 8a", 1080, 2400, dpr: 2.625, 14...16, 2, 0.8),
        android("Pixel 7", "Pixel 7", 1080, 2400, dpr: 2.625, 13...16, 2.5, 1),
        android("Pixel 7a", "Pixel 7a", 1080, 2400, dpr: 2.625, 13...16, 2, 0.8),
        android("Pixel 6a", "Pixel 6a", 1080, 2400, dpr: 2.625, 12...16, 1, 0.5),
        android("moto g power 5G (2024)", "moto g power 5G - 2024", 1080, 2400, dpr: 2.625, 14...15, 4, 1),
        android("moto g play (2024)", "moto g play - 2024", 720, 1600, dpr: 1.75, 14...15, 4, 1),
        android("moto g stylus 5G (2024)", "moto g stylus 5G - 2024", 1080, 2400, dpr: 2.625, 14...15, 3, 1),
        android("Redmi Note 13", "23129RAA4G", 1080, 2400, dpr: 2.75, 13...16, 0.5, 6),
        android("Redmi Note 12", "23021RAAEG", 1080, 2400, dpr: 2.75, 13...15, 0.5, 5),
        android("Redmi 13C", "23100RN82L", 720, 1600, dpr: 2, 13...15, 0.5, 5),
        android("OnePlus 12", "CPH2583", 1440, 3168, dpr: 3.5, 14...16, 1, 1.5),
        android("TCL 40 XL", "T608M", 720, 1612, dpr: 1.875, 13...14, 2, 1),
    ]

    /// iOS versions in use ("major.minor" as reported by the OS), by share. Drawn then checked
    /// against the model's supported majors.
    public static let iOSVersions: [(String, Double)] = [
        ("26.4", 6), ("26.3", 20), ("26.2", 18), ("26.1", 9), ("26.0", 4),
        ("18.7", 8), ("18.6", 10), ("18.5", 4), ("18.3", 2),
        ("17.7", 6), ("17.6", 2), ("16.7", 4), ("16.6", 1), ("15.8", 1),
    ]

    /// Android releases in use (`Build.VERSION.RELEASE`), by share.
    public static let androidVersions: [(String, Double)] = [
        ("16", 20), ("15", 30), ("14", 24), ("13", 14), ("12", 7), ("11", 3), ("10", 2),
    ]

    /// Draws an OS version the model runs; falls back to its newest supported major.
    static func version(for model: DeviceModel, from table: WeightedTable<String>, _ random: inout SeededGenerator) -> String {
        for _ in 0..<32 {
            let candidate = table.pick(&random)
            if let major = Int(candidate.split(separator: ".").first ?? ""), model.majors.contains(major) {
                return candidate
            }
        }
        return model.platform == .ios ? "\(model.majors.upperBound).0" : "\(model.majors.upperBound)"
    }
}

/// Audiences made of metro areas: everyone in one metro shares its time zone, and its languages
/// follow the metro's own mix, so time zone and language say far less than a national table
/// suggests (most devices of one city agree on both).
extension Geography {
    /// Where an app's people live.
    public enum Audience: String, Sendable, Hashable, CaseIterable, Codable {
        /// The largest US metros by population, the rest of the US, and the earlier international mix.
        case national
        /// A regional app: Texas, Florida, California and Arizona metros, and Mexico; Spanish is common.
        case sunbelt
    }

    /// The audience as `Country` entries, one per metro (so each metro has its own time zone,
    /// language mix and carrier egress pools).
    public static func audience(_ audience: Audience) -> [Country] {
        switch audience {
        case .national:
            // US Census Bureau, metropolitan statistical area population estimates (July 2023),
            // in millions; the rest of the US keeps the national time zone table.
            let metros: [(String, String, Double, [(String, Double)])] = [
                ("New York", "America/New_York", 19.5, english(78, spanish: 10, ["zh-CN": 3, "ru-RU": 1.5, "ko-KR": 1])),
                (
                    "Los Angeles", "America/Los_Angeles", 12.8,
                    english(66, spanish: 22, ["ko-KR": 2.5, "zh-CN": 2.5, "tl-PH": 2, "vi-VN": 1])
                ),
                ("Chicago", "America/Chicago", 9.3, english(82, spanish: 11, ["pl-PL": 1.5])),
                ("Dallas", "America/Chicago", 8.1, english(80, spanish: 14, ["vi-VN": 1])),
                ("Houston", "America/Chicago", 7.5, english(74, spanish: 18, ["vi-VN": 2, "zh-CN": 1])),
                ("Atlanta", "America/New_York", 6.3, english(90, spanish: 6, [:])),
                ("Washington", "America/New_York", 6.3, english(86, spanish: 8, ["ko-KR": 1, "zh-CN": 1])),
                ("Philadelphia", "America/New_York", 6.2, english(90, spanish: 6, [:])),
                ("Miami", "America/New_York", 6.2, english(55, spanish: 38, ["pt-BR": 2])),
                ("Phoenix", "America/Phoenix", 5.1, english(80, spanish: 16, [:])),
                ("Boston", "America/New_York", 4.9, english(88, spanish: 6, ["pt-BR": 2])),
                ("Riverside", "America/Los_Angeles", 4.7, english(68, spanish: 28, [:])),
                ("San Francisco", "America/Los_Angeles", 4.6, english(78, spanish: 8, ["zh-CN": 6, "tl-PH": 2])),
                ("Detroit", "America/Detroit", 4.3, english(92, spanish: 3, [:])),
                ("Seattle", "America/Los_Angeles", 4.0, english(88, spanish: 5, ["zh-CN": 2, "vi-VN": 1])),
                ("Minneapolis", "America/Chicago", 3.7, english(92, spanish: 3, [:])),
                ("San Diego", "America/Los_Angeles", 3.3, english(74, spanish: 20, ["tl-PH": 2])),
                ("Tampa", "America/New_York", 3.3, english(88, spanish: 9, [:])),
                ("Denver", "America/Denver", 3.0, english(88, spanish: 9, [:])),
            ]
            let metroTotal = metros.reduce(0) { $0 + $1.2 }
            // The US is 78 of the audience, split by population (335 million people, 2023).
            let usShare = 78.0
            var countries = metros.map { metro in
                Self.metro(metro.0, timezone: metro.1, share: usShare * metro.2 / 335, languages: metro.3)
            }
            var rest = unitedStates
            rest.code = "US"
            rest.share = usShare * (335 - metroTotal) / 335
            rest.carriers = usCarriers(scale: 4)
            countries.append(rest)
            countries += defaultCountries.dropFirst()
            return countries
        case .sunbelt:
            let metros: [(String, String, Double, [(String, Double)])] = [
                ("Los Angeles", "America/Los_Angeles", 12.8, english(66, spanish: 22, ["ko-KR": 2.5, "zh-CN": 2.5, "tl-PH": 2])),
                ("Dallas", "America/Chicago", 8.1, english(80, spanish: 14, ["vi-VN": 1])),
                ("Houston", "America/Chicago", 7.5, english(74, spanish: 18, ["vi-VN": 2])),
                ("Miami", "America/New_York", 6.2, english(55, spanish: 38, ["pt-BR": 2])),
                ("Phoenix", "America/Phoenix", 5.1, english(80, spanish: 16, [:])),
                ("Riverside", "America/Los_Angeles", 4.7, english(68, spanish: 28, [:])),
                ("San Antonio", "America/Chicago", 2.7, english(62, spanish: 35, [:])),
                ("Orlando", "America/New_York", 2.8, english(76, spanish: 20, ["pt-BR": 2])),
                ("San Diego", "America/Los_Angeles", 3.3, english(74, spanish: 20, ["tl-PH": 2])),
                ("El Paso", "America/Denver", 0.9, english(40, spanish: 58, [:])),
            ]
            var countries = metros.map { Self.metro($0.0, timezone: $0.1, share: $0.2, languages: $0.3) }
            if var mexico = defaultCountries.first(where: { $0.code == "MX" }) {
                mexico.share = 6
                countries.append(mexico)
            }
            return countries
        }
    }

    /// A metro's language mix: English (mostly `en-US`), Spanish (`es-US` and `es-MX`) and others.
    static func english(_ english: Double, spanish: Double, _ others: [String: Double]) -> [(String, Double)] {
        var mix: [(String, Double)] = [
            ("en-US", english * 0.97), ("en", english * 0.03), ("es-US", spanish * 0.7), ("es-MX", spanish * 0.3),
        ]
        mix += others.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let rest = max(0, 100 - mix.reduce(0) { $0 + $1.1 })
        if rest > 0 { mix.append(("en-GB", rest * 0.3)); mix.append(("fr-FR", rest * 0.2)); mix.append(("hi-IN", rest * 0.5)) }
        return mix
    }

    static func metro(_ name: String, timezone: String, share: Double, languages: [(String, Double)]) -> Country {
        Country(
            code: "US", share: share, iOSShare: unitedStates.iOSShare, timezones: [(timezone, 1)], languages: languages,
            carriers: usCarriers(scale: 1), usDeviceMix: true
        )
    }

    /// The US carriers in one metro: a handful of carrier-grade NAT egress /24s each (thousands
    /// of phones behind one address), most phones on IPv6 with a /64 of their own.
    static func usCarriers(scale: Int) -> [Carrier] {
        [
            Carrier(
                name: "Verizon", share: 35, egressPrefixes: 16 * scale, firstOctet: 174, secondOctets: 192...255, ipv6Share: 0.8,
                ipv6Block: 0x2600),
            Carrier(
                name: "T-Mobile", share: 34, egressPrefixes: 8 * scale, firstOctet: 172, secondOctets: 32...63, ipv6Share: 0.9,
                ipv6Block: 0x2607),
            Carrier(
                name: "AT&T", share: 26, egressPrefixes: 14 * scale, firstOctet: 166, secondOctets: 128...255, ipv6Share: 0.7,
                ipv6Block: 0x2600),
            Carrier(
                name: "Regional", share: 5, egressPrefixes: 4 * scale, firstOctet: 162, secondOctets: 0...31, ipv6Share: 0.3,
                ipv6Block: 0x2605),
        ]
    }
}

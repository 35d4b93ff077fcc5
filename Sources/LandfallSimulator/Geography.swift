/// Where the app's audience lives: time zones, languages and mobile carriers per country.
///
/// The default audience is a US-heavy English-language app: about four in five people in the US,
/// where the time zones that phones set automatically follow population (Eastern, Central,
/// Pacific, then Mountain and the smaller zones such as America/Detroit or America/Phoenix).
public struct Country: Sendable {
    public var code: String
    public var share: Double
    /// Share of phones that are iPhones.
    public var iOSShare: Double
    public var timezones: [(String, Double)]
    public var languages: [(String, Double)]
    public var carriers: [Carrier]
    /// Uses the US device mix rather than the international one.
    public var usDeviceMix: Bool
}

/// A mobile network: the public egress prefixes its subscribers' traffic leaves from.
public struct Carrier: Sendable {
    public var name: String
    public var share: Double
    /// How many /24 egress prefixes carry its subscribers' traffic in the app's audience area:
    /// each is shared by very many people, and a phone's egress changes between sessions.
    public var egressPrefixes: Int
    /// First octets (and ranges of second octets) its egress addresses come from.
    public var firstOctet: Int
    public var secondOctets: ClosedRange<Int>
    /// Share of its subscribers whose phones reach the server over IPv6 (one /64 per phone and
    /// data session, under the carrier's `ipv6Block`); the rest share IPv4 egress prefixes.
    public var ipv6Share: Double = 0
    /// The first 16-bit group of the carrier's IPv6 addresses (0x2607: 2607:fb90::/32-style).
    public var ipv6Block: UInt16 = 0x2600
}

public enum Geography {
    public static let unitedStates = Country(
        code: "US", share: 78, iOSShare: 0.57,
        timezones: [
            ("America/New_York", 41), ("America/Chicago", 27), ("America/Los_Angeles", 16), ("America/Denver", 5),
            ("America/Phoenix", 2.2), ("America/Detroit", 2), ("America/Indiana/Indianapolis", 1),
            ("America/Kentucky/Louisville", 0.5), ("America/Boise", 0.4), ("Pacific/Honolulu", 0.4),
            ("America/Anchorage", 0.2), ("America/Puerto_Rico", 0.9),
        ],
        languages: [
            ("en-US", 88), ("es-US", 6.5), ("es-MX", 1), ("en", 1), ("zh-CN", 0.8), ("vi-VN", 0.5),
            ("ko-KR", 0.4), ("en-GB", 0.4), ("fr-FR", 0.3), ("pt-BR", 0.3), ("tl-PH", 0.3), ("ru-RU", 0.2),
        ],
        carriers: [
            Carrier(name: "Verizon", share: 35, egressPrefixes: 500, firstOctet: 174, secondOctets: 192...255),
            Carrier(name: "T-Mobile", share: 34, egressPrefixes: 450, firstOctet: 172, secondOctets: 32...63),
            Carrier(name: "AT&T", share: 26, egressPrefixes: 450, firstOctet: 166, secondOctets: 128...255),
            Carrier(name: "Regional", share: 5, egressPrefixes: 80, firstOctet: 162, secondOctets: 0...31),
        ],
        usDeviceMix: true
    )

    public static let defaultCountries: [Country] = [
        unitedStates,
        Country(
            code: "CA", share: 6, iOSShare: 0.55,
            timezones: [
                ("America/Toronto", 55), ("America/Vancouver", 20), ("America/Edmonton", 12), ("America/Winnipeg", 5),
                ("America/Halifax", 5), ("America/Regina", 3),
            ],
            languages: [("en-CA", 74), ("fr-CA", 20), ("en-US", 6)],
            carriers: [
                Carrier(name: "Rogers", share: 40, egressPrefixes: 120, firstOctet: 142, secondOctets: 160...175),
                Carrier(name: "Bell", share: 35, egressPrefixes: 120, firstOctet: 142, secondOctets: 176...191),
                Carrier(name: "Telus", share: 25, egressPrefixes: 100, firstOctet: 142, secondOctets: 192...207),
            ],
            usDeviceMix: true
        ),
        Country(
            code: "GB", share: 5, iOSShare: 0.5,
            timezones: [("Europe/London", 1)],
            languages: [("en-GB", 93), ("en-US", 4), ("pl-PL", 3)],
            carriers: [
                Carrier(name: "EE", share: 40, egressPrefixes: 100, firstOctet: 2, secondOctets: 24...31),
                Carrier(name: "Vodafone UK", share: 30, egressPrefixes: 80, firstOctet: 2, secondOctets: 96...103),
                Carrier(name: "O2", share: 30, egressPrefixes: 80, firstOctet: 2, secondOctets: 120...127),
            ],
            usDeviceMix: false
        ),
        Country(
            code: "MX", share: 3, iOSShare: 0.25,
            timezones: [("America/Mexico_City", 80), ("America/Monterrey", 10), ("America/Tijuana", 10)],
            languages: [("es-MX", 92), ("en-US", 8)],
            carriers: [
                Carrier(name: "Telcel", share: 65, egressPrefixes: 100, firstOctet: 189, secondOctets: 128...191),
                Carrier(name: "AT&T MX", share: 35, egressPrefixes: 60, firstOctet: 187, secondOctets: 184...191),
            ],
            usDeviceMix: false
        ),
        Country(
            code: "AU", share: 2, iOSShare: 0.55,
            timezones: [
                ("Australia/Sydney", 40), ("Australia/Melbourne", 35), ("Australia/Brisbane", 15), ("Australia/Perth", 10),
            ],
            languages: [("en-AU", 95), ("en-GB", 5)],
            carriers: [
                Carrier(name: "Telstra", share: 60, egressPrefixes: 80, firstOctet: 1, secondOctets: 128...159),
                Carrier(name: "Optus", share: 40, egressPrefixes: 60, firstOctet: 49, secondOctets: 176...183),
            ],
            usDeviceMix: false
        ),
        Country(
            code: "DE", share: 1.5, iOSShare: 0.35,
            timezones: [("Europe/Berlin", 1)],
            languages: [("de-DE", 90), ("en-US", 6), ("tr-TR", 4)],
            carriers: [Carrier(name: "Telekom", share: 1, egressPrefixes: 60, firstOctet: 80, secondOctets: 187...187)],
            usDeviceMix: false
        ),
        Country(
            code: "IN", share: 1.5, iOSShare: 0.06,
            timezones: [("Asia/Kolkata", 1)],
            languages: [("en-IN", 70), ("en-US", 20), ("hi-IN", 10)],
            carriers: [
                Carrier(name: "Jio", share: 55, egressPrefixes: 60, firstOctet: 49, secondOctets: 32...47),
                Carrier(name: "Airtel", share: 45, egressPrefixes: 50, firstOctet: 106, secondOctets: 192...223),
            ],
            usDeviceMix: false
        ),
        Country(
            code: "PH", share: 1, iOSShare: 0.15,
            timezones: [("Asia/Manila", 1)],
            languages: [("en-PH", 60), ("en-US", 30), ("fil-PH", 10)],
            carriers: [Carrier(name: "Globe", share: 1, egressPrefixes: 40, firstOctet: 112, secondOctets: 198...207)],
            usDeviceMix: false
        ),
        Country(
            code: "BR", share: 1, iOSShare: 0.15,
            timezones: [("America/Sao_Paulo", 85), ("America/Manaus", 5), ("America/Fortaleza", 10)],
            languages: [("pt-BR", 95), ("en-US", 5)],
            carriers: [Carrier(name: "Vivo", share: 1, egressPrefixes: 50, firstOctet: 177, secondOctets: 32...63)],
            usDeviceMix: false
        ),
        Country(
            code: "FR", share: 1, iOSShare: 0.3,
            timezones: [("Europe/Paris", 1)],
            languages: [("fr-FR", 92), ("en-US", 8)],
            carriers: [Carrier(name: "Orange", share: 1, egressPrefixes: 50, firstOctet: 90, secondOctets: 0...31)],
            usDeviceMix: false
        ),
    ]
}

/// Normalises a reported time zone to one IANA identifier.
///
/// Browsers report `Intl.DateTimeFormat().resolvedOptions().timeZone`, apps `TimeZone.current`
/// identifiers; both are IANA names, but Chrome (through ICU/CLDR) still reports several
/// renamed zones by their old names (`Asia/Calcutta`) while iOS and Android report the new ones
/// (`Asia/Kolkata`). A small alias table folds those together without loading tzdata.
///
/// ```swift
/// TimeZoneName.normalize(" Europe/Paris ")   // "Europe/Paris"
/// TimeZoneName.normalize("Asia/Calcutta")    // "Asia/Kolkata"
/// TimeZoneName.normalize("Etc/GMT")          // "UTC"
/// TimeZoneName.normalize("../../etc/passwd") // nil
/// ```
public enum TimeZoneName {
    /// The longest IANA name is 32 characters ("America/Argentina/ComodRivadavia").
    static let maximumLength = 64

    /// The IANA identifier, with common aliases mapped to their current names and the UTC
    /// spellings to "UTC"; nil for empty, overlong or non-IANA-shaped input.
    public static func normalize(_ raw: String?) -> String? {
        guard let raw else { return nil }
        // Only ASCII can be IANA-shaped, so the scan works on bytes: it runs for every candidate
        // click of every install match, where walking characters cost microseconds each time.
        let head = raw.utf8.prefix(maximumLength + 1)
        guard head.allSatisfy({ $0 < 0x80 }) else { return nil }
        let name = Substring(String(decoding: head, as: UTF8.self)).trimmingASCIISpaces()
        guard !name.isEmpty, name.utf8.count <= maximumLength, isIANAShaped(name) else { return nil }
        let text = String(name)
        if utcAliases.contains(text.lowercased()) { return "UTC" }
        return aliases[text] ?? text
    }

    /// `Area/Location` or `Area/Region/Location` under a known area, or a single legacy name
    /// (`UTC`, `Japan`, `EST5EDT`); components of ASCII letters, digits, `_`, `-` and `+`,
    /// each starting with a letter and at most 30 long.
    static func isIANAShaped(_ name: Substring) -> Bool {
        let bytes = name.utf8
        var components = 0
        var length = 0
        var firstComponentEnd = bytes.endIndex
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                guard length > 0 else { return false }
                components += 1
                if components == 1 { firstComponentEnd = index }
                length = 0
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let isMark = byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            guard length == 0 ? isLetter : (isLetter || isDigit || isMark) else { return false }
            length += 1
            guard length <= 30 else { return false }
        }
        guard length > 0 else { return false }
        components += 1
        guard components <= 3 else { return false }
        if components == 1 {
            return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[bytes.startIndex]) || utcAliases.contains(name.lowercased())
        }
        return areas.contains(String(name[..<firstComponentEnd]))
    }

    /// The areas of the tz database, with the legacy country areas its `backward` file keeps.
    static let areas: Set<String> = [
        "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific", "Etc",
        "US", "Canada", "Brazil", "Chile", "Mexico",
    ]

    /// Every spelling of UTC (compared lowercased).
    static let utcAliases: Set<String> = [
        "utc", "etc/utc", "uct", "etc/uct", "gmt", "etc/gmt", "gmt0", "etc/gmt0", "etc/gmt+0", "etc/gmt-0",
        "greenwich", "etc/greenwich", "universal", "etc/universal", "zulu", "etc/zulu",
    ]

    /// Renamed zones and legacy links that devices still report, to the current name.
    static let aliases: [String: String] = [
        // Old names ICU/CLDR (and so Chrome) still reports.
        "Asia/Calcutta": "Asia/Kolkata",
        "Asia/Saigon": "Asia/Ho_Chi_Minh",
        "Asia/Katmandu": "Asia/Kathmandu",
        "Asia/Rangoon": "Asia/Yangon",
        "Asia/Dacca": "Asia/Dhaka",
        "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
        "Europe/Kiev": "Europe/Kyiv",
        "Atlantic/Faeroe": "Atlantic/Faroe",
        "America/Godthab": "America/Nuuk",
        "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
        "America/Indianapolis": "America/Indiana/Indianapolis",
        "America/Louisville": "America/Kentucky/Louisville",
        "Pacific/Truk": "Pacific/Chuuk",
        "Pacific/Ponape": "Pacific/Pohnpei",
        "Pacific/Enderbury": "Pacific/Kanton",
        // Legacy country links.
        "US/Eastern": "America/New_York",
        "US/Central": "America/Chicago",
        "US/Mountain": "America/Denver",
        "US/Pacific": "America/Los_Angeles",
        "US/Alaska": "America/Anchorage",
        "US/Hawaii": "Pacific/Honolulu",
        "US/Arizona": "America/Phoenix",
        "Canada/Eastern": "America/Toronto",
        "Canada/Pacific": "America/Vancouver",
    ]
}

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
        let name = Substring(raw.prefix(maximumLength + 1)).trimmingASCIISpaces()
        guard !name.isEmpty, name.count <= maximumLength, isIANAShaped(name) else { return nil }
        let text = String(name)
        if utcAliases.contains(text.lowercased()) { return "UTC" }
        return aliases[text] ?? text
    }

    /// `Area/Location` or `Area/Region/Location` under a known area, or a single legacy name
    /// (`UTC`, `Japan`, `EST5EDT`); components of ASCII letters, digits, `_`, `-` and `+`,
    /// each starting with a letter.
    static func isIANAShaped(_ name: Substring) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(components.count) else { return false }
        for component in components {
            guard let first = component.first, first.isASCIILetter, component.count <= 30,
                  component.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "_" || $0 == "-" || $0 == "+" })
            else { return false }
        }
        if components.count == 1 {
            return components[0].first?.isUppercase == true || utcAliases.contains(name.lowercased())
        }
        return areas.contains(String(components[0]))
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

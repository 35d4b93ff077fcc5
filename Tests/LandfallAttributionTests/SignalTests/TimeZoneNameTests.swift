import LandfallAttribution
import Testing

@Suite("Time zone names")
struct TimeZoneNameTests {
    @Test(
        "IANA identifiers are kept as they are",
        arguments: [
            "Europe/Paris", "America/Argentina/Buenos_Aires", "America/Port-au-Prince", "Asia/Tokyo", "UTC",
            "Etc/GMT+3", "Etc/GMT-14", "Pacific/Chatham", "Asia/Kolkata", "Japan", "EST5EDT",
        ])
    func ianaIdentifiers(_ name: String) {
        #expect(TimeZoneName.normalize(name) == name)
    }

    @Test("Surrounding whitespace is trimmed")
    func trimmed() {
        #expect(TimeZoneName.normalize("  Europe/Paris\t") == "Europe/Paris")
    }

    @Test(
        "Old and legacy names map to the current identifier",
        arguments: [
            ("US/Eastern", "America/New_York"),
            ("US/Pacific", "America/Los_Angeles"),
            ("Asia/Calcutta", "Asia/Kolkata"),
            ("Asia/Saigon", "Asia/Ho_Chi_Minh"),
            ("Europe/Kiev", "Europe/Kyiv"),
            ("America/Buenos_Aires", "America/Argentina/Buenos_Aires"),
            ("Asia/Katmandu", "Asia/Kathmandu"),
        ])
    func aliases(_ raw: String, _ expected: String) {
        #expect(TimeZoneName.normalize(raw) == expected)
    }

    @Test(
        "Every spelling of UTC becomes UTC",
        arguments: [
            "GMT", "Etc/UTC", "Etc/GMT", "Etc/GMT+0", "UCT", "Zulu", "utc", "Etc/Universal",
        ])
    func utcSpellings(_ raw: String) {
        #expect(TimeZoneName.normalize(raw) == "UTC")
    }

    @Test(
        "Garbage, offsets, unknown areas and overlong names are rejected",
        arguments: [
            "", "   ", "Foo/Bar", "europe/paris", "Europe/", "/Paris", "Europe//Paris", "Europe/Paris/Left/Bank",
            "../../etc/passwd", "Europe/Par is", "+03:00", "GMT+03:00", "12345", "utc offset", "Europe/Paris\u{0}",
            "Europe/" + String(repeating: "x", count: 80), "Europe/Zürich",
            "Europe/Paris\r\n", "E\u{301}urope/Paris", String(repeating: " ", count: 70) + "Europe/Paris",
            "Europe/" + String(repeating: "x", count: 31),
        ])
    func garbage(_ raw: String) {
        #expect(TimeZoneName.normalize(raw) == nil)
    }

    @Test("Nil stays nil")
    func nilInput() {
        #expect(TimeZoneName.normalize(nil) == nil)
    }
}

@testable import LandfallAttribution
import Testing

@Suite("Darwin kernel to OS release")
struct DarwinVersionMappingTests {
    // Evidence for the rows: iOS 17.4.1 ships CFNetwork 1494.0.7 on Darwin 23.4.0
    // (blacktop/ipsw-diffs); published app user agents pair "14.2" with Darwin/20.1.0 and
    // "14.4" with Darwin/20.3.0; Reddit's iOS client pairs "iOS Version 26.1 (Build 23B85)",
    // and build train 23B is Darwin 25.1.
    @Test(
        "Maps a Darwin kernel version to the iOS release that shipped it",
        arguments: [
            (20, 0, "14.0"),
            (20, 1, "14.2"),
            (20, 3, "14.4"),
            (21, 0, "15.0"),
            (22, 6, "16.6"),
            (23, 4, "17.4"),
            (24, 0, "18.0"),
            (25, 1, "26.1"),
        ])
    func mapsToIOSRelease(_ major: Int, _ minor: Int, _ expected: String) {
        #expect(UserAgentParser.iOSVersion(darwinMajor: major, darwinMinor: minor) == expected)
    }

    @Test("Reports only the major for kernels before iOS 14", arguments: [(19, 6, "13.0"), (13, 0, "7.0")])
    func reportsMajorOnlyBeforeIOS14(_ major: Int, _ minor: Int, _ expected: String) {
        #expect(UserAgentParser.iOSVersion(darwinMajor: major, darwinMinor: minor) == expected)
    }

    @Test("Maps nothing for kernels that never shipped on iOS", arguments: [(12, 0), (41, 0), (999_999_999, 0)])
    func mapsNothingOutsideKnownRange(_ major: Int, _ minor: Int) {
        #expect(UserAgentParser.iOSVersion(darwinMajor: major, darwinMinor: minor) == nil)
    }

    @Test(
        "Maps a Darwin kernel version to the macOS release that shipped it",
        arguments: [
            (17, 3, "10.13"),
            (21, 5, "12.0"),
            (23, 4, "14.4"),
            (24, 1, "15.1"),
            (25, 0, "26.0"),
        ])
    func mapsToMacOSRelease(_ major: Int, _ minor: Int, _ expected: String) {
        #expect(UserAgentParser.macOSVersion(darwinMajor: major, darwinMinor: minor) == expected)
    }
}

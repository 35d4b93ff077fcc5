import Foundation
import LandfallBench
import LandfallModels
import LandfallRandom
import LandfallStore
import LandfallSynthetic

/// The request files wrk cycles through, written once per run into the work directory.
enum BenchRequests {
    /// `count` short-URL paths with codes drawn from a Zipf distribution over `links` links (link 1
    /// the most popular), and the `code<TAB>location` table the bare reference server loads.
    static func redirectPaths(links: Int, count: Int, seed: UInt64, directory: URL) throws -> (paths: URL, codes: URL) {
        let zipf = try Zipf(count: links, exponent: 1.0)
        var generator = SplitMix64(seed: seed)
        var paths = ""
        paths.reserveCapacity(count * 10)
        for rank in zipf.samples(count, using: &generator) {
            paths += "/\(SyntheticData.shortCode(rank))\n"
        }
        var codes = ""
        codes.reserveCapacity(links * 40)
        for index in 1...links {
            codes += "\(SyntheticData.shortCode(index))\t\(SyntheticData.destination(index))\n"
        }
        let pathsFile = directory.appendingPathComponent("redirect-paths.txt")
        let codesFile = directory.appendingPathComponent("reference-codes.tsv")
        try Data(paths.utf8).write(to: pathsFile)
        try Data(codes.utf8).write(to: codesFile)
        return (pathsFile, codesFile)
    }

    /// `count` install reports as `X-Forwarded-For<TAB>body` lines: even lines come from the device
    /// and network of a seeded click (a hit, if the engine agrees), odd lines from a network no
    /// click came from (organic). Every report is a new install.
    static func installReports(
        count: Int, clicks: Int, networks: Int, label: String, seed: UInt64, directory: URL
    ) throws -> URL {
        let profiles = BenchDevices.profiles
        var generator = SplitMix64(seed: seed)
        let encoder = LandfallJSON.makeEncoder()
        var lines = ""
        for line in 0..<count {
            let address: String
            let profile: SyntheticData.DeviceProfile
            if line % 2 == 0 {
                let click = Int.random(in: 1...clicks, using: &generator)
                address = SyntheticData.ipAddress(click: click, networks: networks)
                profile = profiles[click % profiles.count]
            } else {
                // 101-126.x.x.x: first octets no seeded network uses.
                address =
                    "\(Int.random(in: 101...126, using: &generator)).\(Int.random(in: 0...255, using: &generator))."
                    + "\(Int.random(in: 0...255, using: &generator)).\(Int.random(in: 1...250, using: &generator))"
                profile = profiles[Int.random(in: 0..<profiles.count, using: &generator)]
            }
            var report = InstallRequest(userAgent: profile.userAgent)
            report.platform = profile.platform == "ios" ? "iOS" : "Android"
            report.platformVersion = profile.osVersion
            report.screenWidth = profile.screenWidth
            report.screenHeight = profile.screenHeight
            report.timezone = profile.timezone
            report.language = profile.language
            report.installKey = "bench-\(label)-\(line)"
            report.sdkName = "landfall-bench"
            let body = String(decoding: try encoder.encode(report), as: UTF8.self)
            lines += "\(address)\t\(body)\n"
        }
        let file = directory.appendingPathComponent("installs-\(label).txt")
        try Data(lines.utf8).write(to: file)
        return file
    }

    /// `count` event requests for the given installs, each with its own client event id; with
    /// `revenue`, every event is a purchase with an exact amount.
    static func events(count: Int, installIds: [String], revenue: Bool, label: String, directory: URL) throws -> URL {
        guard !installIds.isEmpty else { throw BenchFailure("no installs to send events for") }
        var lines = ""
        lines.reserveCapacity(count * 200)
        for line in 0..<count {
            let install = installIds[line % installIds.count]
            let data =
                revenue
                ? #"{"amount":"19.99","currency":"USD","sku":"premium_monthly"}"#
                : #"{"level":\#(line % 50),"mode":"story"}"#
            let name = revenue ? "purchase" : "level_complete"
            lines += #"{"installId":"\#(install)","eventName":"\#(name)","eventId":"bench-\#(label)-\#(line)","eventData":\#(data)}"#
            lines += "\n"
        }
        let file = directory.appendingPathComponent("events-\(label).txt")
        try Data(lines.utf8).write(to: file)
        return file
    }
}

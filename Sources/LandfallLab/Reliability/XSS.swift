import ArgumentParser
import Foundation
import LandfallServer
import Logging

/// `landfall-lab reliability xss`: the XSS corpus over every link field and every page showing link data.
struct XSS: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xss",
        abstract: "Put every XSS payload into every link field and scan every page that shows link data.",
        discussion: """
            Starts a Landfall server on a fresh SQLite database in a temporary directory and, over
            HTTP, creates a link for each payload in each link field (title, descriptions, Open Graph
            values, destinations, deep link path and parameters, UTM values, external user id). Each
            link the API accepts is rendered as the iOS and Android interstitial, the crawler preview,
            the desktop redirect, the warning page (destinations) and the dashboard's link and list
            pages; each answer is parsed for anything a browser would run: a script without our
            nonce, an event-handler attribute, a javascript: URL, a broken JSON block.

            Prints rows `xss<TAB>all-pages<TAB>MEASURE<TAB>VALUE` on standard output (progress and
            findings go to standard error) and exits non-zero when anything executable was found.
            """
    )

    @Option(help: "Use only the first N payloads of the corpus (the short form); all of them by default")
    var payloads: Int?

    func validate() throws {
        if let payloads, !(1...XSSCorpus.payloads.count).contains(payloads) {
            throw ValidationError("--payloads must be 1 to \(XSSCorpus.payloads.count)")
        }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-xss-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "landfall.xss")
        logger.logLevel = .warning
        let corpus = Array(XSSCorpus.payloads.prefix(payloads ?? XSSCorpus.payloads.count))
        let report = try await XSSProbe.runAgainstFreshServer(in: directory, payloads: corpus, logger: logger) { done, total in
            if done % 10 == 0 || done == total { FileHandle.standardError.write(Data("xss: \(done)/\(total) payloads\n".utf8)) }
        }
        for finding in report.findings.prefix(50) { FileHandle.standardError.write(Data("found: \(finding)\n".utf8)) }
        for row in report.rows { print(row) }
        guard report.found == 0 else { throw ExitCode(1) }
    }
}

import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore

/// `landfall import`: bulk import of links from a Firebase Dynamic Links or LinkForty export file,
/// and of clicks with their times from a LinkForty export or a CSV of clicks.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import links from a Firebase Dynamic Links (CSV) or LinkForty (JSON or CSV) export, and clicks with their times.",
        discussion: """
            Every link goes through the same validation as POST /api/links. A link whose short code the app \
            already has with the same destination counts as a duplicate (so re-running an import is safe); \
            anything invalid is refused with its reason, and the rest still import.

            Clicks (the 'clicks' array of a LinkForty JSON export, after its links; or a CSV of clicks with \
            --format clicks-csv) go through the same code as POST /api/s2s/v1/clicks: each keeps the time it \
            happened, a click already stored (same click id, or the same fields) is a duplicate, and a click \
            older than the app's attribution window is stored for history but never credited with an install.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @Option(help: "App id or slug") var app: String
    @Option(help: "firebase, linkforty-json, linkforty-csv or clicks-csv (default: from the file name: .json is linkforty-json)")
    var format: String?
    @Option(help: "Base URL of short links for apps without a domain (env LANDFALL_PUBLIC_URL)") var publicUrl: String?
    @Flag(help: "Print each refused link's reason (the summary groups them either way)") var verbose = false
    @Argument(help: "The export file") var file: String

    func validate() throws {
        if let format, LinkImportFormat(rawValue: format) == nil, format != Self.clicksCSV {
            let names = LinkImportFormat.allCases.map(\.rawValue) + [Self.clicksCSV]
            throw ValidationError("--format must be one of \(names.joined(separator: ", "))")
        }
        guard FileManager.default.isReadableFile(atPath: file) else { throw ValidationError("cannot read \(file)") }
    }

    func run() async throws {
        if format == Self.clicksCSV {
            try await importClicksOnly()
            return
        }
        let format = try resolvedFormat()
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let clicks = try readClicks { format == .linkfortyJSON ? try ClickImportFormat.parseLinkFortyJSON(data) : nil }
        let parsed: (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)])
        do { parsed = try format.parse(data) } catch let error as LinkImportError {
            // An export of clicks alone holds no links to read.
            guard clicks != nil else { throw ValidationError("\(file): \(error.description)") }
            parsed = ([], [])
        }
        let (reference, verbose) = (app, verbose)
        let publicURL = publicUrl ?? Environment.value("LANDFALL_PUBLIC_URL") ?? "http://127.0.0.1:8080"
        let (records, unreadable) = (parsed.records, parsed.unreadable)
        let result = try await withStorageResult { storage -> ImportSummary in
            let app = try await StorageCommand.app(reference, in: storage)
            let service = LinkService(storage: storage, publicURL: publicURL)
            let progress = ImportProgress(total: records.count)
            let summary = try await service.importLinks(records, unreadable: unreadable, app: app) { index, record, outcome in
                if verbose, case .refused(let reason) = outcome { progress.note("line \(record.line): \(reason)") }
                progress.update(done: index + 1)
            }
            progress.finish()
            return summary
        }
        let linksRead = !records.isEmpty || !unreadable.isEmpty
        if linksRead || clicks == nil { print(result.report(file: file, format: format)) }
        var failed = linksRead && result.imported == 0 && result.duplicates == 0 && !result.refused.isEmpty
        if let clicks {
            let summary = try await importClicks(clicks)
            print(summary.report(title: "clicks of the \(format.rawValue) export \(file)"))
            failed = failed || summary.failedWhole
        }
        if failed { throw ExitCode(1) }
    }

    private func resolvedFormat() throws -> LinkImportFormat {
        if let format, let known = LinkImportFormat(rawValue: format) { return known }
        if file.lowercased().hasSuffix(".json") { return .linkfortyJSON }
        throw ValidationError("say which export this is: --format firebase or --format linkforty-csv")
    }

    func withStorageResult(_ body: @escaping @Sendable (SQLStorage) async throws -> ImportSummary) async throws -> ImportSummary {
        let box = ImportResultBox()
        try await StorageCommand.run(database) { storage in box.set(try await body(storage)) }
        return box.get()
    }
}

/// Carries the summary out of the storage closure, which must be `@Sendable`.
///
/// `@unchecked Sendable` is safe: the lock guards the only stored value.
final class ImportResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ImportSummary()
    func set(_ summary: ImportSummary) { lock.lock(); value = summary; lock.unlock() }
    func get() -> ImportSummary { lock.lock(); defer { lock.unlock() }; return value }
}

import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore
import Logging

/// The clicks half of `landfall import`.
extension Import {
    /// `--format clicks-csv`: a CSV of clicks with their times (LinkForty's click table is one).
    static let clicksCSV = "clicks-csv"

    func importClicksOnly() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let clicks = try readClicks { try ClickImportFormat.parseCSV(data) }
        guard let clicks else { return }
        let summary = try await importClicks(clicks)
        print(summary.report(title: "\(Self.clicksCSV) \(file)"))
        if summary.failedWhole { throw ExitCode(1) }
    }

    /// A whole-file problem (not UTF-8, not JSON, no header) as a usage error naming the file.
    func readClicks(_ parse: () throws -> ClickImportFile?) throws -> ClickImportFile? {
        do { return try parse() } catch let error as LinkImportError { throw ValidationError("\(file): \(error.description)") }
    }

    /// Imports through the S2S clicks service in batches of 1,000, with the progress bar.
    func importClicks(_ clicks: ClickImportFile) async throws -> ImportSummary {
        var start = ImportSummary()
        for (line, reason) in clicks.unreadable { start.refuse(line: line, reason: reason) }
        let (reference, verbose, rows, initial) = (app, verbose, clicks.rows, start)
        return try await withStorageResult { storage -> ImportSummary in
            let app = try await StorageCommand.app(reference, in: storage)
            var logger = Logger(label: "landfall.import")
            // A line per batch would break the progress bar; problems still show.
            logger.logLevel = .warning
            let progress = ImportProgress(total: rows.count, noun: "clicks")
            let outcome = try await ClickImporter(storage: storage).importClicks(rows, app: app, logger: logger) { done in
                progress.update(done: done)
            }
            progress.finish()
            var summary = initial
            summary.imported = outcome.imported
            summary.history = outcome.history
            summary.duplicates = outcome.duplicates
            for (line, reason) in outcome.refused {
                summary.refuse(line: line, reason: reason)
                if verbose { progress.note("line \(line): \(reason)") }
            }
            summary.refused.sort { $0.line < $1.line }
            return summary
        }
    }
}

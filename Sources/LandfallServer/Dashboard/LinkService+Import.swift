import Foundation
import LandfallStore

/// What became of one imported link.
public enum LinkImportOutcome: Sendable, Hashable {
    case imported(LinkRecord)
    /// The app already has a link with this short code and the same destination (an earlier run, or a repeat in the file).
    case duplicate(shortCode: String)
    case refused(reason: String)
}

extension LinkService {
    /// Creates one imported link through the same validation as `POST /api/links`; never throws for bad
    /// input, which comes back as `.refused` with the API's message.
    public func importLink(_ record: LinkImportRecord, app: AppRecord) async throws -> LinkImportOutcome {
        if let code = record.customCode, let existing = try await storage.link(shortCode: code, appId: app.id) {
            if existing.content.originalUrl == record.content.originalUrl { return .duplicate(shortCode: code) }
            return .refused(reason: "short code '\(code)' is already used by a link to another destination")
        }
        do {
            let created = try await create(
                LinkInput(content: record.content, customCode: record.customCode, isActive: record.isActive), app: app, template: nil)
            return .imported(created.link)
        } catch let error as APIError {
            return .refused(reason: error.message)
        }
    }

    /// Imports every record in order, after the rows the file's parser could not read, into the
    /// summary `landfall import` prints and the dashboard shows; `each` sees every outcome as it comes.
    public func importLinks(
        _ records: [LinkImportRecord], unreadable: [(line: Int, reason: String)], app: AppRecord,
        each: (_ index: Int, _ record: LinkImportRecord, _ outcome: LinkImportOutcome) -> Void = { _, _, _ in }
    ) async throws -> ImportSummary {
        var summary = ImportSummary()
        for (line, reason) in unreadable { summary.refuse(line: line, reason: reason) }
        for (index, record) in records.enumerated() {
            let outcome = try await importLink(record, app: app)
            switch outcome {
            case .imported: summary.imported += 1
            case .duplicate: summary.duplicates += 1
            case .refused(let reason): summary.refuse(line: record.line, reason: reason)
            }
            each(index, record, outcome)
        }
        return summary
    }
}

import Foundation
import Logging
import NIOConcurrencyHelpers

/// The server errors the application logged: ``ErrorMiddleware`` logs every request it answers with
/// a 500 at error level, so this count does not depend on what the fuzzer reports.
final class FuzzErrorLog: Sendable {
    struct Entry: Sendable {
        var message: String
        var path: String
        var error: String
    }

    private let entries = NIOLockedValueBox<[Entry]>([])

    var all: [Entry] { entries.withLockedValue { $0 } }

    func record(_ entry: Entry) {
        entries.withLockedValue { $0.append(entry) }
    }
}

/// Writes warnings and errors to standard error as usual, and hands every error to a ``FuzzErrorLog``.
struct FuzzErrorLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning
    private var stream: StreamLogHandler
    private let log: FuzzErrorLog

    init(label: String, log: FuzzErrorLog) {
        stream = StreamLogHandler.standardError(label: label)
        self.log = log
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level >= .error {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            log.record(
                .init(
                    message: "\(event.message)", path: merged["path"].map { "\($0)" } ?? "-", error: merged["error"].map { "\($0)" } ?? "-")
            )
        }
        stream.log(event: event)
    }
}

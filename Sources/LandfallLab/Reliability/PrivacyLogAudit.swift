import Foundation
import Logging
import NIOConcurrencyHelpers

/// Every record a logger emitted at or above its level, rendered as text, so an audit can look for
/// values that must never reach a log: client addresses, keys, tokens and emails.
final class CapturedLogs: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        /// The message followed by every metadata key and value (the handler's and the event's).
        var text: String
    }

    /// One secret found in one record.
    struct Finding: Sendable, Hashable, CustomStringConvertible {
        var secret: String
        var level: Logger.Level
        var record: String

        var description: String { "\(secret) at \(level): \(record)" }
    }

    private let records = NIOLockedValueBox<[Record]>([])

    var all: [Record] { records.withLockedValue { $0 } }

    func append(_ record: Record) {
        records.withLockedValue { $0.append(record) }
    }

    /// The records that contain any of `secrets` (named, for the report), case-insensitively: an
    /// address or email may be logged in another case than it was sent in.
    func findings(of secrets: [(name: String, value: String)]) -> [Finding] {
        all.flatMap { record in
            let text = record.text.lowercased()
            return secrets.filter { !$0.value.isEmpty && text.contains($0.value.lowercased()) }.map {
                Finding(secret: $0.name, level: record.level, record: record.text)
            }
        }
    }
}

/// Hands every record at or above `logLevel` to a ``CapturedLogs``: a logger made with it shows
/// exactly what a server running at that level would write.
struct CapturingLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level
    private let label: String
    private let logs: CapturedLogs

    init(label: String, logs: CapturedLogs, level: Logger.Level = .info) {
        self.label = label
        self.logs = logs
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        logs.append(.init(level: event.level, text: "[\(label)] \(event.message) \(rendered) source=\(event.source)"))
    }
}

import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// When each app's first click on each platform happened: the engine weighs a candidate's delay
/// against the span strangers' clicks spread over, which for an app younger than its window is
/// its history, not the window (`AttributionEngine.strangerSpan`).
///
/// Read from the clicks once per app and platform and process, then kept: clicks this server
/// stores with an earlier time (a posted click's stated time) move it back. Clicks only ever
/// leave from the old end, long after the app has outgrown any window, so a kept start never has
/// to move forward.
final class ClickHistoryStarts: Sendable {
    private struct Key: Hashable, Sendable {
        var appId: String
        var platform: String
    }

    private enum Entry: Sendable {
        case reading(Task<Date?, any Error>)
        case known(Date?)
    }

    private let storage: any AttributionStorage
    private let entries = NIOLockedValueBox<[Key: Entry]>([:])

    init(storage: any AttributionStorage) {
        self.storage = storage
    }

    /// The app's first human click on the platform, nil while it has none.
    func start(appId: String, platform: String) async throws -> Date? {
        let key = Key(appId: appId, platform: platform)
        let entry = entries.withLockedValue { entries -> Entry in
            if let entry = entries[key], case .known(.some) = entry { return entry }
            if let entry = entries[key], case .reading = entry { return entry }
            // An app without clicks is read again next time: its first click may have come since.
            let storage = self.storage
            let task = Task { try await storage.firstClickAt(appId: appId, platform: platform) }
            entries[key] = .reading(task)
            return .reading(task)
        }
        switch entry {
        case .known(let start):
            return start
        case .reading(let task):
            do {
                let read = try await task.value
                return entries.withLockedValue { entries in
                    // A click noted while the read ran may be earlier than what it saw.
                    let start: Date? =
                        switch entries[key] {
                        case .known(let noted?): min(noted, read ?? noted)
                        default: read
                        }
                    entries[key] = .known(start)
                    return start
                }
            } catch {
                entries.withLockedValue { entries in
                    if case .reading = entries[key] { entries[key] = nil }
                }
                throw error
            }
        }
    }

    /// Moves a kept start back for stored human clicks older than it.
    func note(_ clicks: [ClickRecord]) {
        var earliest: [Key: Date] = [:]
        for click in clicks where !click.isBot {
            let key = Key(appId: click.appId, platform: click.platform)
            earliest[key] = min(earliest[key] ?? click.clickedAt, click.clickedAt)
        }
        guard !earliest.isEmpty else { return }
        entries.withLockedValue { entries in
            for (key, date) in earliest {
                guard case .known(let start?) = entries[key], date < start else { continue }
                entries[key] = .known(date)
            }
        }
    }
}

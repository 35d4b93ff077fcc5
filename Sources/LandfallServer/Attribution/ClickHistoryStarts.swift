import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// When each app's first click on each platform happened: the engine weighs a candidate's delay
/// against the span strangers' clicks spread over, which for an app younger than its window is
/// its history, not the window (`AttributionEngine.strangerSpan`).
///
/// Read from the clicks once per app and platform and process, off the install's path: the read
/// walks every index entry of the app and platform, so the installs that come while it runs are
/// weighed against the window, as before this was known. Then kept: clicks this server stores
/// with an earlier time (a posted click's stated time) move it back. Clicks only ever leave from
/// the old end, long after the app has outgrown any window, so a kept start never has to move
/// forward.
final class ClickHistoryStarts: Sendable {
    private struct Key: Hashable, Sendable {
        var appId: String
        var platform: String
    }

    private enum Entry: Sendable {
        case reading
        case known(Date)
    }

    private let storage: any AttributionStorage
    private let entries = NIOLockedValueBox<[Key: Entry]>([:])
    /// The newest stated time of the clicks this server stored by posting, per app and platform.
    private let latestPosted = NIOLockedValueBox<[Key: Date]>([:])

    init(storage: any AttributionStorage) {
        self.storage = storage
    }

    /// The app's first human click on the platform, nil while unknown: not read yet, being read,
    /// or the app has none (then it is read again next time).
    func start(appId: String, platform: String) -> Date? {
        let key = Key(appId: appId, platform: platform)
        let startReading = entries.withLockedValue { entries -> Bool in
            guard entries[key] == nil else { return false }
            entries[key] = .reading
            return true
        }
        if startReading {
            let storage = self.storage
            Task { [entries] in
                let read = try? await storage.firstClickAt(appId: appId, platform: platform)
                entries.withLockedValue { entries in
                    switch (entries[key], read) {
                    // A click noted while the read ran may be earlier than what it saw.
                    case (.known(let noted)?, let read?): entries[key] = .known(min(noted, read))
                    case (.known?, nil): break
                    case (_, let read?): entries[key] = .known(read)
                    case (_, nil): entries[key] = nil
                    }
                }
            }
            return nil
        }
        return entries.withLockedValue { entries in
            if case .known(let date)? = entries[key] { return date }
            return nil
        }
    }

    /// The newest stated time among the clicks this server has posted for the app and platform:
    /// a backfill's counts include clicks after the installs it is followed by.
    func latestPosted(appId: String, platform: String) -> Date? {
        latestPosted.withLockedValue { $0[Key(appId: appId, platform: platform)] }
    }

    /// Moves a kept start back for stored human clicks older than it, and the latest posted time on.
    func note(_ clicks: [ClickRecord]) {
        var earliest: [Key: Date] = [:]
        var latest: [Key: Date] = [:]
        for click in clicks where !click.isBot {
            let key = Key(appId: click.appId, platform: click.platform)
            earliest[key] = min(earliest[key] ?? click.clickedAt, click.clickedAt)
            latest[key] = max(latest[key] ?? click.clickedAt, click.clickedAt)
        }
        guard !earliest.isEmpty else { return }
        latestPosted.withLockedValue { kept in
            for (key, date) in latest { kept[key] = max(kept[key] ?? date, date) }
        }
        entries.withLockedValue { entries in
            for (key, date) in earliest {
                guard case .known(let start)? = entries[key], date < start else { continue }
                entries[key] = .known(date)
            }
        }
    }
}

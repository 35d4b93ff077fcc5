import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// Where each app's click history on each platform begins and, for posted clicks, ends: the
/// engine weighs a candidate's delay against the span strangers' clicks spread over, which for an
/// app younger than its window is its history, not the window (`AttributionEngine.strangerSpan`).
///
/// The first click is read from the clicks once per app and platform and process, off the
/// install's path: the read walks every index entry of the app and platform, so the installs that
/// come while it runs are weighed against the window, as before it was known. Then kept: clicks
/// this server stores with an earlier time (a posted click's stated time) move it back. Clicks
/// only ever leave from the old end, long after the app has outgrown any window, so a kept start
/// never has to move forward.
final class ClickHistories: Sendable {
    private struct Key: Hashable, Sendable {
        var appId: String
        var platform: String
    }

    private enum Start: Sendable {
        case reading
        case known(Date)
    }

    private struct History: Sendable {
        /// Nil until read (or after a read found no click: it is read again next time).
        var start: Start?
        /// The newest stated time of the clicks this server stored by posting.
        var latestPosted: Date?
    }

    private let storage: any AttributionStorage
    private let histories = NIOLockedValueBox<[Key: History]>([:])

    init(storage: any AttributionStorage) {
        self.storage = storage
    }

    /// The app's first human click on the platform (nil while unknown: not read yet, being read,
    /// or the app has none), and the newest stated time among the clicks this server has posted
    /// for it: a backfill's counts include clicks after the installs that follow it.
    func history(appId: String, platform: String) -> (firstClickAt: Date?, latestPosted: Date?) {
        let key = Key(appId: appId, platform: platform)
        let (history, startReading) = histories.withLockedValue { histories -> (History, Bool) in
            var history = histories[key] ?? History()
            guard history.start == nil else { return (history, false) }
            history.start = .reading
            histories[key] = history
            return (history, true)
        }
        if startReading {
            let storage = self.storage
            Task { [histories] in
                let read = try? await storage.firstClickAt(appId: appId, platform: platform)
                histories.withLockedValue { histories in
                    switch (histories[key]?.start, read) {
                    // A click noted while the read ran may be earlier than what it saw.
                    case (.known(let noted)?, let read?): histories[key]?.start = .known(min(noted, read))
                    case (.known?, nil): break
                    case (_, let read?): histories[key]?.start = .known(read)
                    case (_, nil): histories[key]?.start = nil
                    }
                }
            }
        }
        guard case .known(let start)? = history.start else { return (nil, history.latestPosted) }
        return (start, history.latestPosted)
    }

    /// Moves a kept start back for stored human clicks older than it, and the latest posted time on.
    func note(_ clicks: [ClickRecord]) {
        var range: [Key: (earliest: Date, latest: Date)] = [:]
        for click in clicks where !click.isBot {
            let key = Key(appId: click.appId, platform: click.platform)
            let known = range[key] ?? (click.clickedAt, click.clickedAt)
            range[key] = (min(known.earliest, click.clickedAt), max(known.latest, click.clickedAt))
        }
        guard !range.isEmpty else { return }
        histories.withLockedValue { histories in
            for (key, dates) in range {
                var history = histories[key] ?? History()
                history.latestPosted = max(history.latestPosted ?? dates.latest, dates.latest)
                if case .known(let start)? = history.start, dates.earliest < start { history.start = .known(dates.earliest) }
                histories[key] = history
            }
        }
    }
}

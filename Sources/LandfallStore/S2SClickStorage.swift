import Foundation

/// Clicks posted server to server: written idempotently, because networks retry their postbacks.
public protocol S2SClickStorage: Sendable {
    /// Inserts the clicks whose id is not stored yet and returns the ids it inserted; a click whose
    /// id exists (a replayed postback) is left as it is.
    func insertNewClicks(_ clicks: [ClickRecord]) async throws -> Set<String>
}

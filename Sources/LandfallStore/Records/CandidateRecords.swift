import Foundation

/// The two keys the candidate indexes are searched by.
public enum CandidateIndexKey: Sendable, Hashable {
    /// The routable network prefix (`ip_prefix`).
    case ipPrefix(String)
    /// The device signature (`signature`).
    case signature(String)
}

/// A candidate click as its index entry holds it: with its evidence, all a match needs of it.
public struct CandidateRef: Sendable, Hashable {
    public var id: String
    public var linkId: String
    public var clickedAt: Date
    public var ipPrefix: String?
    /// ``ClickRecord/matchEvidence``: nil for a click stored without it, whose row must be read.
    public var matchEvidence: String?
    /// The link's own attribution window; nil when the app's applies.
    public var linkWindowHours: Int?

    public init(
        id: String, linkId: String, clickedAt: Date, ipPrefix: String? = nil, matchEvidence: String? = nil, linkWindowHours: Int? = nil
    ) {
        self.id = id
        self.linkId = linkId
        self.clickedAt = clickedAt
        self.ipPrefix = ipPrefix
        self.matchEvidence = matchEvidence
        self.linkWindowHours = linkWindowHours
    }
}

/// A candidate click with what matching reads, and its link's own attribution window (nil when the
/// link has none and the app's applies).
public struct CandidateClick: Sendable, Hashable {
    public var click: ClickRecord
    public var linkWindowHours: Int?

    public init(click: ClickRecord, linkWindowHours: Int?) {
        self.click = click
        self.linkWindowHours = linkWindowHours
    }

    /// False when the click is older than its link's window at `date`.
    public func isInsideLinkWindow(at date: Date) -> Bool {
        Self.isInsideLinkWindow(clickedAt: click.clickedAt, linkWindowHours: linkWindowHours, at: date)
    }

    public static func isInsideLinkWindow(clickedAt: Date, linkWindowHours: Int?, at date: Date) -> Bool {
        guard let linkWindowHours else { return true }
        return clickedAt >= date.addingTimeInterval(-TimeInterval(linkWindowHours) * 3600)
    }
}

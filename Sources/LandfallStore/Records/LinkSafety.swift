import Foundation

/// How a short link treats its visitors: sends them on, warns them first, or refuses the link.
///
/// Ordered by severity, so the state in force is the stricter of the owner's choice and the domain
/// lists' verdict (`max`).
public enum LinkSafety: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case allow
    case warn
    case block

    private var severity: Int {
        switch self {
        case .allow: 0
        case .warn: 1
        case .block: 2
        }
    }

    public static func < (lhs: LinkSafety, rhs: LinkSafety) -> Bool { lhs.severity < rhs.severity }
}

/// Which domain list an entry belongs to: one app's, or the whole deployment's.
public enum SafetyScope: Sendable, Hashable {
    case deployment
    case app(String)

    /// How the scope is stored: an app id, or `*`, which no app id can be.
    public var storedValue: String {
        switch self {
        case .deployment: "*"
        case .app(let id): id
        }
    }

    public init(storedValue: String) {
        self = storedValue == "*" ? .deployment : .app(storedValue)
    }
}

/// One entry of a domain list: links to `domain` or any host under it get `state`.
public struct SafetyDomainRecord: Sendable, Hashable {
    public var scope: SafetyScope
    /// A lowercase host name such as `evil.example`; it also matches `a.evil.example`.
    public var domain: String
    /// `.warn` or `.block`: an allow entry would not change any link, so lists hold none.
    public var state: LinkSafety
    public var note: String?
    public var createdAt: Date

    public init(scope: SafetyScope, domain: String, state: LinkSafety, note: String? = nil, createdAt: Date) {
        self.scope = scope
        self.domain = domain
        self.state = state
        self.note = note
        self.createdAt = createdAt
    }
}

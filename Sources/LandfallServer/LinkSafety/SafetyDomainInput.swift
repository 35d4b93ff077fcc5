import Foundation
import LandfallStore

/// The body of `PUT …/safety/domains/:domain`.
struct SafetyDomainInput: Decodable, Sendable {
    var state: LinkSafety
    var note: String?

    /// The list state, refusing `allow`: a list holds only what changes a link.
    func validatedState() throws -> LinkSafety {
        guard state != .allow else {
            throw APIError.validation("state", "must be warn or block; to allow a domain again, delete its entry")
        }
        return state
    }
}

/// A list entry as the API shows it.
struct SafetyDomainResponse: Encodable, Sendable {
    var domain: String
    var state: LinkSafety
    var note: String?
    var scope: String
    var createdAt: Date
    /// Set on changes: links whose stored verdict the change altered.
    var linksChanged: Int?

    init(_ entry: SafetyDomainRecord, linksChanged: Int? = nil) {
        domain = entry.domain
        state = entry.state
        note = entry.note
        scope = entry.scope == .deployment ? "deployment" : "app"
        createdAt = entry.createdAt
        self.linksChanged = linksChanged
    }
}

extension Validate {
    /// A list domain: a host name, lowercase, a trailing dot dropped (`evil.example.` is `evil.example`).
    static func safetyDomain(_ value: String) throws -> String {
        var text = value.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        return try host(text, "domain")
    }
}

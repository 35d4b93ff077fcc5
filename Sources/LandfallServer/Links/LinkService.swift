import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// Creating and changing links: template defaults, validation, short codes and deduplication.
/// Shared by the management API, the SDK endpoint and the `landfall` command.
public struct LinkService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date
    /// Base of short URLs for apps without a domain, without a trailing slash.
    private let currentPublicURL: @Sendable () -> String

    public init(storage: any LandfallStorage, publicURL: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(storage: storage, currentPublicURL: { publicURL }, now: now)
    }

    /// For a server on port 0, whose public URL is known only once it listens.
    init(storage: any LandfallStorage, currentPublicURL: @escaping @Sendable () -> String, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.currentPublicURL = currentPublicURL
        self.now = now
    }

    var publicURL: String { currentPublicURL() }

    /// Shared by the copies of this service, so every route of one server takes turns on one set.
    private let creationTurns = LinkCreationTurns()

    /// Domain-list verdicts, stored on each link as it is written.
    var safety: LinkSafetyService { LinkSafetyService(storage: storage, now: now) }

    /// Words that would shadow a route of the server if used as a short code or template slug.
    static let reservedCodes: Set<String> = ["api", "health", "admin", "dashboard", "static", "assets", "well-known", "v1"]

    struct Created: Sendable {
        var link: LinkRecord
        var deduplicated: Bool
    }

    /// Creates a link, or returns the existing one when the same external user asks for the same link again.
    func create(_ input: LinkInput, app: AppRecord, template: TemplateRecord?) async throws -> Created {
        guard let externalUserId = input.externalUserId else { return try await createNow(input, app: app, template: template) }
        return try await creationTurns.inTurn(for: "\(app.id) \(externalUserId)") {
            try await createNow(input, app: app, template: template)
        }
    }

    private func createNow(_ input: LinkInput, app: AppRecord, template: TemplateRecord?) async throws -> Created {
        var content = input.content
        if let template { content = content.filling(from: template.defaults) }
        content = try LinkContentValidator.validate(content, app: app)
        guard content.originalUrl != nil || content.webFallbackUrl != nil || app.settings.webFallbackUrl != nil else {
            throw APIError.validation(
                "originalUrl", "is required (or give webFallbackUrl, a template default, or the app's webFallbackUrl)"
            )
        }
        let customCode = try input.customCode.map(Self.validateCode)
        let externalUserId = try Validate.text(input.externalUserId, "externalUserId", max: 256)

        var dedupKey: String?
        if let externalUserId {
            let key = try Self.dedupKey(content: content, templateId: template?.id, externalUserId: externalUserId, customCode: customCode)
            if let existing = try await storage.link(dedupKey: key, appId: app.id) {
                return Created(link: existing, deduplicated: true)
            }
            dedupKey = key
        }

        let date = now()
        var link = LinkRecord(
            id: SecretGenerator.identifier(), appId: app.id, shortCode: customCode ?? "", templateId: template?.id,
            templateSlug: template?.slug, externalUserId: externalUserId, dedupKey: dedupKey,
            isActive: input.isActive ?? true, expiresAt: input.expiresAt, content: content,
            safety: input.safety ?? .allow, domainSafety: try await safety.verdict(for: content, appId: app.id), createdAt: date,
            updatedAt: date
        )
        if customCode != nil {
            do {
                try await storage.insertLink(link)
            } catch let error as StoreError where error.conflictingField != nil {
                if let existing = try await linkInsertedMeanwhile(like: link) { return Created(link: existing, deduplicated: true) }
                throw APIError.conflict("short_code_taken", "the short code '\(link.shortCode)' is already in use")
            }
            return Created(link: link, deduplicated: false)
        }
        // Generated codes are also kept unique across apps, so a host that belongs to no app can still
        // resolve them unambiguously.
        for _ in 0..<8 {
            link.shortCode = SecretGenerator.shortCode()
            guard try await storage.links(shortCode: link.shortCode).isEmpty else { continue }
            do {
                try await storage.insertLink(link)
                return Created(link: link, deduplicated: false)
            } catch let error as StoreError where error.conflictingField != nil {
                if let existing = try await linkInsertedMeanwhile(like: link) { return Created(link: existing, deduplicated: true) }
                continue
            }
        }
        throw APIError(.serviceUnavailable, code: "short_code_exhausted", message: "could not find a free short code; retry")
    }

    /// The same link another server inserted between this one's look and its insert: the database's
    /// unique index on the deduplication key refused the second row.
    private func linkInsertedMeanwhile(like link: LinkRecord) async throws -> LinkRecord? {
        guard let dedupKey = link.dedupKey else { return nil }
        return try await storage.link(dedupKey: dedupKey, appId: link.appId)
    }

    /// Applies a validated change to an existing link; the short code and template never change.
    func update(_ link: LinkRecord, with input: LinkInput, app: AppRecord) async throws -> LinkRecord {
        var updated = link
        updated.content = try LinkContentValidator.validate(input.content, app: app)
        guard updated.content.originalUrl != nil || updated.content.webFallbackUrl != nil || app.settings.webFallbackUrl != nil else {
            throw APIError.validation("originalUrl", "is required (or give webFallbackUrl, or set the app's webFallbackUrl)")
        }
        updated.externalUserId = try Validate.text(input.externalUserId, "externalUserId", max: 256)
        updated.isActive = input.isActive ?? link.isActive
        updated.expiresAt = input.expiresAt
        updated.safety = input.safety ?? link.safety
        updated.domainSafety = try await safety.verdict(for: updated.content, appId: app.id)
        if updated.externalUserId != link.externalUserId || updated.content != link.content {
            updated.dedupKey = try updated.externalUserId.map {
                try Self.dedupKey(content: updated.content, templateId: link.templateId, externalUserId: $0, customCode: nil)
            }
            // Edited into a copy of another of the user's links: both stay, and new requests for that
            // content keep getting the other one.
            if let key = updated.dedupKey, let other = try await storage.link(dedupKey: key, appId: app.id), other.id != link.id {
                updated.dedupKey = nil
            }
        }
        updated.updatedAt = now()
        try await storage.updateLink(updated)
        return updated
    }

    /// The template a new link applies: the one named by id or slug (which must belong to the app), or else the
    /// app's newest when `newestByDefault` (the SDK endpoint's rule), or none.
    func template(id: String?, slug: String? = nil, app: AppRecord, newestByDefault: Bool) async throws -> TemplateRecord? {
        guard let id else {
            if let slug {
                guard let template = try await storage.templates(appId: app.id).first(where: { $0.slug == slug }) else {
                    throw APIError.notFound("template_not_found", "the app has no template with slug \(slug)")
                }
                return template
            }
            return newestByDefault ? try await storage.latestTemplate(appId: app.id) : nil
        }
        guard let template = try await storage.template(id: id, appId: app.id) else {
            throw APIError.notFound("template_not_found", "the app has no template \(id)")
        }
        return template
    }

    /// The shareable URL: the app's first domain over https, or the server's public URL.
    public func url(for link: LinkRecord, app: AppRecord) -> String {
        let base = app.domains.first.map { "https://\($0)" } ?? publicURL
        if let slug = link.templateSlug { return "\(base)/\(slug)/\(link.shortCode)" }
        return "\(base)/\(link.shortCode)"
    }

    static func validateCode(_ code: String) throws -> String {
        let valid =
            (3...64).contains(code.count)
            && code.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
        guard valid else { throw APIError.validation("customCode", "must be 3-64 letters, digits, '-' or '_'") }
        guard !reservedCodes.contains(code.lowercased()) else { throw APIError.validation("customCode", "'\(code)' is reserved") }
        return code
    }

    /// Same user, same template, same content → same key. Sorted-key JSON makes it canonical.
    private static func dedupKey(content: LinkContent, templateId: String?, externalUserId: String, customCode: String?) throws -> String {
        struct Fingerprint: Encodable {
            var content: LinkContent
            var templateId: String?
            var externalUserId: String
            var customCode: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(
            Fingerprint(content: content, templateId: templateId, externalUserId: externalUserId, customCode: customCode))
        return SecretGenerator.sha256Hex(String(decoding: data, as: UTF8.self))
    }

    /// Creates a link from command-line values, validated exactly like the API.
    public func createLink(app: AppRecord, originalUrl: String, customCode: String?, deepLinkPath: String?) async throws -> LinkRecord {
        let input = LinkInput(content: LinkContent(originalUrl: originalUrl, deepLinkPath: deepLinkPath), customCode: customCode)
        return try await create(input, app: app, template: nil).link
    }
}

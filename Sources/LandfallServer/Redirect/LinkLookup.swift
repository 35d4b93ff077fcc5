import LandfallStore

/// Finds the link for a code on a host: the host's app's link, or, on a host no app claims, the one
/// link with that code.
struct LinkLookup: Sendable {
    let storage: any LandfallStorage

    func resolve(code: String, slug: String?, host: String?) async throws -> (LinkRecord, AppRecord)? {
        guard (1...64).contains(code.count) else { return nil }
        let found: (LinkRecord, AppRecord)?
        if let host, let app = try await storage.app(forHost: host) {
            found = try await storage.link(shortCode: code, appId: app.id).map { ($0, app) }
        } else {
            let candidates = try await storage.links(shortCode: code)
            guard candidates.count == 1, let link = candidates.first, let app = try await storage.app(id: link.appId) else {
                return nil
            }
            found = (link, app)
        }
        guard let (link, app) = found else { return nil }
        if let slug, slug != link.templateSlug { return nil }
        return (link, app)
    }
}

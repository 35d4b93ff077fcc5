import LandfallStore

/// Finds the link for a code on a host: the host's app's link, or, on a host no app claims, the one
/// link with that code. Hot links and the apps of hosts come from memory.
struct LinkLookup: Sendable {
    struct LinkKey: Hashable, Sendable {
        var host: String?
        var code: String
    }

    let storage: any LandfallStorage
    let links: ExpiringCache<LinkKey, ResolvedLink>
    /// Apps by `host:NAME` and by `id:ID`, and the hosts and ids no app has (nil): a short link
    /// followed on the server's own address would otherwise read the apps table at every link-cache miss.
    let apps: ExpiringCache<String, SharedApp?>

    /// A class, so a cache slot holds one reference: tens of thousands of entries of two large
    /// records inline (plus the dictionaries' spare slots) were most of the server's memory.
    final class ResolvedLink: Sendable {
        let link: LinkRecord
        let app: SharedApp

        init(link: LinkRecord, app: SharedApp) {
            self.link = link
            self.app = app
        }
    }

    /// One app record for all of its cached links: a copy in each of 50,000 links was ~12 MB.
    final class SharedApp: Sendable {
        let record: AppRecord

        init(_ record: AppRecord) {
            self.record = record
        }
    }

    func resolve(code: String, slug: String?, host: String?) async throws -> (LinkRecord, AppRecord)? {
        guard (1...64).contains(code.count) else { return nil }
        let key = LinkKey(host: host, code: code)
        let resolved: ResolvedLink
        if let cached = links.value(for: key) {
            resolved = cached
        } else {
            let revision = links.revisionBeforeRead()
            guard let found = try await read(code: code, host: host) else { return nil }
            links.store(found, for: key, readAt: revision)
            resolved = found
        }
        if let slug, slug != resolved.link.templateSlug { return nil }
        return (resolved.link, resolved.app.record)
    }

    private func read(code: String, host: String?) async throws -> ResolvedLink? {
        if let host, let app = try await app(forHost: host) {
            return try await storage.link(shortCode: code, appId: app.record.id).map { ResolvedLink(link: $0, app: app) }
        }
        let candidates = try await storage.links(shortCode: code)
        guard candidates.count == 1, let link = candidates.first, let app = try await app(id: link.appId) else {
            return nil
        }
        return ResolvedLink(link: link, app: app)
    }

    private func app(id: String) async throws -> SharedApp? {
        let key = "id:" + id
        if let cached = apps.value(for: key) { return cached }
        let revision = apps.revisionBeforeRead()
        let app = try await storage.app(id: id).map(SharedApp.init)
        apps.store(app, for: key, readAt: revision)
        return app
    }

    private func app(forHost host: String) async throws -> SharedApp? {
        let key = "host:" + host
        if let cached = apps.value(for: key) { return cached }
        let revision = apps.revisionBeforeRead()
        let app = try await storage.app(forHost: host).map(SharedApp.init)
        apps.store(app, for: key, readAt: revision)
        return app
    }
}

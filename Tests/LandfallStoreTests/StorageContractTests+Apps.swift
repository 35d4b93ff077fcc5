import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func insertedAppIsReadableById(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = Fixtures.app(domains: ["go.example.com", "example.app.link"], settings: Fixtures.fullSettings)
            try await storage.insertApp(app)
            #expect(try await storage.app(id: app.id) == app)
            #expect(try await storage.app(id: "no-such-app") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func appIsFoundByEachOfItsDomains(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage, domains: ["go.example.com", "links.example.com"])
            try await Self.insertApp(storage, domains: ["other.example.com"])
            #expect(try await storage.app(forHost: "go.example.com") == app)
            #expect(try await storage.app(forHost: "links.example.com") == app)
            #expect(try await storage.app(forHost: "unknown.example.com") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func insertingTakenSlugConflictsOnSlug(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let first = try await Self.insertApp(storage)
            let second = Fixtures.app(slug: first.slug, domains: ["second.example.com"])
            let error = try await #require(throws: StoreError.self) { try await storage.insertApp(second) }
            #expect(error.conflictingField == "slug")
            #expect(try await storage.app(id: second.id) == nil)
            #expect(try await storage.app(forHost: "second.example.com") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func insertingDomainOfAnotherAppConflictsOnDomain(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let owner = try await Self.insertApp(storage, domains: ["taken.example.com"])
            let second = Fixtures.app(domains: ["free.example.com", "taken.example.com"])
            let error = try await #require(throws: StoreError.self) { try await storage.insertApp(second) }
            #expect(error.conflictingField == "domain")
            // The insert is atomic: neither the app nor its first domain was kept.
            #expect(try await storage.app(id: second.id) == nil)
            #expect(try await storage.app(forHost: "free.example.com") == nil)
            #expect(try await storage.app(forHost: "taken.example.com") == owner)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func updateReplacesFieldsAndDomains(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            var app = try await Self.insertApp(storage, domains: ["old.example.com", "kept.example.com"])
            app.name = "Renamed"
            app.slug = "renamed-\(app.slug)"
            app.settings = Fixtures.fullSettings
            app.domains = ["kept.example.com", "new.example.com"]
            app.updatedAt = Fixtures.date(60_000)
            try await storage.updateApp(app)
            #expect(try await storage.app(id: app.id) == app)
            #expect(try await storage.app(forHost: "old.example.com") == nil)
            #expect(try await storage.app(forHost: "new.example.com")?.id == app.id)
            #expect(try await storage.app(forHost: "kept.example.com")?.id == app.id)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func updateTakingDomainOfAnotherAppConflictsOnDomain(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let owner = try await Self.insertApp(storage, domains: ["taken.example.com"])
            let app = try await Self.insertApp(storage, domains: ["mine.example.com"])
            var changed = app
            changed.domains = ["taken.example.com"]
            let error = try await #require(throws: StoreError.self) { try await storage.updateApp(changed) }
            #expect(error.conflictingField == "domain")
            #expect(try await storage.app(id: app.id) == app)
            #expect(try await storage.app(forHost: "taken.example.com") == owner)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listAppsOrdersByCreationTime(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let apps = (0..<5).map { index in Fixtures.app(createdAt: Fixtures.date(Int64(index) * 1_000)) }
            // Inserted out of order, so the order listed cannot come from insertion.
            for index in [3, 0, 4, 1, 2] {
                try await storage.insertApp(apps[index])
            }
            #expect(try await storage.listApps() == apps)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deleteAppRemovesEverythingItOwns(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let doomed = try await AppWithData.insert(into: storage, domain: "doomed.example.com")
            let survivor = try await AppWithData.insert(into: storage, domain: "survivor.example.com")

            #expect(try await storage.deleteApp(id: doomed.app.id))

            #expect(try await storage.app(id: doomed.app.id) == nil)
            #expect(try await storage.app(forHost: "doomed.example.com") == nil)
            #expect(try await storage.key(hash: doomed.key.keyHash) == nil)
            #expect(try await storage.keys(appId: doomed.app.id).isEmpty)
            #expect(try await storage.templates(appId: doomed.app.id).isEmpty)
            #expect(try await storage.link(id: doomed.link.id, appId: doomed.app.id) == nil)
            #expect(try await storage.links(shortCode: doomed.link.shortCode).isEmpty)
            #expect(try await storage.click(token: doomed.click.clickToken) == nil)
            #expect(try await storage.clickCount(appId: doomed.app.id) == 0)
            try await survivor.expectIntact(in: storage)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingUnknownAppReturnsFalse(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.deleteApp(id: "no-such-app") == false)
            #expect(try await storage.app(id: app.id) == app)
        }
    }
}

/// An app with one of each thing it can own, to check what a delete removes and what it keeps.
private struct AppWithData {
    var app: AppRecord
    var key: APIKeyRecord
    var template: TemplateRecord
    var link: LinkRecord
    var click: ClickRecord

    static func insert(into storage: SQLStorage, domain: String) async throws -> AppWithData {
        let app = Fixtures.app(domains: [domain])
        try await storage.insertApp(app)
        let key = Fixtures.key(appId: app.id)
        try await storage.insertKey(key)
        let template = Fixtures.template(appId: app.id)
        try await storage.insertTemplate(template)
        let link = Fixtures.link(appId: app.id, templateId: template.id)
        try await storage.insertLink(link)
        let click = Fixtures.click(appId: app.id, linkId: link.id)
        try await storage.insertClicks([click])
        return AppWithData(app: app, key: key, template: template, link: link, click: click)
    }

    func expectIntact(in storage: SQLStorage) async throws {
        #expect(try await storage.app(id: app.id) == app)
        #expect(try await storage.key(hash: key.keyHash) == key)
        #expect(try await storage.template(id: template.id, appId: app.id) == template)
        #expect(try await storage.link(id: link.id, appId: app.id) == link)
        #expect(try await storage.click(token: click.clickToken) == click)
        #expect(try await storage.clickCount(appId: app.id) == 1)
    }
}

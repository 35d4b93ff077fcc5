import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func insertedTemplateIsReadableWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id, defaults: Fixtures.fullContent)
            try await storage.insertTemplate(template)
            #expect(try await storage.template(id: template.id, appId: app.id) == template)
            #expect(try await storage.templates(appId: app.id) == [template])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func templateIsInvisibleToAnotherApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            #expect(try await storage.template(id: template.id, appId: other.id) == nil)
            #expect(try await storage.templates(appId: other.id).isEmpty)
            #expect(try await storage.latestTemplate(appId: other.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func templateSlugConflictsWithinAnApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = Fixtures.template(appId: app.id, slug: "promo")
            try await storage.insertTemplate(first)
            let error = try await #require(throws: StoreError.self) {
                try await storage.insertTemplate(Fixtures.template(appId: app.id, slug: "promo"))
            }
            #expect(error.conflictingField == "slug")
            #expect(try await storage.templates(appId: app.id) == [first])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sameTemplateSlugIsAllowedInAnotherApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let mine = Fixtures.template(appId: app.id, slug: "promo")
            let theirs = Fixtures.template(appId: other.id, slug: "promo")
            try await storage.insertTemplate(mine)
            try await storage.insertTemplate(theirs)
            #expect(try await storage.template(id: mine.id, appId: app.id) == mine)
            #expect(try await storage.template(id: theirs.id, appId: other.id) == theirs)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func latestTemplateIsTheMostRecentlyCreated(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let newest = Fixtures.template(appId: app.id, createdAt: Fixtures.date(3_000))
            let oldest = Fixtures.template(appId: app.id, createdAt: Fixtures.date(1_000))
            let middle = Fixtures.template(appId: app.id, createdAt: Fixtures.date(2_000))
            // Inserted out of order, so "latest" cannot mean "last inserted".
            for template in [newest, oldest, middle] {
                try await storage.insertTemplate(template)
            }
            #expect(try await storage.latestTemplate(appId: app.id) == newest)
            #expect(try await storage.templates(appId: app.id) == [newest, middle, oldest])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func latestTemplateIsNilWithoutTemplates(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.latestTemplate(appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func updateTemplateReplacesItsFields(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            template.name = "Renamed"
            template.slug = "renamed"
            template.defaults = Fixtures.fullContent
            template.updatedAt = Fixtures.date(60_000)
            try await storage.updateTemplate(template)
            #expect(try await storage.template(id: template.id, appId: app.id) == template)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func updateTemplateToTakenSlugConflictsOnSlug(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let taken = Fixtures.template(appId: app.id, slug: "taken")
            let template = Fixtures.template(appId: app.id, slug: "free")
            try await storage.insertTemplate(taken)
            try await storage.insertTemplate(template)
            var renamed = template
            renamed.slug = "taken"
            let error = try await #require(throws: StoreError.self) { try await storage.updateTemplate(renamed) }
            #expect(error.conflictingField == "slug")
            #expect(try await storage.template(id: template.id, appId: app.id) == template)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deleteTemplateRemovesItOnlyWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            #expect(try await storage.deleteTemplate(id: template.id, appId: other.id) == false)
            #expect(try await storage.deleteTemplate(id: template.id, appId: app.id))
            #expect(try await storage.template(id: template.id, appId: app.id) == nil)
            #expect(try await storage.deleteTemplate(id: template.id, appId: app.id) == false)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingTemplateDetachesItsLinks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            var link = Fixtures.link(appId: app.id, templateId: template.id)
            link.templateSlug = template.slug
            try await storage.insertLink(link)
            #expect(try await storage.deleteTemplate(id: template.id, appId: app.id))
            let kept = try #require(try await storage.link(id: link.id, appId: app.id))
            #expect(kept.templateId == nil)
            // The slug is kept so that printed `/{slug}/{code}` URLs keep resolving.
            #expect(kept.templateSlug == template.slug)
        }
    }
}

import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func insertedLinkIsReadableByIdWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            var link = Fixtures.link(appId: app.id, externalUserId: "user-1", dedupKey: "dedup-1", isActive: false)
            link.templateSlug = "promo"
            link.expiresAt = Fixtures.date(86_400_000)
            try await storage.insertLink(link)
            #expect(try await storage.link(id: link.id, appId: app.id) == link)
            #expect(try await storage.link(id: link.id, appId: other.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func linkIsFoundByShortCodeWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = Fixtures.link(appId: app.id, shortCode: "abc123")
            try await storage.insertLink(link)
            #expect(try await storage.link(shortCode: "abc123", appId: app.id) == link)
            #expect(try await storage.link(shortCode: "abc123", appId: other.id) == nil)
            #expect(try await storage.link(shortCode: "zzz999", appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func shortCodeConflictsWithinAnApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let first = Fixtures.link(appId: app.id, shortCode: "abc123")
            try await storage.insertLink(first)
            let error = try await #require(throws: StoreError.self) {
                try await storage.insertLink(Fixtures.link(appId: app.id, shortCode: "abc123"))
            }
            #expect(error.conflictingField == "shortCode")
            #expect(try await storage.link(shortCode: "abc123", appId: app.id) == first)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sameShortCodeInTwoAppsIsFoundAcrossApps(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let first = try await Self.insertApp(storage)
            let second = try await Self.insertApp(storage)
            let older = Fixtures.link(appId: first.id, shortCode: "shared", createdAt: Fixtures.date(1_000))
            let newer = Fixtures.link(appId: second.id, shortCode: "shared", createdAt: Fixtures.date(2_000))
            try await storage.insertLink(newer)
            try await storage.insertLink(older)
            try await storage.insertLink(Fixtures.link(appId: first.id, shortCode: "unrelated"))
            #expect(try await storage.links(shortCode: "shared") == [older, newer])
            #expect(try await storage.links(shortCode: "missing").isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func linkIsFoundByDedupKeyWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = Fixtures.link(appId: app.id, dedupKey: "user-1:promo:42")
            try await storage.insertLink(link)
            try await storage.insertLink(Fixtures.link(appId: app.id, dedupKey: "user-2:promo:42"))
            #expect(try await storage.link(dedupKey: "user-1:promo:42", appId: app.id) == link)
            #expect(try await storage.link(dedupKey: "user-1:promo:42", appId: other.id) == nil)
            #expect(try await storage.link(dedupKey: "user-3:promo:42", appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func updateLinkReplacesItsFields(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            var link = try await Self.insertLink(storage, appId: app.id)
            link.shortCode = "renamed"
            link.templateId = template.id
            link.templateSlug = template.slug
            link.externalUserId = "user-9"
            link.dedupKey = "dedup-9"
            link.isActive = false
            link.expiresAt = Fixtures.date(123_456)
            link.content = Fixtures.fullContent
            link.updatedAt = Fixtures.date(60_000)
            try await storage.updateLink(link)
            #expect(try await storage.link(id: link.id, appId: app.id) == link)
            #expect(try await storage.link(shortCode: "renamed", appId: app.id) == link)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func linkContentRoundTripsEveryField(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = Fixtures.link(appId: app.id, content: Fixtures.fullContent)
            try await storage.insertLink(link)
            let content = try #require(try await storage.link(id: link.id, appId: app.id)?.content)
            #expect(content == Fixtures.fullContent)
            #expect(content.deepLinkParameters?["emoji"] == "🚀 ünïcödé")
            #expect(content.utmParameters?.campaign == "spring")
            #expect(content.targetingRules?.countries == ["US", "PT"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listLinksPagesNewestFirstWithoutDuplicates(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            try await Self.insertLink(storage, appId: try await Self.insertApp(storage).id)
            // Pairs of links share a creation time, so the id must break ties for the cursor to work.
            var links: [LinkRecord] = []
            for index in 0..<23 {
                let link = Fixtures.link(
                    appId: app.id, id: "link-\(index < 10 ? "0" : "")\(index)", createdAt: Fixtures.date(Int64(index / 2) * 1_000)
                )
                try await storage.insertLink(link)
                links.append(link)
            }
            let expected = links.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }

            var listed: [LinkRecord] = []
            var query = LinkQuery(limit: 5)
            var pages = 0
            while true {
                let page = try await storage.listLinks(appId: app.id, query: query)
                listed += page.links
                pages += 1
                guard let cursor = page.nextCursor else { break }
                try #require(pages < 10, "the cursor never reaches the last page")
                query.after = cursor
            }
            #expect(pages == 5)
            #expect(listed.map(\.id) == expected.map(\.id))
            #expect(Set(listed.map(\.id)).count == listed.count)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listLinksHasNoCursorWhenEverythingFitsOnePage(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            for _ in 0..<3 {
                try await Self.insertLink(storage, appId: app.id)
            }
            let page = try await storage.listLinks(appId: app.id, query: LinkQuery(limit: 3))
            #expect(page.links.count == 3)
            #expect(page.nextCursor == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listLinksFiltersByExternalUserId(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let mine = Fixtures.link(appId: app.id, externalUserId: "user-1")
            try await storage.insertLink(mine)
            try await storage.insertLink(Fixtures.link(appId: app.id, externalUserId: "user-2"))
            try await storage.insertLink(Fixtures.link(appId: app.id))
            let page = try await storage.listLinks(appId: app.id, query: LinkQuery(externalUserId: "user-1"))
            #expect(page.links == [mine])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listLinksFiltersByTemplateId(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let template = Fixtures.template(appId: app.id)
            try await storage.insertTemplate(template)
            let fromTemplate = Fixtures.link(appId: app.id, templateId: template.id)
            try await storage.insertLink(fromTemplate)
            try await storage.insertLink(Fixtures.link(appId: app.id))
            let page = try await storage.listLinks(appId: app.id, query: LinkQuery(templateId: template.id))
            #expect(page.links == [fromTemplate])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func listLinksFiltersByActiveState(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let active = Fixtures.link(appId: app.id, isActive: true, createdAt: Fixtures.date(1_000))
            let inactive = Fixtures.link(appId: app.id, isActive: false, createdAt: Fixtures.date(2_000))
            try await storage.insertLink(active)
            try await storage.insertLink(inactive)
            #expect(try await storage.listLinks(appId: app.id, query: LinkQuery(isActive: true)).links == [active])
            #expect(try await storage.listLinks(appId: app.id, query: LinkQuery(isActive: false)).links == [inactive])
            #expect(try await storage.listLinks(appId: app.id, query: LinkQuery()).links == [inactive, active])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deleteLinkRemovesItAndItsClicksOnly(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let doomed = try await Self.insertLink(storage, appId: app.id)
            let kept = try await Self.insertLink(storage, appId: app.id)
            let doomedClicks = (0..<3).map { _ in Fixtures.click(appId: app.id, linkId: doomed.id) }
            let keptClick = Fixtures.click(appId: app.id, linkId: kept.id)
            try await storage.insertClicks(doomedClicks + [keptClick])

            #expect(try await storage.deleteLink(id: doomed.id, appId: app.id))

            #expect(try await storage.link(id: doomed.id, appId: app.id) == nil)
            #expect(try await storage.clicks(linkId: doomed.id, appId: app.id).isEmpty)
            #expect(try await storage.click(token: doomedClicks[0].clickToken) == nil)
            #expect(try await storage.link(id: kept.id, appId: app.id) == kept)
            #expect(try await storage.clicks(linkId: kept.id, appId: app.id) == [keptClick])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deleteLinkWithAnotherAppsIdReturnsFalseAndKeepsIt(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([click])
            #expect(try await storage.deleteLink(id: link.id, appId: other.id) == false)
            #expect(try await storage.link(id: link.id, appId: app.id) == link)
            #expect(try await storage.click(token: click.clickToken) == click)
        }
    }
}

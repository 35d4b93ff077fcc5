import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func linkSafetyStatesRoundTripThroughInsertAndUpdate(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var link = Fixtures.link(appId: app.id)
            #expect(link.safety == .allow && link.domainSafety == .allow)
            link.safety = .warn
            link.domainSafety = .block
            try await storage.insertLink(link)
            #expect(try await storage.link(id: link.id, appId: app.id) == link)
            #expect(try await storage.link(shortCode: link.shortCode, appId: app.id)?.effectiveSafety == .block)
            link.safety = .allow
            link.domainSafety = .warn
            try await storage.updateLink(link)
            #expect(try await storage.links(shortCode: link.shortCode) == [link])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func safetyDomainPutReplacesTheScopesEntryAndListsByScope(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .app(app.id), domain: "evil.example", state: .warn, createdAt: Fixtures.date()))
            try await storage.putSafetyDomain(
                SafetyDomainRecord(
                    scope: .app(app.id), domain: "evil.example", state: .block, note: "phishing", createdAt: Fixtures.date(5)
                ))
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .deployment, domain: "bad.example", state: .block, createdAt: Fixtures.date()))
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .app(other.id), domain: "zzz.example", state: .warn, createdAt: Fixtures.date()))

            let own = try await storage.safetyDomains(scopes: [.app(app.id)])
            // The second put replaced state and note and kept the first entry's date.
            #expect(
                own == [
                    SafetyDomainRecord(
                        scope: .app(app.id), domain: "evil.example", state: .block, note: "phishing", createdAt: Fixtures.date())
                ])
            let both = try await storage.safetyDomains(scopes: [.deployment, .app(app.id)])
            #expect(both.map(\.domain) == ["bad.example", "evil.example"])
            #expect(both.first?.scope == .deployment)
            #expect(try await storage.safetyDomains(scopes: []).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func safetyDomainDeleteReportsWhetherThereWasAnEntry(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .deployment, domain: "bad.example", state: .warn, createdAt: Fixtures.date()))
            #expect(try await storage.deleteSafetyDomain(scope: .app(app.id), domain: "bad.example") == false)
            #expect(try await storage.deleteSafetyDomain(scope: .deployment, domain: "bad.example"))
            #expect(try await storage.safetyDomains(scopes: [.deployment]).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deletingAnAppDeletesItsSafetyDomainsButNotTheDeployments(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .app(app.id), domain: "a.example", state: .warn, createdAt: Fixtures.date()))
            try await storage.putSafetyDomain(
                SafetyDomainRecord(scope: .deployment, domain: "b.example", state: .warn, createdAt: Fixtures.date()))
            #expect(try await storage.deleteApp(id: app.id))
            #expect(try await storage.safetyDomains(scopes: [.app(app.id)]).isEmpty)
            #expect(try await storage.safetyDomains(scopes: [.deployment]).map(\.domain) == ["b.example"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func linksForSafetyReviewPageByIdWithinAnAppOrAcrossApps(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            for id in ["link-c", "link-a", "link-b"] { try await storage.insertLink(Fixtures.link(appId: app.id, id: id)) }
            try await storage.insertLink(Fixtures.link(appId: other.id, id: "link-bb"))

            let first = try await storage.linksForSafetyReview(appId: app.id, afterId: nil, limit: 2)
            #expect(first.map(\.id) == ["link-a", "link-b"])
            let rest = try await storage.linksForSafetyReview(appId: app.id, afterId: "link-b", limit: 2)
            #expect(rest.map(\.id) == ["link-c"])
            let everyApp = try await storage.linksForSafetyReview(appId: nil, afterId: "link-a", limit: 10)
            #expect(everyApp.map(\.id) == ["link-b", "link-bb", "link-c"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func setDomainSafetyChangesOnlyTheNamedLinks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let warned = try await Self.insertLink(storage, appId: app.id)
            let blocked = try await Self.insertLink(storage, appId: app.id)
            let untouched = try await Self.insertLink(storage, appId: app.id)
            let revision = storage.catalogRevision
            try await storage.setDomainSafety([warned.id: .warn, blocked.id: .block])
            #expect(storage.catalogRevision != revision)
            #expect(try await storage.link(id: warned.id, appId: app.id)?.domainSafety == .warn)
            #expect(try await storage.link(id: blocked.id, appId: app.id)?.domainSafety == .block)
            #expect(try await storage.link(id: untouched.id, appId: app.id) == untouched)
        }
    }
}

import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func appInstallsAreListedNewestFirstFilteredAndPaged(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let start = Fixtures.date()
            var made: [InstallRecord] = []
            for (index, method) in [InstallMethod.organic, .deterministic, .probabilistic, .deterministic, .organic].enumerated() {
                made.append(
                    try await Self.insertInstall(storage, appId: app.id, createdAt: start.addingTimeInterval(Double(index)), method: method)
                )
            }
            // Two installs in the same millisecond: the id breaks the tie, and the cursor keeps both.
            made.append(
                try await Self.insertInstall(storage, appId: app.id, createdAt: start.addingTimeInterval(4), method: .deterministic))
            try await Self.insertInstall(storage, appId: other.id, createdAt: start.addingTimeInterval(9))

            let newestFirst = made.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            let all = try await storage.installs(appId: app.id, method: nil, platform: nil, after: nil, limit: 10)
            #expect(all.map(\.id) == newestFirst.map(\.id))
            #expect(all.first == newestFirst.first)

            let deterministic = try await storage.installs(appId: app.id, method: .deterministic, platform: nil, after: nil, limit: 10)
            #expect(deterministic.map(\.id) == newestFirst.filter { $0.method == .deterministic }.map(\.id))
            #expect(try await storage.installs(appId: app.id, method: nil, platform: "android", after: nil, limit: 10).isEmpty)
            #expect(try await storage.installs(appId: app.id, method: nil, platform: "ios", after: nil, limit: 10).count == made.count)

            var paged: [String] = []
            var cursor: InstallCursor?
            repeat {
                let page = try await storage.installs(appId: app.id, method: nil, platform: nil, after: cursor, limit: 2)
                paged += page.map(\.id)
                cursor = page.count == 2 ? page.last.map { InstallCursor(createdAt: $0.createdAt, id: $0.id) } : nil
            } while cursor != nil
            #expect(paged == newestFirst.map(\.id))
        }
    }
}

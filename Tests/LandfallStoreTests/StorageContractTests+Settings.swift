import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func settingIsNilWhenAbsent(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ async throws in
            #expect(try await storage.setting("admin_token_hash") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func setSettingIfAbsentKeepsTheFirstValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ async throws in
            #expect(try await storage.setSettingIfAbsent("admin_token_hash", value: "first") == "first")
            #expect(try await storage.setSettingIfAbsent("admin_token_hash", value: "second") == "first")
            #expect(try await storage.setting("admin_token_hash") == "first")
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentSetSettingIfAbsentAgreesOnOneValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let results = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<10 {
                    group.addTask { try await storage.setSettingIfAbsent("instance_id", value: "candidate-\(index)") }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(results.count == 10)
            let winner = try #require(results.first)
            #expect(results.allSatisfy { $0 == winner })
            #expect(try await storage.setting("instance_id") == winner)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func setSettingOverwritesTheValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            try await storage.setSetting("retention_days", value: "30")
            try await storage.setSetting("retention_days", value: "90")
            #expect(try await storage.setting("retention_days") == "90")
        }
    }
}

import Foundation
@testable import LandfallStore
import LandfallTestSupport
import NIOCore
import SQLiteNIO
import Testing

/// The SQLite reader that runs point reads on the caller's thread with cached statements.
@Suite("SQLite inline reads")
struct SQLiteInlineReaderTests {
    private static func withSQLite(_ body: @Sendable (SQLStorage, SQLiteDatabaseProvider) async throws -> Void) async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, provider in
            try await body(storage, try #require(provider as? SQLiteDatabaseProvider))
        }
    }

    @Test func aCachedStatementSeesRowsCommittedAfterItsLastRun() async throws {
        try await Self.withSQLite { storage, _ in
            let app = try await StorageContractTests.insertApp(storage)
            #expect(try await storage.link(shortCode: "later", appId: app.id) == nil)
            let link = Fixtures.link(appId: app.id, shortCode: "later")
            try await storage.insertLink(link)
            #expect(try await storage.link(shortCode: "later", appId: app.id) == link)
            var edited = link
            edited.isActive = false
            try await storage.updateLink(edited)
            #expect(try await storage.link(shortCode: "later", appId: app.id) == edited)
        }
    }

    @Test func moreDistinctStatementsThanTheCacheHoldsAllAnswer() async throws {
        try await Self.withSQLite { _, provider in
            let count = SQLiteInlineReader.statementsPerConnection * 2 + 3
            for width in 1...count {
                let placeholders = Array(repeating: "?", count: width).joined(separator: ", ")
                let rows = try await provider.readRowsInline(
                    "SELECT count(*) AS n, max(value) AS top FROM json_each(json_array(\(placeholders)))",
                    (1...width).map { .integer($0) }
                )
                #expect(rows.count == 1)
                #expect(rows.first?.column("n") == .integer(width))
                #expect(rows.first?.column("top") == .integer(width))
            }
        }
    }

    @Test func everyKindOfValueRoundTrips() async throws {
        try await Self.withSQLite { _, provider in
            var blob = ByteBuffer()
            blob.writeBytes([0, 1, 2, 255])
            let rows = try await provider.readRowsInline(
                "SELECT ? AS i, ? AS f, ? AS t, ? AS b, ? AS n, ? AS empty",
                [.integer(-42), .float(2.5), .text("naïve ✓"), .blob(blob), .null, .text("")]
            )
            let row = try #require(rows.first)
            #expect(row.column("i") == .integer(-42))
            #expect(row.column("f") == .float(2.5))
            #expect(row.column("t") == .text("naïve ✓"))
            #expect(row.column("b") == .blob(blob))
            #expect(row.column("n") == .null)
            #expect(row.column("empty") == .text(""))
            #expect(row.column("missing") == nil)
        }
    }

    @Test func aBadStatementIsAStoreErrorAndTheConnectionStaysUsable() async throws {
        try await Self.withSQLite { storage, provider in
            await #expect(throws: StoreError.self) {
                _ = try await provider.readRowsInline("SELECT * FROM no_such_table WHERE x = ?", [.integer(1)])
            }
            // A failed step must not leave a read transaction open on the connection.
            await #expect(throws: StoreError.self) {
                _ = try await provider.readRowsInline("SELECT abs(?)", [.integer(Int.min)])
            }
            let app = try await StorageContractTests.insertApp(storage)
            let link = Fixtures.link(appId: app.id, shortCode: "after-error")
            try await storage.insertLink(link)
            for _ in 0..<8 {
                #expect(try await storage.link(shortCode: "after-error", appId: app.id) == link)
            }
        }
    }

    @Test func concurrentReadsEachFindTheirOwnLink() async throws {
        try await Self.withSQLite { storage, _ in
            let app = try await StorageContractTests.insertApp(storage)
            let links = (0..<40).map { Fixtures.link(appId: app.id, shortCode: "many-\($0)") }
            for link in links { try await storage.insertLink(link) }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for round in 0..<400 {
                    let link = links[round % links.count]
                    group.addTask { try await storage.link(shortCode: link.shortCode, appId: app.id) == link }
                }
                for try await found in group { #expect(found) }
            }
        }
    }
}

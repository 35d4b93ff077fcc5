import Foundation
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import ServiceLifecycle
import Testing

@Suite("Click recorder: batched writes that lose nothing on shutdown")
struct ClickRecorderTests {
    static let logger = Logger(label: "click-recorder-test")

    /// An app and a link to hang clicks on.
    static func seed(_ storage: SQLStorage) async throws -> (app: AppRecord, link: LinkRecord) {
        let date = Date(epochMilliseconds: 1_790_000_000_000)
        let app = AppRecord(
            id: UUID().uuidString, slug: "clicks-\(UUID().uuidString.prefix(8).lowercased())", name: "Clicks", domains: [],
            settings: AppSettings(), createdAt: date, updatedAt: date)
        try await storage.insertApp(app)
        let link = LinkRecord(
            id: UUID().uuidString, appId: app.id, shortCode: "c\(UUID().uuidString.prefix(8))",
            content: LinkContent(originalUrl: "https://example.com"), createdAt: date, updatedAt: date)
        try await storage.insertLink(link)
        return (app, link)
    }

    static func click(_ link: LinkRecord, token: String = UUID().uuidString) -> ClickRecord {
        ClickRecord(
            id: UUID().uuidString, appId: link.appId, linkId: link.id, clickedAt: Date(epochMilliseconds: 1_790_000_000_500),
            clickToken: token, platform: "ios", deviceClass: "phone"
        )
    }

    @Test func flushWritesEveryBufferedClick() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await Self.seed(storage)
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 100, logger: Self.logger)
            for _ in 0..<7 { try await recorder.record(Self.click(link)) }
            #expect(recorder.pendingCount == 7)
            #expect(try await storage.clickCount(appId: app.id) == 0)
            try await recorder.flush()
            #expect(recorder.pendingCount == 0)
            #expect(try await storage.clickCount(appId: app.id) == 7)
        }
    }

    /// A buffer larger than one write goes out in several; the one that fails stays buffered with
    /// those after it, and nothing already stored is written twice.
    @Test func aLargeBufferIsWrittenInSlicesAndAFailedSliceStaysBuffered() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await Self.seed(storage)
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 10_000, logger: Self.logger)
            let size = storage.largestClickWrite
            for index in 0..<(size + 10) {
                try await recorder.record(Self.click(link, token: index == 0 ? "stored-token" : UUID().uuidString))
            }
            try await recorder.flush()
            #expect(try await storage.clickCount(appId: app.id) == size + 10)

            // The second slice repeats a stored click's token, which the database refuses.
            for index in 0..<(2 * size) {
                try await recorder.record(Self.click(link, token: index == size ? "stored-token" : UUID().uuidString))
            }
            await #expect(throws: (any Error).self) { try await recorder.flush() }
            #expect(try await storage.clickCount(appId: app.id) == 2 * size + 10)
            #expect(recorder.pendingCount == size)
        }
    }

    @Test func aFullBufferIsWrittenInsteadOfDropped() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await Self.seed(storage)
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 3, logger: Self.logger)
            for _ in 0..<3 { try await recorder.record(Self.click(link)) }
            #expect(recorder.pendingCount == 0)
            #expect(try await storage.clickCount(appId: app.id) == 3)
        }
    }

    @Test func signalsMergeIntoABufferedClick() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (_, link) = try await Self.seed(storage)
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 100, logger: Self.logger)
            try await recorder.record(Self.click(link, token: "buffered-token"))
            let signals = ClickSignals(screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Paris", language: "fr-FR")
            #expect(try await recorder.applySignals(signals, clickToken: "buffered-token"))
            try await recorder.flush()
            let stored = try #require(try await storage.click(token: "buffered-token"))
            #expect(stored.signals == ClickSignals(screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Paris", language: "fr-FR"))
        }
    }

    @Test func signalsUpdateAClickAlreadyWritten() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (_, link) = try await Self.seed(storage)
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 100, logger: Self.logger)
            try await recorder.record(Self.click(link, token: "written-token"))
            try await recorder.flush()
            #expect(try await recorder.applySignals(ClickSignals(timezone: "Asia/Tokyo"), clickToken: "written-token"))
            #expect(try await storage.click(token: "written-token")?.signals.timezone == "Asia/Tokyo")
            #expect(try await recorder.applySignals(ClickSignals(timezone: "Asia/Tokyo"), clickToken: "no-such-token") == false)
        }
    }

    @Test func gracefulShutdownWritesTheBuffer() async throws {
        try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let (app, link) = try await Self.seed(storage)
            // An interval no test waits for: only the shutdown flush can write these clicks.
            let recorder = ClickRecorder(storage: storage, flushInterval: .seconds(3600), capacity: 10_000, logger: Self.logger)
            let group = ServiceGroup(services: [recorder], logger: Self.logger)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                for _ in 0..<250 { try await recorder.record(Self.click(link)) }
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            #expect(recorder.pendingCount == 0)
            #expect(try await storage.clickCount(appId: app.id) == 250)
        }
    }
}

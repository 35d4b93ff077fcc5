import Foundation
import Testing
@testable import LandfallKit

@Suite("Storage")
struct StorageTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("landfallkit-tests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func fileStorageKeepsDataAcrossInstances() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await FileStorage(directory: directory).setData(Data("hello".utf8), forKey: "landfall.state")
        let reread = try await FileStorage(directory: directory).data(forKey: "landfall.state")
        #expect(reread == Data("hello".utf8))
    }

    @Test func fileStorageAnswersNilForAMissingKeyAndRemovesQuietly() async throws {
        let storage = FileStorage(directory: temporaryDirectory())
        #expect(try await storage.data(forKey: "landfall.queue") == nil)
        try await storage.removeData(forKey: "landfall.queue")
    }

    @Test func fileStorageKeepsKeysInsideItsDirectory() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await FileStorage(directory: directory).setData(Data("x".utf8), forKey: "../escape")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
    }

    @Test func aClientOnFileStorageRemembersItsInstallAcrossLaunches() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = StubTransport()
        await transport.on("POST", "/api/sdk/v1/install", .json(200, Harness.attributed))
        func launch() -> LandfallClient {
            LandfallClient(
                storage: FileStorage(directory: directory), transport: transport, clock: TestClock(),
                deviceInfo: StaticDeviceInfoProvider(Harness.iPhone), logger: RecordingLogger()
            )
        }
        try await launch().start(with: Harness.configuration())
        let second = launch()
        try await second.start(with: Harness.configuration())
        #expect(await second.installID == "I1")
        #expect(await transport.requests.count == 1)
    }

    @Test func userDefaultsStorageRoundTripsInItsSuite() async throws {
        let suite = "landfallkit.tests.\(UUID().uuidString)"
        defer { UserDefaults().removePersistentDomain(forName: suite) }
        let storage: any KeyValueStorage = UserDefaultsStorage(suiteName: suite)
        try await storage.setData(Data("hello".utf8), forKey: "landfall.state")
        #expect(try await storage.data(forKey: "landfall.state") == Data("hello".utf8))
        try await storage.removeData(forKey: "landfall.state")
        #expect(try await storage.data(forKey: "landfall.state") == nil)
    }

    @Test func inMemoryStorageRoundTrips() async {
        let storage = InMemoryStorage()
        await storage.setData(Data([1]), forKey: "k")
        #expect(await storage.data(forKey: "k") == Data([1]))
        await storage.removeData(forKey: "k")
        #expect(await storage.keys.isEmpty)
    }

    @Test func anUnreadableStoredStateStartsAsANewInstall() async throws {
        let harness = Harness(storage: InMemoryStorage(["landfall.state": Data("not json".utf8)]))
        let client = try await harness.startedClient()
        #expect(await client.installID == "I0")
        #expect(await harness.transport.requests(to: "/api/sdk/v1/install").count == 1)
    }
}

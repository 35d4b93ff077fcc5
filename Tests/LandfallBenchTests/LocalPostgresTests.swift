import Foundation
@testable import LandfallBench
import LandfallLocalPostgres
import Testing

@Suite("Local PostgreSQL clusters")
struct LocalPostgresTests {
    /// Runs `SHOW setting` in `cluster` with psql.
    static func show(_ setting: String, in cluster: LocalPostgresCluster, directory: TestDirectory) async throws -> String {
        let psql = cluster.binaryDirectory.appendingPathComponent("psql")
        let process = try ManagedProcess.start(
            psql,
            arguments: [
                "-h", cluster.host, "-p", String(cluster.port), "-U", cluster.username, "-d", "bench", "-At", "-c", "SHOW \(setting)",
            ],
            logDirectory: directory.url, logName: "psql-\(setting).log"
        )
        let status = try await process.waitForExit(timeout: .seconds(30))
        let output = try String(contentsOf: process.logFile, encoding: .utf8)
        try #require(status.isSuccess, "psql failed: \(output)")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aDurableClusterSyncsAndStopsOnRequest() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        var settings = LocalPostgresSettings.durable
        settings.parentDirectory = directory.url
        let cluster = try await LocalPostgres.start(settings)
        do {
            try await cluster.createDatabase("bench")
            #expect(try await Self.show("fsync", in: cluster, directory: directory) == "on")
            #expect(try await Self.show("synchronous_commit", in: cluster, directory: directory) == "on")
            #expect(try await Self.show("full_page_writes", in: cluster, directory: directory) == "on")
            #expect(try await Self.show("shared_buffers", in: cluster, directory: directory) == "256MB")
            #expect(try await Self.show("max_connections", in: cluster, directory: directory) == "200")
            #expect(cluster.url(database: "bench") == "postgres://landfall@127.0.0.1:\(cluster.port)/bench")
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
        #expect(!FileManager.default.fileExists(atPath: cluster.directory.path))
        #expect(!LoopbackTCP.isAccepting(host: "127.0.0.1", port: cluster.port))
        // A second stop has nothing left to do.
        try await cluster.stop()
    }

    @Test func theTestSettingsTradeDurabilityForSpeed() {
        let settings = LocalPostgresSettings.test
        #expect(!settings.fsync)
        #expect(!settings.fullPageWrites)
        #expect(settings.maxConnections == 300)
        #expect(settings.directoryPrefix == "landfall-pg")
    }

    @Test func settingsThatCannotBeWrittenAreRejected() async throws {
        var settings = LocalPostgresSettings.durable
        settings.additional = ["work_mem; DROP": "1MB"]
        await #expect(throws: LocalPostgresError.self) { _ = try await LocalPostgres.start(settings) }
    }

    @Test func databaseNamesAreCheckedBeforeCreatedb() async throws {
        let cluster = try await LocalPostgres.shared()
        await #expect(throws: LocalPostgresError.self) { try await cluster.createDatabase("x; rm -rf /") }
        // The shared cluster is the same for every caller.
        #expect(try await LocalPostgres.shared() == cluster)
    }
}

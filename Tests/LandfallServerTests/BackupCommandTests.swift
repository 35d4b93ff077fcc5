import ArgumentParser
import Foundation
import Testing
@testable import landfall

/// `landfall backup` and `landfall restore` on SQLite files: what they copy, and what they refuse
/// while leaving everything as it was.
struct BackupCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-backup-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func run(_ arguments: [String]) async throws {
        var command = try Landfall.parseAsRoot(arguments + ["--log-level", "error"])
        if var asynchronous = command as? any AsyncParsableCommand {
            try await asynchronous.run()
        } else {
            try command.run()
        }
    }

    @Test func aBackupIsRestoredIntoANewFileAndNeitherOverwritesWithoutForce() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await run(["migrate", "--database", "sqlite:" + path("live.sqlite")])
        try await run(["apps", "create", "--name", "Kept", "--database", "sqlite:" + path("live.sqlite")])
        try await run(["backup", "--database", "sqlite:" + path("live.sqlite"), "--to", path("copy.sqlite")])
        await #expect(throws: ValidationError.self) {
            try await run(["backup", "--database", "sqlite:" + path("live.sqlite"), "--to", path("copy.sqlite")])
        }
        try await run(["restore", "--database", "sqlite:" + path("restored.sqlite"), "--from", path("copy.sqlite")])
        await #expect(throws: ValidationError.self) {
            try await run(["restore", "--database", "sqlite:" + path("restored.sqlite"), "--from", path("copy.sqlite")])
        }
        try await run(["restore", "--database", "sqlite:" + path("restored.sqlite"), "--from", path("copy.sqlite"), "--force"])
        #expect(FileManager.default.fileExists(atPath: path("restored.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: path("restored.sqlite.restoring")))
    }

    @Test func aFileThatIsNoLandfallDatabaseIsRefusedBeforeAnythingIsTouched() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: path("junk.sqlite")))
        try Data("the database in place".utf8).write(to: URL(fileURLWithPath: path("target.sqlite")))
        await #expect(throws: ValidationError.self) {
            try await run(["restore", "--database", "sqlite:" + path("target.sqlite"), "--from", path("junk.sqlite"), "--force"])
        }
        #expect(try String(contentsOfFile: path("target.sqlite"), encoding: .utf8) == "the database in place")
        await #expect(throws: ValidationError.self) {
            try await run(["backup", "--database", "sqlite:" + path("absent.sqlite"), "--to", path("copy.sqlite")])
        }
        #expect(!FileManager.default.fileExists(atPath: path("absent.sqlite")))
    }
}

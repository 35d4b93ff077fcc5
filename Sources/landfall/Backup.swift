import ArgumentParser
import Foundation
import LandfallStore
import Logging

/// `landfall backup`: a consistent copy of a live SQLite database.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy a SQLite database while the server keeps serving (PostgreSQL: pg_dump, see docs/operations.md)."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("to"), help: "The file to write; it must not exist unless --force")
    var destination: String

    @Flag(help: "Replace the file at --to if there is one")
    var force = false

    func run() async throws {
        guard case .sqlite(let path?) = try database.location() else {
            throw ValidationError("backup copies a SQLite file; back up PostgreSQL with pg_dump (docs/operations.md)")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("there is no database at \(path)") }
        try BackupFiles.clear(destination, force: force)
        let logger = try database.makeLogger()
        do {
            try await StorageFactory.withStorage(at: .sqlite(path: path), logger: logger) { storage, _ in
                try await storage.backUp(to: destination)
            }
        } catch {
            // A half-written copy (a full disk) is no backup: take it away, the database is untouched.
            try? FileManager.default.removeItem(atPath: destination)
            throw BackupFailure("the backup to \(destination) failed and was removed; the database is untouched: \(error)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
        print("Backed up \(path) to \(destination) (\(size) bytes).")
    }
}

/// `landfall restore`: puts a backup back in place of a stopped server's SQLite file.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace a SQLite database with a backup, after checking the backup (stop the server first)."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("from"), help: "The backup made by landfall backup")
    var source: String

    @Flag(help: "Replace the database at --database if there is one")
    var force = false

    func run() async throws {
        guard case .sqlite(let path?) = try database.location() else {
            throw ValidationError("restore replaces a SQLite file; restore PostgreSQL with pg_restore (docs/operations.md)")
        }
        guard FileManager.default.fileExists(atPath: source) else { throw ValidationError("there is no backup at \(source)") }
        try await BackupFiles.check(source, logger: try database.makeLogger())
        try BackupFiles.clear(path, force: force)
        // Copied beside the target and renamed into place, so the database is whole or absent.
        let staging = path + ".restoring"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.copyItem(atPath: source, toPath: staging)
        try FileManager.default.moveItem(atPath: staging, toPath: path)
        print("Restored \(source) to \(path).")
    }
}

/// A backup or restore that could not finish; the message says what was left as it was.
struct BackupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum BackupFiles {
    /// Refuses an existing file unless `force`; with it, removes the file and its write-ahead log
    /// (a log left beside a replaced database would be replayed into it).
    static func clear(_ path: String, force: Bool) throws {
        let files = [path, path + "-wal", path + "-shm"]
        guard files.contains(where: FileManager.default.fileExists(atPath:)) else { return }
        guard force else { throw ValidationError("\(path) exists; pass --force to replace it") }
        for file in files where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }

    /// A Landfall SQLite database whose pages and indexes are whole and whose every migration this
    /// version knows, else a refusal that touched nothing.
    static func check(_ path: String, logger: Logger) async throws {
        let verdict: String?
        do {
            verdict = isSQLiteFile(path) ? try await verdictOn(path, logger: logger) : "it is not a SQLite database"
        } catch {
            verdict = "it is not a readable SQLite database (\(error))"
        }
        if let verdict { throw ValidationError("\(path) cannot be restored: \(verdict); nothing was changed") }
    }

    /// Every SQLite database file begins with this header; reading it first keeps anything else
    /// from being opened at all.
    static func isSQLiteFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    private static func verdictOn(_ path: String, logger: Logger) async throws -> String? {
        try await StorageFactory.withStorage(at: .sqlite(path: path), logger: logger) { storage, provider in
            let integrity = (try? await storage.integrityCheck()) ?? ["not a SQLite database"]
            guard integrity == ["ok"] else { return "it fails SQLite's integrity check: \(integrity.prefix(3).joined(separator: "; "))" }
            let status = try await Migrator(provider: provider).status()
            if status.applied.isEmpty { return "it is not a Landfall database (no migrations applied)" }
            if !status.unknown.isEmpty { return "it comes from a newer Landfall (\(status.unknown.joined(separator: ", ")))" }
            return nil
        }
    }
}

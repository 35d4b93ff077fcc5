import Foundation
import LandfallBench
import Testing

/// `scripts/test-tools` is the one list of programs outside Swift that the tests and benchmarks run;
/// `scripts/install-test-deps` installs exactly what it names. These tests keep code and list in step,
/// so a suite cannot start needing a program that a fresh machine lacks (as nginx and wrk once did).
@Suite("external tools manifest")
struct ExternalToolsManifestTests {
    struct Entry: Equatable {
        let command: String
        /// The Debian package that installs it, or nil for programs every machine has.
        let package: String?
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func manifest() throws -> [String: Entry] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/test-tools"), encoding: .utf8)
        var entries: [String: Entry] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let command = fields.first, !command.hasPrefix("#") else { continue }
            guard fields.count >= 2 else {
                Issue.record("scripts/test-tools: '\(line)' names no package (use - for a program every machine has)")
                continue
            }
            entries[command] = Entry(command: command, package: fields[1] == "-" ? nil : fields[1])
        }
        return entries
    }

    /// A program looked up by name in code: `Executables.find("x"` or `Executables.require("x", package: "p"`.
    struct Lookup: Equatable, CustomStringConvertible {
        let command: String
        let package: String?
        let file: String
        var description: String { "\(command) (in \(file))" }
    }

    static func lookups(in text: String, file: String) throws -> [Lookup] {
        let pattern = try NSRegularExpression(
            pattern: #"Executables\.(?:find|require)\(\s*"([^"]+)"(?:\s*,\s*package:\s*"([^"]+)")?"#
        )
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            guard let command = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { return nil }
            let package = Range(match.range(at: 2), in: text).map { String(text[$0]) }
            return Lookup(command: command, package: package, file: file)
        }
    }

    static func swiftFiles() -> [URL] {
        let folders = ["Sources", "Tests"].map { repositoryRoot.appendingPathComponent($0) }
        return folders.flatMap { folder -> [URL] in
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
            return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        }
    }

    @Test func everyProgramTheCodeLooksUpIsListedWithItsPackage() throws {
        let manifest = try Self.manifest()
        let thisFile = URL(fileURLWithPath: #filePath).lastPathComponent
        var found: [Lookup] = []
        for file in Self.swiftFiles() where file.lastPathComponent != thisFile {
            found += try Self.lookups(in: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
        }
        #expect(found.contains { $0.command == "wrk" }, "the scan found no lookups at all; has Executables been renamed?")
        for lookup in found {
            guard let entry = manifest[lookup.command] else {
                Issue.record(
                    "\(lookup) is not in scripts/test-tools, so scripts/install-test-deps would not install it on a fresh machine; add a line: \(lookup.command) <debian-package> <who runs it>"
                )
                continue
            }
            if let package = lookup.package {
                #expect(entry.package == package, "\(lookup) names package \(package) but scripts/test-tools says \(entry.package ?? "-")")
            }
        }
    }

    @Test func postgreSQLServerProgramsAreListed() throws {
        let manifest = try Self.manifest()
        for command in ["initdb", "pg_ctl", "postgres"] {
            #expect(manifest[command]?.package == "postgresql", "\(command) must be listed with the package postgresql")
        }
    }

    @Test func theScanReadsBothCallForms() throws {
        let text = #"""
            let a = Executables.find("tail")
            let b = try Executables.require("nginx", package: "nginx-light")
            let c = Executables.find(name)
            """#
        let found = try Self.lookups(in: text, file: "Example.swift")
        #expect(
            found == [
                Lookup(command: "tail", package: nil, file: "Example.swift"),
                Lookup(command: "nginx", package: "nginx-light", file: "Example.swift"),
            ])
    }

    /// `scripts/test` runs the install script first, so every listed program must be there: a missing one
    /// means the script and the list disagree, which this says more clearly than the suite that needs it.
    @Test func everyListedProgramIsInstalled() throws {
        for entry in try Self.manifest().values {
            let installed =
                Executables.find(entry.command) != nil
                || (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?.contains {
                    FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/\(entry.command)")
                } == true
            #expect(
                installed,
                "\(entry.command) (\(entry.package ?? "base system")) is listed in scripts/test-tools but not installed; run scripts/install-test-deps"
            )
        }
    }
}

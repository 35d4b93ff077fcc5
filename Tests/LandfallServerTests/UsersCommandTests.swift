import Foundation
@testable import LandfallServer
import LandfallStore
import Logging
import Testing

/// `landfall users`: the built binary, its password fed on standard input as a script would.
@Suite("landfall users")
struct UsersCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-users-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var database: String { "sqlite:" + directory.appendingPathComponent("landfall.sqlite").path }

    /// Runs the binary with `input` on its standard input; returns its exit status and output.
    func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try ServerProcess.binary()
        process.arguments = arguments + ["--log-level", "error"]
        let stdin = Pipe(), output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("users add makes an owner with the password from standard input; list shows it; remove deletes it")
    func addListRemove() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServerProcess.run(["migrate", "--database", database])
        try await ServerProcess.run(["apps", "create", "--name", "Mealtime", "--database", database])
        let password = "a password typed once"
        let added = try run(
            ["users", "add", "--email", "Ana@Example.com", "--app", "mealtime", "--role", "owner", "--database", database],
            input: password + "\n")
        #expect(added.status == 0, "\(added.output)")
        #expect(added.output.contains("ana@example.com is owner of mealtime"))
        #expect(!added.output.contains(password))

        let location = try DatabaseLocation(parsing: database)
        let user = try #require(
            try await StorageFactory.withStorage(at: location, logger: Logger(label: "test")) { storage, _ in
                try await storage.dashboardUser(email: "ana@example.com")
            })
        #expect(user.passwordHash.hasPrefix("$scrypt$ln=16,r=8,p=2$"))
        #expect(await PasswordHasher().verify(password, against: user.passwordHash))

        let list = try await ServerProcess.run(["users", "list", "--database", database])
        #expect(list.contains("ana@example.com") && list.contains(":owner"))
        let removed = try run(["users", "remove", "--email", "ana@example.com", "--database", database], input: "")
        #expect(removed.status == 0, "\(removed.output)")
        #expect(!(try await ServerProcess.run(["users", "list", "--database", database])).contains("ana@example.com"))
    }

    @Test("no password on standard input, a short one or an unknown role: refused, and no account is made")
    func refusals() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServerProcess.run(["migrate", "--database", database])
        try await ServerProcess.run(["apps", "create", "--name", "Mealtime", "--database", database])
        let base = ["users", "add", "--email", "bo@example.com", "--app", "mealtime", "--database", database]
        let empty = try run(base, input: "")
        #expect(empty.status != 0 && empty.output.contains("no password on standard input"))
        let short = try run(base, input: "short\n")
        #expect(short.status != 0 && short.output.contains("password"))
        let role = try run(base + ["--role", "admin"], input: "long enough password\n")
        #expect(role.status != 0 && role.output.contains("--role must be owner, editor or viewer"))
        #expect(!(try await ServerProcess.run(["users", "list", "--database", database])).contains("bo@example.com"))
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

@Suite("landfall safety")
struct LinkSafetyCLITests {
    @Test("domain lists set from the command line re-evaluate links the server then serves accordingly")
    func listsFromTheCommandLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-safety-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databasePath = directory.appendingPathComponent("landfall.sqlite").path
        let database = ["--database", "sqlite:\(databasePath)", "--log-level", "error"]

        try await TestServer.run(configure: { $0.database = .sqlite(path: databasePath) }) { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "slug": "acme"}"#)
            _ = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://a.evil.example/x", "customCode": "evil-one"}"#)

            let set = try await ServerProcess.run(
                ["safety", "set", "--app", "acme", "Evil.Example", "--state", "block", "--note", "phishing"] + database)
            #expect(set.contains("evil.example: block; 1 links changed"))
            let deployment = try await ServerProcess.run(["safety", "set", "bad.example", "--state", "warn"] + database)
            #expect(deployment.contains("bad.example: warn; 0 links changed"))
            #expect(try await ServerProcess.run(["safety", "list", "--app", "acme"] + database).contains("evil.example  block  phishing"))
            #expect(try await ServerProcess.run(["safety", "list"] + database).contains("bad.example  warn"))
            await #expect(throws: (any Error).self) {
                try await ServerProcess.run(["safety", "set", "--app", "acme", "x.example", "--state", "allow"] + database)
            }
            // The verdict was stored on the link by another process: this server reads it on its next lookup.
            let stored = try await server.storage.link(shortCode: "evil-one", appId: tenant.app.id)
            #expect(stored?.domainSafety == .block)
            #expect(try await server.send(.get, "/evil-one", headers: [.userAgent: RealUserAgents.desktopChrome]).status == .notFound)

            #expect(
                try await ServerProcess.run(["safety", "remove", "--app", "acme", "evil.example"] + database).contains("1 links changed"))
            #expect(try await server.storage.link(shortCode: "evil-one", appId: tenant.app.id)?.domainSafety == .allow)
        }
    }
}

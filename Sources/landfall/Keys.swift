import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore

struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create and revoke an app's API keys (straight against the database).",
        subcommands: [Create.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a key; it is printed once.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "secret (management, link creation) or publishable (SDK)") var kind: String = "secret"
        @Option(help: "A label for the key") var name: String?

        func validate() throws {
            guard APIKeyRecord.Kind(rawValue: kind) != nil else { throw ValidationError("--kind must be secret or publishable") }
        }

        func run() async throws {
            let (reference, kind, name) = (app, APIKeyRecord.Kind(rawValue: kind) ?? .secret, name)
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let created = try await AppService(storage: storage).createKey(appId: app.id, kind: kind, name: name)
                print("Key \(created.record.id) (\(kind.rawValue)) for \(app.slug). It is shown only once:\n\(created.key)")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "Key id") var key: String

        func run() async throws {
            let (reference, keyId) = (app, key)
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                guard try await storage.revokeKey(id: keyId, appId: app.id, at: Date()) else {
                    throw ValidationError("app \(app.slug) has no key \(keyId)")
                }
                print("Revoked key \(keyId).")
            }
        }
    }
}

import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore

/// `landfall safety …`: the domain block and warn lists, straight against the database.
struct Safety: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the domain block and warn lists (one per app, one for the deployment).",
        discussion: """
            Changes go straight to the database and re-evaluate the links they concern at once. A
            running server sees them within a second (it polls the database's catalog revision); the
            API (/api/safety/domains, /api/admin/safety/domains) makes the server that answers see
            them immediately.
            """,
        subcommands: [List.self, SetEntry.self, Remove.self]
    )

    struct Scope: ParsableArguments {
        @Option(help: "App id or slug; without it, the deployment-wide list") var app: String?

        func resolve(in storage: SQLStorage) async throws -> SafetyScope {
            guard let app else { return .deployment }
            return .app(try await StorageCommand.app(app, in: storage).id)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a domain list.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var scope: Scope

        func run() async throws {
            let scope = scope
            try await StorageCommand.run(database) { storage in
                for entry in try await LinkSafetyService(storage: storage).entries(try await scope.resolve(in: storage)) {
                    print("\(entry.domain)  \(entry.state.rawValue)  \(entry.note ?? "")")
                }
            }
        }
    }

    struct SetEntry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Add a domain (and every host under it) to a list, or change its state."
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var scope: Scope
        @Argument(help: "Domain, e.g. evil.example") var domain: String
        @Option(help: "warn or block") var state: String
        @Option(help: "Why, for whoever reads the list later") var note: String?

        func validate() throws {
            guard let state = LinkSafety(rawValue: state), state != .allow else { throw ValidationError("--state must be warn or block") }
            _ = try normalized()
        }

        private func normalized() throws -> String {
            do { return try LinkSafetyService.normalizedDomain(domain) } catch { throw ValidationError("'\(domain)' is not a domain name") }
        }

        func run() async throws {
            let (scope, domain, state, note) = (scope, try normalized(), LinkSafety(rawValue: state) ?? .warn, note)
            try await StorageCommand.run(database) { storage in
                let change = try await LinkSafetyService(storage: storage).put(
                    domain: domain, state: state, note: note, scope: try await scope.resolve(in: storage))
                print("\(domain): \(state.rawValue); \(change.linksChanged) links changed")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a domain from a list.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var scope: Scope
        @Argument(help: "Domain, e.g. evil.example") var domain: String

        func run() async throws {
            let scope = scope
            let domain: String
            do { domain = try LinkSafetyService.normalizedDomain(self.domain) } catch {
                throw ValidationError("'\(self.domain)' is not a domain name")
            }
            try await StorageCommand.run(database) { storage in
                guard
                    let changed = try await LinkSafetyService(storage: storage).delete(
                        domain: domain, scope: try await scope.resolve(in: storage))
                else {
                    throw ValidationError("the list has no entry for \(domain)")
                }
                print("\(domain) removed; \(changed) links changed")
            }
        }
    }
}

import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore

struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dashboard accounts and their roles per app (straight against the database).",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give an account a role in an app, making the account first if the email has none.",
            discussion: """
                A new account's password is read from a prompt on a terminal, or else from the first line of \
                standard input; never from an argument. An existing account keeps its password.
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "The account's email") var email: String
        @Option(help: "App id or slug") var app: String
        @Option(help: "owner (everything, keys and members too), editor (links, templates, referrals, webhooks) or viewer (read only)")
        var role: String = "viewer"

        func validate() throws {
            guard DashboardRole(rawValue: role) != nil else { throw ValidationError("--role must be owner, editor or viewer") }
        }

        func run() async throws {
            let (email, reference, role) = (DashboardAccountService.normalizedEmail(email), app, DashboardRole(rawValue: role) ?? .viewer)
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let accounts = DashboardAccountService(storage: storage)
                do {
                    var user = try await storage.dashboardUser(email: email)
                    if user == nil {
                        user = try await accounts.createUser(email: email, password: try PasswordInput.read())
                        print("Created dashboard user \(email).")
                    }
                    guard let user else { return }
                    _ = try await accounts.setRole(userId: user.id, appId: app.id, role: role)
                    print("\(email) is \(role.rawValue) of \(app.slug).")
                } catch let error as APIError {
                    throw ValidationError(error.message)
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List dashboard accounts with their roles.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await StorageCommand.run(database) { storage in
                for user in try await storage.dashboardUsers() {
                    let roles = try await storage.dashboardMemberships(userId: user.id).map { "\($0.appId):\($0.role.rawValue)" }
                    print("\(user.id)  \(user.email)  \(roles.joined(separator: ","))")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an account from one app (--app), or delete it with every session (no --app).")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "The account's email") var email: String
        @Option(help: "App id or slug") var app: String?

        func run() async throws {
            let (email, reference) = (DashboardAccountService.normalizedEmail(email), app)
            try await StorageCommand.run(database) { storage in
                guard let user = try await storage.dashboardUser(email: email) else { throw ValidationError("no dashboard user \(email)") }
                if let reference {
                    let app = try await StorageCommand.app(reference, in: storage)
                    guard try await storage.deleteDashboardMembership(userId: user.id, appId: app.id) else {
                        throw ValidationError("\(email) is not a member of \(app.slug)")
                    }
                    print("Removed \(email) from \(app.slug).")
                } else {
                    _ = try await storage.deleteDashboardUser(id: user.id)
                    print("Deleted dashboard user \(email) and signed it out everywhere.")
                }
            }
        }
    }
}

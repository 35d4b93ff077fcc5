import ArgumentParser
import LandfallServer
import LandfallStore

struct Apps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create, list and configure apps (straight against the database).",
        subcommands: [Create.self, List.self, SetSettings.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an app.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "Display name") var name: String
        @Option(help: "URL-safe identifier (default: from the name)") var slug: String?
        @Option(name: .customLong("domain"), help: "A host the app serves links on (repeatable)") var domains: [String] = []
        @Option(help: "The app's URI scheme, e.g. myapp") var uriScheme: String?
        @Option(help: "Where links go when nothing better fits") var webFallbackUrl: String?

        func run() async throws {
            let (name, slug, domains, scheme, fallback) = (name, slug, domains, uriScheme, webFallbackUrl)
            try await StorageCommand.run(database) { storage in
                let app = try await AppService(storage: storage).createApp(
                    name: name, slug: slug, domains: domains, uriScheme: scheme, webFallbackUrl: fallback
                )
                print("Created app \(app.slug): \(app.id)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List apps.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await StorageCommand.run(database) { storage in
                for app in try await storage.listApps() {
                    print(
                        "\(app.id)  \(app.slug)  \(app.name)  \(app.domains.joined(separator: ","))\(app.settings.iosProbabilisticMatching ? "" : "  ios:deterministic-only")"
                    )
                }
            }
        }
    }
}

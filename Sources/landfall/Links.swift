import Foundation
import ArgumentParser
import LandfallServer
import LandfallStore

struct Links: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create and list an app's links (straight against the database).",
        subcommands: [Create.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a link.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "Web destination (http or https)") var url: String
        @Option(help: "Custom short code") var code: String?
        @Option(help: "In-app path, e.g. /product/42") var path: String?
        @Option(help: "Base URL of short links for apps without a domain (env LANDFALL_PUBLIC_URL)") var publicUrl: String?

        func run() async throws {
            let (reference, url, code, path) = (app, url, code, path)
            let publicURL = publicUrl ?? Environment.value("LANDFALL_PUBLIC_URL") ?? "http://127.0.0.1:8080"
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let service = LinkService(storage: storage, publicURL: publicURL)
                let link = try await service.createLink(app: app, originalUrl: url, customCode: code, deepLinkPath: path)
                print("\(service.url(for: link, app: app))  (id \(link.id))")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the newest links of an app.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "How many (1-200)") var limit: Int = 50

        func validate() throws {
            guard (1...200).contains(limit) else { throw ValidationError("--limit must be 1-200") }
        }

        func run() async throws {
            let (reference, limit) = (app, limit)
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let page = try await storage.listLinks(appId: app.id, query: LinkQuery(limit: limit))
                for link in page.links {
                    // The analytics count clicks folded past the retention age too; the raw rows alone would not.
                    let counts = try await storage.analytics(
                        appId: app.id, linkId: link.id, from: Date(timeIntervalSince1970: 0),
                        to: Date(timeIntervalSince1970: 253_402_300_800))
                    print(
                        "\(link.shortCode)  \(link.content.originalUrl ?? "-")  \(link.isActive ? "active" : "inactive")  clicks: \(counts.humanClicks) human, \(counts.botClicks) bot  \(link.id)"
                    )
                }
            }
        }
    }
}

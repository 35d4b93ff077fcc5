import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The "what Hummingbird alone can do" reference for the redirect benchmarks: `GET /:code` answers
/// `302 Location: <url>` from an in-memory dictionary, with nothing else on the path.
///
/// ```
/// landfall-reference --codes codes.tsv --port 0
/// listening on http://127.0.0.1:40123
/// ```
@main
struct ReferenceServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "landfall-reference",
        abstract: "A bare Hummingbird 302 server: the baseline Landfall's redirect benchmarks compare against."
    )

    @Option(help: "A file with one link per line: code<TAB>location.")
    var codes: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks any free port.")
    var port = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
    }

    func run() async throws {
        let table = try CodeTable(contentsOf: URL(fileURLWithPath: codes))
        var logger = Logger(label: "landfall-reference")
        logger.logLevel = .warning

        let router = Router()
        router.get(":code") { _, context -> Response in
            guard let code = context.parameters.get("code"), let location = table.location(for: code) else {
                return Response(status: .notFound)
            }
            return Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
        }
        let host = host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "landfall-reference"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                // Unbuffered, so a parent process reading the log sees it at once.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(bound)\n".utf8))
            },
            logger: logger
        )
        // runService installs the SIGTERM/SIGINT handlers and shuts down gracefully on either.
        try await app.runService()
    }
}

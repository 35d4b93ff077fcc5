import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore
import Logging

/// `landfall privacy …`: data-subject requests, straight against the database.
struct Privacy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Act on data-subject requests (GDPR) without a running server.",
        subcommands: [Erase.self]
    )

    struct Erase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Erase one person: every row tied to an install id or an external user id, in one transaction.",
            discussion: """
                The same erasure as POST /api/privacy/erasures. An id that is not stored removes nothing
                and succeeds. A running server forgets cached links and installs within a second (it polls the
                database's catalog revision).
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "The install to erase") var installId: String?
        @Option(help: "The app's own user id to erase (share links' externalUserId, referrals, Branch identity)") var userId: String?

        func validate() throws {
            switch (installId, userId) {
            case (nil, nil): throw ValidationError("give --install-id or --user-id")
            case (_?, _?): throw ValidationError("give --install-id or --user-id, not both")
            default: break
            }
            for (name, value) in [("--install-id", installId), ("--user-id", userId)] {
                let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines)
                if let trimmed, trimmed.isEmpty || trimmed.count > 256 { throw ValidationError("\(name) must be 1 to 256 characters") }
            }
        }

        /// The person named, trimmed as the API trims it (stored ids never carry outer whitespace).
        var subject: ErasureSubject? {
            let trim = { (value: String) in value.trimmingCharacters(in: .whitespacesAndNewlines) }
            return installId.map { .install(trim($0)) } ?? userId.map { .externalUser(trim($0)) }
        }

        func run() async throws {
            guard let subject else { throw ValidationError("give --install-id or --user-id") }
            let reference = app
            let logger = try database.makeLogger()
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let clock = ContinuousClock()
                let started = clock.now
                let report = try await EraseService(storage: storage).erase(subject, app: app, logger: logger)
                let elapsed = clock.now - started
                for (table, rows) in report.removedRows.sorted(by: { $0.key < $1.key }) where rows > 0 {
                    print("\(table)  \(rows)")
                }
                let total = report.removedRows.values.reduce(0, +)
                let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                let installs = report.installIds.isEmpty ? "none" : report.installIds.joined(separator: ", ")
                print("Erased \(total) rows in \(String(format: "%.1f", milliseconds)) ms; installs: \(installs)")
            }
        }
    }
}

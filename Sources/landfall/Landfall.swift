import ArgumentParser

/// The `landfall` command: run the server and manage apps, keys and links.
@main
struct Landfall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "landfall",
        abstract: "Self-hosted deep linking and install attribution.",
        subcommands: [
            Serve.self, Migrate.self, Apps.self, Keys.self, Links.self, Simulate.self, Skan.self, Import.self, Safety.self, Privacy.self,
            Backup.self, Restore.self, Health.self, Users.self,
        ],
        defaultSubcommand: Serve.self
    )
}

import ArgumentParser
import LandfallServer
import LandfallStore

extension Apps {
    struct SetSettings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change an app's settings.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The app's id or slug") var app: String
        @Option(help: "Match iOS installs without a click token on signals (false: click tokens only, for Apple's fingerprinting policy)")
        var iosProbabilisticMatching: Bool?

        func validate() throws {
            guard iosProbabilisticMatching != nil else {
                throw ValidationError("nothing to change: give --ios-probabilistic-matching true|false")
            }
        }

        func run() async throws {
            let (reference, iosProbabilistic) = (app, iosProbabilisticMatching)
            try await StorageCommand.run(database) { storage in
                var app = try await StorageCommand.app(reference, in: storage)
                if let iosProbabilistic {
                    app = try await AppService(storage: storage).setIOSProbabilisticMatching(iosProbabilistic, app: app)
                }
                print("App \(app.slug): iOS probabilistic matching \(app.settings.iosProbabilisticMatching ? "on" : "off")")
            }
        }
    }
}

import ArgumentParser
import Foundation
import LandfallServer
import LandfallStore

/// `landfall skan …`: an app's SKAdNetwork conversion schema and dev key, straight against the database.
struct Skan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "SKAdNetwork conversion values: schema, dev key, an install's current value.",
        subcommands: [SetSchema.self, ShowSchema.self, DeleteSchema.self, DevKey.self, Value.self]
    )

    struct SetSchema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-schema", abstract: "Validate and store the app's conversion schema (JSON, see README: SKAdNetwork)."
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "The schema JSON file, or - for standard input") var file: String

        func run() async throws {
            let json: Data
            if file == "-" {
                json = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
                json = data
            }
            let reference = app
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                do {
                    let schema = try await ConversionValueService(storage: storage).setSchema(json: json, appId: app.id)
                    print("Conversion schema of \(app.slug) stored:\n\(try Skan.render(schema))")
                } catch let error as APIError {
                    throw ValidationError("schema refused: \(error.message)")
                }
            }
        }
    }

    struct ShowSchema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show-schema", abstract: "Print the app's conversion schema.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String

        func run() async throws {
            let reference = app
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                guard let schema = try await ConversionValueService(storage: storage).schema(appId: app.id) else {
                    throw ValidationError("app \(app.slug) has no conversion schema")
                }
                print(try Skan.render(schema))
            }
        }
    }

    struct DeleteSchema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete-schema", abstract: "Remove the app's conversion schema.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String

        func run() async throws {
            let reference = app
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                guard try await ConversionValueService(storage: storage).deleteSchema(appId: app.id) else {
                    throw ValidationError("app \(app.slug) has no conversion schema")
                }
                print("Conversion schema of \(app.slug) removed.")
            }
        }
    }

    struct DevKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dev-key", abstract: "Issue the app's dev key (replacing any earlier one); it is printed once."
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String

        func run() async throws {
            let reference = app
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                let key = try await ConversionValueService(storage: storage).rotateDevKey(appId: app.id)
                if app.settings.iosAppStoreId == nil {
                    print("Note: \(app.slug) has no iosAppStoreId; conversion-value requests name the app by it.")
                }
                print("Dev key for \(app.slug). It is shown only once; the app signs conversion-value requests with it:\n\(key.devKey)")
            }
        }
    }

    struct Value: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the conversion value an install would get now (the v2 answer), recording nothing."
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "App id or slug") var app: String
        @Option(help: "Install id (the uid of a conversion-value request)") var install: String

        func run() async throws {
            let (reference, installId) = (app, install)
            try await StorageCommand.run(database) { storage in
                let app = try await StorageCommand.app(reference, in: storage)
                guard let install = try await storage.install(id: installId, appId: app.id) else {
                    throw ValidationError("app \(app.slug) has no install \(installId)")
                }
                do {
                    let state = try await ConversionValueService(storage: storage).previewValue(of: install)
                    print(ConversionValueState.v2Body(state))
                } catch let error as APIError {
                    throw ValidationError(error.message)
                }
            }
        }
    }

    static func render(_ schema: ConversionSchema) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(schema), as: UTF8.self)
    }
}

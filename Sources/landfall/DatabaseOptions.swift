import ArgumentParser
import Foundation
import LandfallStore
import Logging

/// `--database`, shared by every command that touches storage.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "sqlite:PATH, sqlite::memory: or postgres://USER:PASSWORD@HOST:PORT/DB (env LANDFALL_DATABASE; default sqlite:./landfall.sqlite)"
    )
    var database: String?

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical (env LANDFALL_LOG_LEVEL; default info)")
    var logLevel: String?

    func location() throws -> DatabaseLocation {
        let text = database ?? Environment.value("LANDFALL_DATABASE") ?? "sqlite:\(DatabaseLocation.defaultSQLitePath)"
        do {
            return try DatabaseLocation(parsing: text)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func validate() throws {
        _ = try location()
        _ = try level()
    }

    func level() throws -> Logger.Level {
        let text = logLevel ?? Environment.value("LANDFALL_LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("unknown log level \(text)")
        }
        return level
    }

    func makeLogger() throws -> Logger {
        var logger = Logger(label: "landfall")
        logger.logLevel = try level()
        return logger
    }
}

/// Environment variables, read in one place.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func flag(_ name: String) -> Bool {
        guard let value = value(name)?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}

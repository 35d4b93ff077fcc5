import Foundation

/// Where Landfall keeps its data, parsed from `--database` / `LANDFALL_DATABASE`.
///
/// Accepted forms: `sqlite:./landfall.sqlite`, `sqlite::memory:`, a bare path ending in `.sqlite`
/// or `.db`, and `postgres://user:password@host:5432/database?sslmode=disable|prefer|require`.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file, or an in-memory database when `path` is nil.
    case sqlite(path: String?)
    case postgres(PostgresLocation)

    public static let defaultSQLitePath = "./landfall.sqlite"

    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "sqlite::memory:" || trimmed == ":memory:" {
            self = .sqlite(path: nil)
        } else if trimmed.hasPrefix("sqlite://") {
            self = try .sqlite(path: Self.nonEmptyPath(String(trimmed.dropFirst("sqlite://".count))))
        } else if trimmed.hasPrefix("sqlite:") {
            self = try .sqlite(path: Self.nonEmptyPath(String(trimmed.dropFirst("sqlite:".count))))
        } else if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: trimmed))
        } else if trimmed.hasSuffix(".sqlite") || trimmed.hasSuffix(".db") {
            self = .sqlite(path: trimmed)
        } else {
            throw StoreError.invalidConfiguration("database must be sqlite:PATH, sqlite::memory: or postgres://USER@HOST:PORT/DB")
        }
    }

    private static func nonEmptyPath(_ path: String) throws -> String {
        guard !path.isEmpty else { throw StoreError.invalidConfiguration("sqlite: needs a file path") }
        return path
    }

    public var engine: StorageEngine {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// A form safe to log: never includes a password.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path ?? ":memory:")"
        case .postgres(let location):
            "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database ?? location.username)"
        }
    }
}

/// The parts of a `postgres://` URL.
public struct PostgresLocation: Sendable, Hashable {
    public enum TLSMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var tls: TLSMode

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil, tls: TLSMode = .disable)
    {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    init(url text: String) throws {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw StoreError.invalidConfiguration("cannot parse the PostgreSQL URL")
        }
        let database = components.path.split(separator: "/").first.map(String.init)
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        // libpq's verify-ca/verify-full both mean "TLS that must succeed" here.
        let tls: TLSMode =
            switch sslMode {
            case "disable", "allow": .disable
            case "prefer": .prefer
            case "require", "verify-ca", "verify-full": .require
            default: throw StoreError.invalidConfiguration("unknown sslmode \(sslMode)")
            }
        self.init(
            host: host,
            port: components.port ?? 5432,
            username: components.user?.removingPercentEncoding ?? "postgres",
            password: components.password?.removingPercentEncoding,
            database: database,
            tls: tls
        )
    }
}

/// A local PostgreSQL cluster could not be found, started, or used.
public struct LocalPostgresError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

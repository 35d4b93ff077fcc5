/// The hot paths on SQLite: short indexed reads through the provider's inline reader (cached
/// statements, run on the caller's thread), writes as single statements on the writer with their
/// values bound directly.
struct SQLiteHotPath: HotPath {
    let provider: SQLiteDatabaseProvider
}

extension SQLiteDatabaseProvider {
    public var hotPath: HotPathChoice { HotPathChoice(implementation: SQLiteHotPath(provider: self)) }
}

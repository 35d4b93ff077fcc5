extension Migration {
    /// One shared counter that every catalog change (app, link edit, key, template, webhook endpoint,
    /// safety list, erasure) moves in the transaction that makes the change, or right after a change
    /// that is one statement (so a refused edit moves nothing).
    ///
    /// Servers cache what a short URL resolves to; each watches this single row, so an edit through
    /// one server (or the CLI) empties the caches of every other within a poll, and the caches can
    /// keep hot links far longer than the few seconds a time to live alone could allow.
    static let catalogRevision = Migration(
        name: "0014_catalog_revision",
        statements: [
            "CREATE TABLE catalog_revision (id INTEGER PRIMARY KEY, revision BIGINT NOT NULL)",
            "INSERT INTO catalog_revision (id, revision) VALUES (1, 0)",
        ]
    )
}

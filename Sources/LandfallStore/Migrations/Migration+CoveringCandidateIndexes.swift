extension Migration {
    /// The candidate indexes hold only clicks still available to an install (partial: unconsumed,
    /// human) and carry each click's id and link, so an install walks them without reading a
    /// single click row. Reading the row of each of a few hundred candidates, spread over a table
    /// of millions, was most of a match's time. (SQLite also needs the predicate's own columns in
    /// the index to call it covering; they cost two bytes an entry, being NULL and 0 throughout.)
    static let coveringCandidateIndexes = Migration(
        name: "0004_covering_candidate_indexes",
        statements: [
            "DROP INDEX IF EXISTS clicks_candidates_prefix",
            "DROP INDEX IF EXISTS clicks_candidates_signature",
            """
            CREATE INDEX clicks_candidates_prefix ON clicks (app_id, platform, ip_prefix, clicked_at, id, link_id, install_id, is_bot)
            WHERE install_id IS NULL AND is_bot = 0
            """,
            """
            CREATE INDEX clicks_candidates_signature ON clicks (app_id, platform, signature, clicked_at, id, link_id, install_id, is_bot)
            WHERE install_id IS NULL AND is_bot = 0
            """,
        ],
        postgresStatements: [
            "DROP INDEX IF EXISTS clicks_candidates_prefix",
            "DROP INDEX IF EXISTS clicks_candidates_signature",
            """
            CREATE INDEX clicks_candidates_prefix ON clicks (app_id, platform, ip_prefix, clicked_at) INCLUDE (id, link_id)
            WHERE install_id IS NULL AND is_bot = false
            """,
            """
            CREATE INDEX clicks_candidates_signature ON clicks (app_id, platform, signature, clicked_at) INCLUDE (id, link_id)
            WHERE install_id IS NULL AND is_bot = false
            """,
        ]
    )
}

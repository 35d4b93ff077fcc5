extension Migration {
    /// One link per app and deduplication key, enforced by the database.
    ///
    /// Creations of one external user take turns inside a server, but two servers on one PostgreSQL
    /// could both look for the link, find nothing and both insert. Pairs stored before this
    /// migration keep their rows (links may have been shared already); only the oldest of each
    /// pair stays the one later requests are deduplicated to.
    static let uniqueShareLinks = Migration(
        name: "0013_unique_share_links",
        statements: [
            """
            UPDATE links SET dedup_key = NULL
            WHERE dedup_key IS NOT NULL AND EXISTS (
                SELECT 1 FROM links AS older
                WHERE older.app_id = links.app_id AND older.dedup_key = links.dedup_key
                  AND (older.created_at < links.created_at OR (older.created_at = links.created_at AND older.id < links.id)))
            """,
            "DROP INDEX links_app_dedup",
            "CREATE UNIQUE INDEX links_app_dedup ON links (app_id, dedup_key) WHERE dedup_key IS NOT NULL",
        ]
    )
}

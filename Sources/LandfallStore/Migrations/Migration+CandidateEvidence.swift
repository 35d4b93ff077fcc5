extension Migration {
    /// Each click keeps what the engine reads of it (`match_evidence`, written by the server with the
    /// click), and a link's own attribution window is a column with a partial index of the few links
    /// that have one. On PostgreSQL the candidate indexes also carry the evidence, so an install walks
    /// two index ranges and reads no click row and no link's JSON. On SQLite they stay narrow: with the
    /// evidence in both (about 90 bytes more per click, inserted at random places) the redirect's p99
    /// went from about 20 ms to about 1 s in full benchmark runs, so SQLite reads the candidates' rows
    /// and decodes their evidence instead of mapping them.
    ///
    /// Clicks stored before this migration have no evidence; matching maps their rows as before
    /// until they leave the attribution window. Rebuilding PostgreSQL's two indexes reads every click once.
    static let candidateEvidence = Migration(
        name: "0015_candidate_evidence",
        statements: [
            "ALTER TABLE clicks ADD COLUMN match_evidence TEXT",
            "ALTER TABLE links ADD COLUMN attribution_window_hours BIGINT",
            """
            UPDATE links SET attribution_window_hours = CAST(json_extract(content, '$.attributionWindowHours') AS BIGINT)
            WHERE json_extract(content, '$.attributionWindowHours') IS NOT NULL
            """,
            "CREATE INDEX links_attribution_window ON links (id, attribution_window_hours) WHERE attribution_window_hours IS NOT NULL",
        ],
        postgresStatements: [
            "ALTER TABLE clicks ADD COLUMN match_evidence TEXT",
            "ALTER TABLE links ADD COLUMN attribution_window_hours BIGINT",
            """
            UPDATE links SET attribution_window_hours = CAST(CAST(content AS jsonb) ->> 'attributionWindowHours' AS BIGINT)
            WHERE CAST(content AS jsonb) ->> 'attributionWindowHours' IS NOT NULL
            """,
            "CREATE INDEX links_attribution_window ON links (id) INCLUDE (attribution_window_hours) WHERE attribution_window_hours IS NOT NULL",
            "DROP INDEX IF EXISTS clicks_candidates_prefix",
            "DROP INDEX IF EXISTS clicks_candidates_signature",
            """
            CREATE INDEX clicks_candidates_prefix ON clicks (app_id, platform, ip_prefix, clicked_at)
            INCLUDE (id, link_id, match_evidence) WHERE install_id IS NULL AND is_bot = false
            """,
            """
            CREATE INDEX clicks_candidates_signature ON clicks (app_id, platform, signature, clicked_at)
            INCLUDE (id, link_id, ip_prefix, match_evidence) WHERE install_id IS NULL AND is_bot = false
            """,
        ]
    )
}

extension Migration {
    /// The candidate indexes carry what the engine reads of each click (`match_evidence`, written by
    /// the server with the click, and the network prefix), and a link's own attribution window is a
    /// column with a partial index of the few links that have one. An install then walks two index
    /// ranges and reads no click row and no link's JSON: the first read of each candidate's row, a
    /// random read in a table of millions, was what made a match's cold start slow.
    ///
    /// Clicks stored before this migration have no evidence; matching reads their rows as before
    /// until they leave the attribution window. Rebuilding the two indexes reads every click once.
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
            "DROP INDEX IF EXISTS clicks_candidates_prefix",
            "DROP INDEX IF EXISTS clicks_candidates_signature",
            """
            CREATE INDEX clicks_candidates_prefix
            ON clicks (app_id, platform, ip_prefix, clicked_at, id, link_id, match_evidence, install_id, is_bot)
            WHERE install_id IS NULL AND is_bot = 0
            """,
            """
            CREATE INDEX clicks_candidates_signature
            ON clicks (app_id, platform, signature, clicked_at, id, link_id, ip_prefix, match_evidence, install_id, is_bot)
            WHERE install_id IS NULL AND is_bot = 0
            """,
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

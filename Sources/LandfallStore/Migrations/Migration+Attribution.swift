extension Migration {
    /// Installs, events, app opens, the click columns and indexes attribution matches through, and
    /// the daily click statistics it weighs agreements against.
    static let attribution = Migration(
        name: "0002_attribution",
        statements: [
            "ALTER TABLE clicks ADD COLUMN ip_prefix TEXT",
            "ALTER TABLE clicks ADD COLUMN signature TEXT",
            "ALTER TABLE clicks ADD COLUMN install_id TEXT",
            "ALTER TABLE clicks ADD COLUMN client_os_version TEXT",
            "ALTER TABLE clicks ADD COLUMN client_device_model TEXT",
            "CREATE INDEX clicks_candidates_prefix ON clicks (app_id, platform, ip_prefix, clicked_at)",
            "CREATE INDEX clicks_candidates_signature ON clicks (app_id, platform, signature, clicked_at)",
            "CREATE INDEX clicks_time ON clicks (clicked_at)",
            """
            CREATE TABLE click_stats (
                app_id TEXT NOT NULL, platform TEXT NOT NULL, day BIGINT NOT NULL, factor TEXT NOT NULL, value TEXT NOT NULL,
                clicks BIGINT NOT NULL, PRIMARY KEY (app_id, platform, factor, value, day))
            """,
            """
            CREATE TABLE installs (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, dedup_key TEXT NOT NULL,
                created_at BIGINT NOT NULL, fingerprint TEXT NOT NULL, platform TEXT NOT NULL, method TEXT NOT NULL,
                confidence INTEGER NOT NULL, matched_factors TEXT NOT NULL, click_id TEXT, link_id TEXT,
                UNIQUE (app_id, dedup_key))
            """,
            "CREATE INDEX installs_app_created ON installs (app_id, created_at)",
            "CREATE INDEX installs_link_created ON installs (link_id, created_at)",
            """
            CREATE TABLE events (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                install_id TEXT NOT NULL REFERENCES installs(id) ON DELETE CASCADE, client_event_id TEXT,
                name TEXT NOT NULL, data TEXT NOT NULL, occurred_at BIGINT NOT NULL, received_at BIGINT NOT NULL,
                revenue_micros BIGINT, revenue_currency TEXT, link_id TEXT, click_id TEXT, sequence BIGINT NOT NULL,
                UNIQUE (install_id, client_event_id))
            """,
            "CREATE INDEX events_app_received ON events (app_id, received_at)",
            "CREATE INDEX events_link_received ON events (link_id, received_at)",
            """
            CREATE TABLE app_opens (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, link_id TEXT NOT NULL,
                opened_at BIGINT NOT NULL, platform TEXT, os_version TEXT, screen_width INTEGER, screen_height INTEGER,
                timezone TEXT, language TEXT)
            """,
            "CREATE INDEX app_opens_link_time ON app_opens (link_id, opened_at)",
            "CREATE INDEX app_opens_app_time ON app_opens (app_id, opened_at)",
        ]
    )
}

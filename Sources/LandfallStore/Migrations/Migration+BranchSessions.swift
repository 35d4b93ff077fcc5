extension Migration {
    /// The Branch-compatible API's own state: the devices it has seen (under every identifier they
    /// were reported with), each `/v1/open` session, and the Branch parameters of links made
    /// through `/v1/url`. Booleans are INTEGER 0/1 so one statement list serves both engines.
    static let branchSessions = Migration(
        name: "0005_branch_sessions",
        statements: [
            """
            CREATE TABLE branch_devices (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, bundle_token TEXT NOT NULL,
                identity TEXT, install_id TEXT, install_count INTEGER NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                UNIQUE (app_id, bundle_token))
            """,
            "CREATE INDEX branch_devices_identity ON branch_devices (app_id, identity)",
            """
            CREATE TABLE branch_device_keys (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, device_key TEXT NOT NULL,
                device_id TEXT NOT NULL REFERENCES branch_devices(id) ON DELETE CASCADE, PRIMARY KEY (app_id, device_key))
            """,
            "CREATE INDEX branch_device_keys_device ON branch_device_keys (device_id)",
            """
            CREATE TABLE branch_sessions (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, device_id TEXT NOT NULL,
                kind TEXT NOT NULL, created_at BIGINT NOT NULL, counted INTEGER NOT NULL, match_guaranteed INTEGER NOT NULL,
                link_id TEXT, click_id TEXT, install_id TEXT, os TEXT, app_version TEXT)
            """,
            "CREATE INDEX branch_sessions_device ON branch_sessions (device_id, created_at)",
            "CREATE INDEX branch_sessions_app_created ON branch_sessions (app_id, created_at)",
            """
            CREATE TABLE branch_links (
                link_id TEXT PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, alias TEXT, link_type INTEGER NOT NULL, duration BIGINT,
                channel TEXT, feature TEXT, campaign TEXT, stage TEXT, tags TEXT NOT NULL, data TEXT NOT NULL, fingerprint TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
        ]
    )
}

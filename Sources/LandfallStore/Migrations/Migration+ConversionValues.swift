extension Migration {
    /// SKAdNetwork conversion values (issue 12). `locked` is a 0/1 number rather than a BOOLEAN so
    /// the monotonic upsert reads the same on both engines.
    static let conversionValues = Migration(
        name: "0007_conversion_values",
        statements: [
            """
            CREATE TABLE conversion_schemas (
                app_id TEXT PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
                document TEXT NOT NULL, updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE conversion_dev_keys (
                app_id TEXT PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
                dev_key TEXT NOT NULL, created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE conversion_values (
                install_id TEXT NOT NULL REFERENCES installs(id) ON DELETE CASCADE,
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                window_index BIGINT NOT NULL, fine_value BIGINT NOT NULL, coarse_rank BIGINT NOT NULL,
                locked BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                PRIMARY KEY (install_id, window_index)
            )
            """,
            """
            CREATE TABLE conversion_signatures (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                signature TEXT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, signature)
            )
            """,
            "CREATE INDEX conversion_signatures_expiry ON conversion_signatures (app_id, expires_at)",
        ]
    )
}

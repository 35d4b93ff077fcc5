extension Migration {
    /// Apps, keys, templates, links and clicks.
    ///
    /// Times are epoch milliseconds (BIGINT) so both engines compare and index them the same way.
    /// Clicks carry no foreign keys: they are written in batches off the request path, and one link
    /// deleted mid-batch must not fail the whole batch; deletes remove their clicks explicitly.
    static let createCoreTables = Migration(
        name: "0001_create_core_tables",
        statements: [
            "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            """
            CREATE TABLE apps (
                id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL, settings TEXT NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE app_domains (
                host TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                position INTEGER NOT NULL)
            """,
            "CREATE INDEX app_domains_app ON app_domains (app_id)",
            """
            CREATE TABLE api_keys (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                kind TEXT NOT NULL, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE,
                display_prefix TEXT NOT NULL, created_at BIGINT NOT NULL, revoked_at BIGINT)
            """,
            "CREATE INDEX api_keys_app ON api_keys (app_id)",
            """
            CREATE TABLE templates (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                name TEXT NOT NULL, slug TEXT NOT NULL, defaults TEXT NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (app_id, slug))
            """,
            "CREATE INDEX templates_app_created ON templates (app_id, created_at)",
            """
            CREATE TABLE links (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                short_code TEXT NOT NULL, template_id TEXT REFERENCES templates(id) ON DELETE SET NULL,
                template_slug TEXT, external_user_id TEXT, dedup_key TEXT, is_active BOOLEAN NOT NULL,
                expires_at BIGINT, content TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                UNIQUE (app_id, short_code))
            """,
            "CREATE INDEX links_code ON links (short_code)",
            "CREATE INDEX links_app_created ON links (app_id, created_at, id)",
            "CREATE INDEX links_app_dedup ON links (app_id, dedup_key)",
            """
            CREATE TABLE clicks (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL, link_id TEXT NOT NULL, clicked_at BIGINT NOT NULL,
                click_token TEXT NOT NULL UNIQUE, ip_address TEXT, user_agent TEXT, platform TEXT NOT NULL,
                os_version TEXT, device_class TEXT NOT NULL, device_model TEXT, browser TEXT, in_app_browser TEXT,
                accept_language TEXT, referrer TEXT, country TEXT, is_bot BOOLEAN NOT NULL, bot_name TEXT,
                screen_width INTEGER, screen_height INTEGER, timezone TEXT, language TEXT)
            """,
            "CREATE INDEX clicks_link_time ON clicks (link_id, clicked_at)",
            "CREATE INDEX clicks_app_platform_time ON clicks (app_id, platform, clicked_at)",
        ]
    )
}

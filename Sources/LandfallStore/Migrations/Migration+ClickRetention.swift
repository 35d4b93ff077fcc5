extension Migration {
    /// Daily counts that raw clicks and app opens are folded into once they pass the click
    /// retention age (issue 38), and the country an attributed install keeps when its click goes.
    ///
    /// The counts carry every column the analytics group by (link, platform, country, human or
    /// bot); template and campaign roll up from the link. A NULL country is stored as '' because a
    /// primary key column cannot be NULL, and read back as NULL. A fold adds to a row with
    /// `ON CONFLICT … DO UPDATE`, so the key must be exactly these columns.
    static let clickRetention = Migration(
        name: "0018_click_retention",
        statements: [
            """
            CREATE TABLE click_daily_counts (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, day BIGINT NOT NULL, link_id TEXT NOT NULL,
                platform TEXT NOT NULL, country TEXT NOT NULL, is_bot BOOLEAN NOT NULL, clicks BIGINT NOT NULL,
                PRIMARY KEY (app_id, day, link_id, platform, country, is_bot))
            """,
            "CREATE INDEX click_daily_counts_link ON click_daily_counts (link_id, day)",
            """
            CREATE TABLE app_open_daily_counts (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, day BIGINT NOT NULL, link_id TEXT NOT NULL,
                platform TEXT NOT NULL, opens BIGINT NOT NULL,
                PRIMARY KEY (app_id, day, link_id, platform))
            """,
            "CREATE INDEX app_open_daily_counts_link ON app_open_daily_counts (link_id, day)",
            // Installs and events are grouped by country through their click; once the click is
            // folded away the install keeps its country here.
            "ALTER TABLE installs ADD COLUMN click_country TEXT",
        ]
    )
}

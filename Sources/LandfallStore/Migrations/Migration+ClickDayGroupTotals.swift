extension Migration {
    /// The day totals of migration 0022 counted per link and per platform and country as well
    /// (issue 38).
    ///
    /// 0022 counted each app's day as two numbers, so only the app's overview and its ungrouped daily
    /// series could read them; a link's overview and every grouped series still counted a year of
    /// raw clicks. Two more counts, kept by the same pass under the same sealed mark:
    ///
    /// - `click_day_link_totals`: per link. A link's overview reads its days through
    ///   `(link_id, day)`; a series grouped by link, template or campaign reads the app's rows.
    /// - `click_day_group_totals`: per platform and country (a NULL country stored as '', as in
    ///   `click_daily_counts`), a few hundred rows a day however many links there are.
    ///
    /// They are kept apart from each other and from 0022's because one table at the grain of
    /// `click_daily_counts` would hold a row per link and day: for an app whose links each get a
    /// few clicks (referral and share links) nearly a row per click, and the app's year would cost
    /// what the raw clicks cost.
    ///
    /// Every app's sealed mark is cleared, so until the sweeper's next pass has counted the history
    /// again (a week per transaction, as after 0022) the analytics read raw clicks, exact as before.
    static let clickDayGroupTotals = Migration(
        name: "0023_click_day_group_totals",
        statements: [
            """
            CREATE TABLE click_day_link_totals (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, day BIGINT NOT NULL, link_id TEXT NOT NULL,
                is_bot BOOLEAN NOT NULL, clicks BIGINT NOT NULL, PRIMARY KEY (app_id, day, link_id, is_bot))
            """,
            "CREATE INDEX click_day_link_totals_link ON click_day_link_totals (link_id, day)",
            """
            CREATE TABLE click_day_group_totals (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, day BIGINT NOT NULL, platform TEXT NOT NULL,
                country TEXT NOT NULL, is_bot BOOLEAN NOT NULL, clicks BIGINT NOT NULL,
                PRIMARY KEY (app_id, day, platform, country, is_bot))
            """,
            "DELETE FROM click_day_totals_sealed",
        ]
    )
}

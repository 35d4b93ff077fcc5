extension Migration {
    /// Where a month of PostgreSQL's `clicks` waits between leaving `clicks` and being folded into
    /// the daily counts (issue 38), and the view analytics reads raw clicks through.
    ///
    /// Retention used to fold, release and drop a month in one transaction that ended with `DROP
    /// TABLE`, which needs `clicks`' own exclusive lock: under redirect load it never got it and
    /// rolled everything back. Now a short transaction detaches the month and makes it a plain
    /// inheritance child of `clicks_retired` (no validation scan, no lock on `clicks`), and a
    /// second one folds it and drops it. In between the month's clicks are neither in `clicks` nor
    /// counted, so analytics reads `analytics_clicks`, which adds the retired months back: totals
    /// are the same before, between and after (a crash between the two leaves a retired month,
    /// which the next sweep folds first).
    ///
    /// The view's `*` is expanded when it is created: a later migration that adds a column to
    /// `clicks` adds it to `clicks_retired` too and creates the view again. SQLite keeps its one
    /// table and folds rows, so its view is `clicks` itself.
    static let retiredClicks = Migration(
        name: "0021_retired_clicks",
        statements: [
            "CREATE VIEW analytics_clicks AS SELECT * FROM clicks"
        ],
        postgresStatements: [
            // Defaults and NOT NULLs only: a month inheriting it keeps its own indexes from when it
            // was a partition, and the parent itself never holds a row.
            "CREATE TABLE clicks_retired (LIKE clicks INCLUDING DEFAULTS)",
            "CREATE VIEW analytics_clicks AS SELECT * FROM clicks UNION ALL SELECT * FROM clicks_retired",
        ]
    )
}

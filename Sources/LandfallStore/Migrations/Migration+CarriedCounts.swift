extension Migration {
    /// How many clicks carry each factor, per app, platform and day (issue 33): the rows
    /// `(factor, '')` of `click_stats`, which a value's share is taken among.
    ///
    /// An agreement is only weighed where both sides carry the signal, and many clicks carry none
    /// (Android's OS version and model come only from client hints; screen, time zone and language
    /// only from a page whose beacon reported). The existing days get their counts summed from
    /// their values, so the shares change at once rather than as the window turns over. A value
    /// stored empty (none is written now, and a factor's value is never empty) would be mistaken
    /// for the count, so it goes.
    static let carriedCounts = Migration(
        name: "0024_click_stats_carried_counts",
        statements: [
            "DELETE FROM click_stats WHERE value = '' AND factor <> '_total'",
            """
            INSERT INTO click_stats (app_id, platform, day, factor, value, clicks)
            SELECT app_id, platform, day, factor, '', SUM(clicks) FROM click_stats
            WHERE factor <> '_total' GROUP BY app_id, platform, day, factor
            """,
        ]
    )
}

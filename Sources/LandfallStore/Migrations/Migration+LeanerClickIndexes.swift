extension Migration {
    /// Every redirect inserts a click, and every index on `clicks` is a B-tree written per row.
    /// `(app_id, platform, clicked_at)` serves no query since candidates are fetched by network
    /// prefix and device signature (and analytics by link or time), so it goes.
    static let leanerClickIndexes = Migration(
        name: "0003_leaner_click_indexes",
        statements: ["DROP INDEX IF EXISTS clicks_app_platform_time"]
    )
}

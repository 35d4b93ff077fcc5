extension Migration {
    /// A click's second time: when the server received it, beside `clicked_at` (when it happened).
    ///
    /// Only clicks posted after the fact (server to server, imported history) store it; NULL means
    /// the click arrived as it happened (a redirect), so the redirect path writes no extra column and
    /// existing rows need no rewrite. The statistics service tells the two apart by it: posted clicks
    /// are counted as they are stored, whatever their stated time (see `insertNewClicks`).
    static let clickReceivedAt = Migration(
        name: "0009_click_received_at",
        statements: ["ALTER TABLE clicks ADD COLUMN received_at BIGINT"]
    )
}

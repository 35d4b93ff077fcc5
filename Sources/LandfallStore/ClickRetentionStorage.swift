import Foundation

/// Folds raw clicks and app opens past the click retention age into daily counts (issue 38).
///
/// Each call moves at most `limit` rows of one app in one short transaction: the rows are deleted
/// and the counts of exactly the rows deleted (`DELETE … RETURNING`) are added to the daily
/// counts in the same transaction. So a fold stopped at any point (a crash, `kill -9`, a failed
/// statement) leaves every row either still raw or counted, never both and never neither, and two
/// servers folding at once never count a row twice: a row only one of them deleted is counted by
/// that one. Callers loop while a call returns `limit`.
public protocol ClickRetentionStorage: Sendable {
    /// Folds clicks of `appId` clicked before `cutoff`. An attributed install keeps its click's
    /// country (`installs.click_country`) so installs and events still group by country.
    func foldClicks(appId: String, clickedBefore cutoff: Date, limit: Int) async throws -> Int

    /// Folds app opens of `appId` opened before `cutoff`.
    func foldAppOpens(appId: String, openedBefore cutoff: Date, limit: Int) async throws -> Int

    /// Makes sure the monthly partitions of `clicks` exist from the current month through the month
    /// holding `through`, moving any of their clicks out of the default partition; returns the
    /// partitions made. PostgreSQL only (migration 0018); nothing on SQLite.
    func prepareClickPartitions(now: Date, through: Date) async throws -> [String]

    /// Retires, folds and drops the monthly partitions of `clicks` that end at or before `cutoff`:
    /// each is detached into `clicks_retired` in a short transaction (migration 0021), then, in a
    /// second that holds no lock on `clicks`, counted into the daily counts with one `INSERT …
    /// SELECT` and dropped, instead of deleting rows. A month left retired by an earlier sweep that
    /// stopped between the two is folded first. Returns the clicks folded. PostgreSQL only; nothing
    /// on SQLite, where ``foldClicks(appId:clickedBefore:limit:)`` does it all.
    func foldClickPartitions(endingBy cutoff: Date) async throws -> Int
}

/// The daily counts use UTC days, as `ClickStatistics` does: a day is its start in epoch milliseconds.
public enum RetentionDay {
    public static let milliseconds: Int64 = 86_400_000

    /// The start of the UTC day holding `epochMilliseconds`.
    public static func start(of epochMilliseconds: Int64) -> Int64 {
        epochMilliseconds - ((epochMilliseconds % milliseconds) + milliseconds) % milliseconds
    }
}

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
}

/// The daily counts use UTC days, as `ClickStatistics` does: a day is its start in epoch milliseconds.
public enum RetentionDay {
    public static let milliseconds: Int64 = 86_400_000

    /// The start of the UTC day holding `epochMilliseconds`.
    public static func start(of epochMilliseconds: Int64) -> Int64 {
        epochMilliseconds - ((epochMilliseconds % milliseconds) + milliseconds) % milliseconds
    }
}

/// A workload `landfall-lab bench --workloads` can leave out: a profile or a capacity check needs
/// the redirect alone, not the half hour of seeding 10M clicks for the install points.
struct BenchWorkload: RawRepresentable, Hashable, Sendable {
    var rawValue: String

    static let installs = BenchWorkload(rawValue: "installs")
    static let redirect = BenchWorkload(rawValue: "redirect")
    static let events = BenchWorkload(rawValue: "events")
    /// Redirect, install match and analytics before and after `--history-clicks` of old clicks,
    /// and redirects while retention deletes them, on a database of its own.
    static let history = BenchWorkload(rawValue: "history")

    static let allNames: Set<String> = [installs.rawValue, redirect.rawValue, events.rawValue, history.rawValue]
}

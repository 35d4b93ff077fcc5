/// When an app's model is fitted again: the server's background service and the simulator's
/// direct runs share this rule, so a figure measured directly describes the fits a server makes.
///
/// An app is first fitted once it has `minimumObservations` installs, then again whenever it has
/// gained `minimumNewInstalls` and a tenth of the count it was last tried at. A young app is refitted
/// every few dozen installs, so its first hours are not decided on the defaults; a mature one about
/// every tenth of its size, so refits stay rare where each reads thousands of installs.
public struct RefitRule: Sendable, Hashable {
    /// Installs of a platform before its first fit.
    public var minimumObservations = 30
    /// New installs that make a refit due: at least this many, and at least a tenth of the last count.
    public var minimumNewInstalls = 25

    public init() {}

    /// Whether an app with `installs` installs in all is due, `lastTried` being its count when it
    /// was last fitted or tried (zero before its first).
    public func isDue(installs: Int, lastTried: Int) -> Bool {
        lastTried == 0 ? installs >= minimumObservations : installs - lastTried >= max(minimumNewInstalls, lastTried / 10)
    }
}

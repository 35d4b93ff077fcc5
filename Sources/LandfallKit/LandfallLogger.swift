/// How important a log line is.
public enum LandfallLogLevel: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The levels from least to most important: `debug` (routine steps such as an event queued),
    /// `info` (milestones: started, a link handled), `warning` (something ignored, dropped
    /// or put off), `error` (a failure: an install report, a storage write).
    case debug, info, warning, error

    /// Orders levels by importance, `debug` lowest.
    ///
    /// - Parameters:
    ///   - lhs: a level.
    ///   - rhs: another level.
    /// - Returns: true when `lhs` is less important than `rhs`.
    public static func < (lhs: LandfallLogLevel, rhs: LandfallLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name as printed: `debug`, `info`, `warning` or `error`.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// Receives LandfallKit's log lines when ``LandfallConfiguration/loggingEnabled`` is on.
///
/// Messages are constant strings; the data they are about goes in `metadata`. Forward them to
/// `os.Logger`, swift-log or your crash reporter by implementing this protocol.
public protocol LandfallLogger: Sendable {
    /// Records one line.
    ///
    /// - Parameters:
    ///   - level: how important the line is.
    ///   - message: a constant text such as `event queued`.
    ///   - metadata: the data the line is about, e.g. `["eventName": "signup"]`.
    func log(_ level: LandfallLogLevel, _ message: String, metadata: [String: String])
}

/// Writes log lines to standard output as `[LandfallKit] level: message key=value …`.
public struct PrintLogger: LandfallLogger {
    /// The lowest level written.
    public var minimumLevel: LandfallLogLevel

    /// Creates a logger that prints lines at `minimumLevel` and above.
    ///
    /// - Parameter minimumLevel: the lowest level written; everything by default.
    public init(minimumLevel: LandfallLogLevel = .debug) {
        self.minimumLevel = minimumLevel
    }

    /// Prints the line in ``format(_:_:metadata:)``'s form when `level` reaches ``minimumLevel``.
    ///
    /// - Parameters:
    ///   - level: how important the line is.
    ///   - message: the constant text.
    ///   - metadata: the data, printed as `key=value` pairs sorted by key.
    public func log(_ level: LandfallLogLevel, _ message: String, metadata: [String: String]) {
        guard level >= minimumLevel else { return }
        print(Self.format(level, message, metadata: metadata))
    }

    /// The line `log` prints.
    ///
    /// - Parameters:
    ///   - level: the line's level.
    ///   - message: the constant text.
    ///   - metadata: the data, sorted by key.
    /// - Returns: `[LandfallKit] level: message key=value …`.
    public static func format(_ level: LandfallLogLevel, _ message: String, metadata: [String: String]) -> String {
        let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return (["[LandfallKit] \(level): \(message)"] + pairs).joined(separator: " ")
    }
}

/// The logger the client actually calls: forwards only when logging is switched on.
struct LogGate: Sendable {
    var logger: any LandfallLogger
    var enabled: Bool

    func callAsFunction(_ level: LandfallLogLevel, _ message: String, _ metadata: [String: String] = [:]) {
        guard enabled else { return }
        logger.log(level, message, metadata: metadata)
    }
}

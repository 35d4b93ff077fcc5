/// How important a log line is.
public enum LandfallLogLevel: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    case debug, info, warning, error

    public static func < (lhs: LandfallLogLevel, rhs: LandfallLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

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
    func log(_ level: LandfallLogLevel, _ message: String, metadata: [String: String])
}

/// Writes log lines to standard output as `[LandfallKit] level: message key=value …`.
public struct PrintLogger: LandfallLogger {
    /// The lowest level written.
    public var minimumLevel: LandfallLogLevel

    public init(minimumLevel: LandfallLogLevel = .debug) {
        self.minimumLevel = minimumLevel
    }

    public func log(_ level: LandfallLogLevel, _ message: String, metadata: [String: String]) {
        guard level >= minimumLevel else { return }
        print(Self.format(level, message, metadata: metadata))
    }

    /// The line `log` prints.
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

import Foundation

/// Something the benchmark tooling could not do: a tool is missing, a process died or did not
/// answer in time, or a tool printed something unexpected.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case notInstalled = "not installed"
            case spawnFailed = "spawn failed"
            case exitedEarly = "exited early"
            case timedOut = "timed out"
            case malformedOutput = "malformed output"
            case systemCall = "system call failed"
            case invalidInput = "invalid input"
        }

        private let value: Value

        /// A program the benchmarks need is not installed.
        public static let notInstalled = Code(value: .notInstalled)
        /// `posix_spawn` refused to start the program.
        public static let spawnFailed = Code(value: .spawnFailed)
        /// A process exited before it did what was waited for.
        public static let exitedEarly = Code(value: .exitedEarly)
        /// A wait ran out of time.
        public static let timedOut = Code(value: .timedOut)
        /// A tool's output could not be parsed.
        public static let malformedOutput = Code(value: .malformedOutput)
        /// A system call (socket, bind, /proc) failed.
        public static let systemCall = Code(value: .systemCall)
        /// An argument cannot be used (a header value with a newline, an empty list).
        public static let invalidInput = Code(value: .invalidInput)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// A sentence for a person, with the log tail of the process involved when there is one.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

/// How a child process ended.
public struct ExitStatus: Sendable, Hashable, CustomStringConvertible {
    /// The exit code, when the process exited by itself.
    public let code: Int32?
    /// The signal that ended the process, when one did.
    public let signal: Int32?

    /// The process called `exit(code)`.
    public static func exited(_ code: Int32) -> ExitStatus { ExitStatus(code: code, signal: nil) }
    /// A signal ended the process.
    public static func signalled(_ signal: Int32) -> ExitStatus { ExitStatus(code: nil, signal: signal) }
    /// Somebody else reaped the process, so how it ended is not known.
    public static let unknown = ExitStatus(code: nil, signal: nil)

    /// Exit code 0.
    public var isSuccess: Bool { code == 0 }

    /// The status as a shell reports it: the exit code, or 128 plus the signal.
    public var shellStatus: Int32 { code ?? 128 + (signal ?? 0) }

    /// Decodes a `waitpid` status (the `WIFEXITED`/`WTERMSIG` macros are not imported into Swift).
    init(waitStatus status: Int32) {
        let terminatingSignal = status & 0x7f
        if terminatingSignal == 0 {
            self.init(code: (status >> 8) & 0xff, signal: nil)
        } else {
            self.init(code: nil, signal: terminatingSignal)
        }
    }

    private init(code: Int32?, signal: Int32?) {
        self.code = code
        self.signal = signal
    }

    public var description: String {
        if let code { return "exit status \(code)" }
        if let signal { return "signal \(signal)" }
        return "unknown exit status"
    }
}

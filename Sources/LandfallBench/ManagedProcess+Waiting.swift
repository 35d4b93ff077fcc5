import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ManagedProcess {
    /// How often waits look at the process and its log.
    static let pollInterval = Duration.milliseconds(10)

    /// Waits until the log holds a complete line for which `predicate` is true, and returns it.
    ///
    /// Throws ``BenchError/Code/exitedEarly`` when the process exits first and
    /// ``BenchError/Code/timedOut`` after `timeout`; both errors carry the end of the log.
    public func waitForLine(
        matching predicate: (Substring) -> Bool,
        timeout: Duration = .seconds(30)
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var reader = LogLineReader(file: logFile)
        while true {
            // Looked at before reading, so that the last lines an exited process wrote are still seen.
            let status = exitStatus
            for line in reader.readNewLines() where predicate(line) {
                return String(line)
            }
            if let status {
                throw BenchError(.exitedEarly, "\(name) exited (\(status)) before printing the expected line; log:\n\(logTail())")
            }
            if ContinuousClock.now >= deadline {
                throw BenchError(.timedOut, "\(name) printed no expected line within \(timeout); log:\n\(logTail())")
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    /// Waits for a line containing `text`.
    public func waitForLine(containing text: String, timeout: Duration = .seconds(30)) async throws -> String {
        try await waitForLine(matching: { $0.contains(text) }, timeout: timeout)
    }

    /// Waits for the `listening on http://HOST:PORT` line Landfall and the reference server print, and returns the port.
    public func waitForListeningPort(timeout: Duration = .seconds(30)) async throws -> Int {
        let marker = "listening on http://"
        let line = try await waitForLine(
            matching: { Self.listeningPort(in: $0, marker: marker) != nil },
            timeout: timeout
        )
        guard let port = Self.listeningPort(in: line[...], marker: marker) else {
            throw BenchError(.malformedOutput, "no port in \(line)")
        }
        return port
    }

    /// The port after the last `:` of the address following `marker`: `…listening on http://127.0.0.1:8080 (…)` → 8080.
    static func listeningPort(in line: Substring, marker: String) -> Int? {
        guard let range = line.range(of: marker) else { return nil }
        let address = line[range.upperBound...].prefix { !$0.isWhitespace && $0 != "/" }
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }

    /// Waits until something accepts TCP connections on `host:port`, while the process keeps running.
    public func waitForTCP(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("accepting connections on \(host):\(port)", timeout: timeout) {
            LoopbackTCP.isAccepting(host: host, port: port)
        }
    }

    /// Waits until `condition` holds, while the process keeps running; `what` names the condition in errors.
    public func waitUntil(_ what: String, timeout: Duration = .seconds(30), condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = exitStatus {
                throw BenchError(.exitedEarly, "\(name) exited (\(status)) before \(what); log:\n\(logTail())")
            }
            if condition() { return }
            if ContinuousClock.now >= deadline {
                throw BenchError(.timedOut, "\(name) was not \(what) within \(timeout); log:\n\(logTail())")
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    /// Waits for the process to exit by itself and returns how it ended.
    ///
    /// Throws ``BenchError/Code/timedOut`` (leaving the process running) after `timeout`.
    public func waitForExit(timeout: Duration) async throws -> ExitStatus {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline {
                throw BenchError(.timedOut, "\(name) did not exit within \(timeout); log:\n\(logTail())")
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    /// Sends `signal`, waits up to `timeout` for the process to exit, then kills it (``kill()``) and
    /// returns how it ended: `signalled(SIGKILL)` tells that the signal was not enough.
    ///
    /// When the calling task is cancelled the process is killed at once.
    @discardableResult
    public func terminate(signal: Int32 = SIGTERM, timeout: Duration = .seconds(10)) async -> ExitStatus {
        if let status = exitStatus { return status }
        send(signal)
        if let status = try? await waitForExit(timeout: timeout) { return status }
        kill()
        while true {
            if let status = exitStatus { return status }
            // Not Task.sleep: it returns at once in a cancelled task. SIGKILL ends the process within milliseconds.
            usleep(1_000)
        }
    }
}

/// Reads the complete lines appended to a log file since the last call.
struct LogLineReader {
    let file: URL
    private var offset: UInt64 = 0
    private var partial = Data()

    init(file: URL) {
        self.file = file
    }

    mutating func readNewLines() -> [Substring] {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        offset += UInt64(data.count)
        partial.append(data)
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = String(decoding: partial[..<lastNewline], as: UTF8.self)
        partial = Data(partial[partial.index(after: lastNewline)...])
        // \.isNewline also splits "\r\n", which is a single Character.
        return complete.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }
}

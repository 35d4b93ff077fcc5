import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a new password without it ever being an argument (which `ps` and shell history would show):
/// on a terminal a prompt with echo off, asked twice; otherwise the first line of standard input
/// (`printf '%s\n' "$PASSWORD" | landfall users add …`).
enum PasswordInput {
    static func read() throws -> String {
        if isatty(STDIN_FILENO) == 1 {
            let first = try prompt("Password: ")
            guard try prompt("Again: ") == first else { throw ValidationError("the two passwords differ") }
            return first
        }
        guard let line = firstLine(FileHandle.standardInput.readDataToEndOfFile()), !line.isEmpty else {
            throw ValidationError("no password on standard input")
        }
        return line
    }

    /// The first line of the bytes, without its line break.
    static func firstLine(_ data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    private static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw ValidationError("cannot read the terminal's settings") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine(strippingNewline: true) ?? ""
    }
}

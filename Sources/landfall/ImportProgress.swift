import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a long import on standard error: a redrawn bar on a terminal, a plain line every
/// 10% (and at the end) otherwise, so logs and CI output stay readable.
struct ImportProgress: Sendable {
    let total: Int
    /// What is imported, for the plain lines: `links`, `clicks`.
    let noun: String
    let isTerminal: Bool

    init(total: Int, noun: String = "links", isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.noun = noun
        self.isTerminal = isTerminal
    }

    func update(done: Int) {
        guard total > 0 else { return }
        if isTerminal {
            write("\r" + Self.bar(done: done, total: total))
        } else {
            let step = max(1, total / 10)
            if done % step == 0 || done == total { write("imported \(done)/\(total) \(noun)\n") }
        }
    }

    /// A message on its own line, without breaking the bar.
    func note(_ text: String) {
        write((isTerminal ? "\r\u{1B}[K" : "") + text + "\n")
    }

    func finish() {
        if isTerminal && total > 0 { write("\n") }
    }

    /// `[#########...........]  45% 450/1000`
    static func bar(done: Int, total: Int, width: Int = 30) -> String {
        let filled = total == 0 ? width : width * done / total
        let percent = total == 0 ? 100 : 100 * done / total
        let count = "\(done)/\(total)"
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(percent)% \(count)"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

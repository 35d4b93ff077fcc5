import Foundation

/// Writes straight to standard output, unbuffered, so a supervisor reading a pipe sees lines at once.
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

import Foundation

/// The links the reference server answers, loaded once at start.
struct CodeTable: Sendable {
    private let locations: [String: String]

    var count: Int { locations.count }

    /// Parses `code<TAB>location` lines (LF or CRLF); blank lines are ignored, anything else
    /// without a tab is an error.
    init(contentsOf file: URL) throws {
        try self.init(parsing: Data(contentsOf: file))
    }

    /// Works on bytes: a million lines load in well under a second.
    init(parsing data: Data) throws {
        var locations: [String: String] = [:]
        var lineNumber = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            if line.isEmpty { continue }
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
                throw CodeTableError(line: lineNumber, reason: "expected code<TAB>location")
            }
            let code = line[..<tab]
            let location = line[line.index(after: tab)...]
            guard !code.isEmpty, !location.isEmpty else {
                throw CodeTableError(line: lineNumber, reason: "empty code or location")
            }
            locations[String(decoding: code, as: UTF8.self)] = String(decoding: location, as: UTF8.self)
        }
        self.locations = locations
    }

    func location(for code: String) -> String? {
        locations[code]
    }
}

/// A line of the codes file that is not `code<TAB>location`.
struct CodeTableError: Error, CustomStringConvertible {
    var line: Int
    var reason: String

    var description: String { "codes file line \(line): \(reason)" }
}

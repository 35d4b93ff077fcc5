import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One plain HTTP/1.1 request over a loopback socket, to check that a target answers what the
/// benchmark expects before load is put on it (FoundationNetworking is not needed, and a 302 is
/// not followed).
public struct HTTPCheck: Sendable, Hashable {
    /// The response status code.
    public var status: Int
    /// Header fields in order, names as sent.
    public var headers: [HTTPHeaderField]

    /// A response header field.
    public struct HTTPHeaderField: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Sends `METHOD path` to `127.0.0.1:port` with `Connection: close` and reads the status and headers.
    ///
    /// Blocks for at most `timeoutSeconds` per socket operation; meant for a handful of checks, not load.
    public static func request(
        port: Int,
        path: String,
        method: String = "GET",
        headers: [String: String] = [:],
        body: String? = nil,
        timeoutSeconds: Int = 5
    ) throws -> HTTPCheck {
        guard path.hasPrefix("/"), !path.contains(where: { $0.isWhitespace }) else {
            throw BenchError(.invalidInput, "a request path starts with / and has no spaces: \(path)")
        }
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard !name.unicodeScalars.contains(where: { $0 == ":" || $0 == "\r" || $0 == "\n" }),
                !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
            else {
                throw BenchError(.invalidInput, "header \(name) cannot be sent as is")
            }
            lines.append("\(name): \(value)")
        }
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")

        let descriptor = try LoopbackTCP.socket()
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = LoopbackTCP.address(host: "127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            throw BenchError(.systemCall, "connect(127.0.0.1:\(port)) failed: \(String(cString: strerror(errno)))")
        }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw BenchError(.systemCall, "send failed: \(String(cString: strerror(errno)))") }
            sent += written
        }
        // Read until the end of the headers or the connection closes.
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
        while !contains(response, headerEnd) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw BenchError(.systemCall, "recv failed: \(String(cString: strerror(errno)))") }
            response += buffer[..<count]
        }
        return try parse(String(decoding: response, as: UTF8.self))
    }

    /// Parses a status line and header fields (anything after the blank line is ignored).
    static func parse(_ response: String) throws -> HTTPCheck {
        let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw BenchError(.malformedOutput, "not an HTTP response: \(statusLine.prefix(200))")
        }
        let headers = lines.compactMap { line -> HTTPHeaderField? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeaderField(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        return HTTPCheck(status: status, headers: headers)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The visitor's IP address: from the socket, or from `X-Forwarded-For` behind a trusted proxy.
enum ClientAddress {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    static func of(_ request: Request, context: LandfallRequestContext, trustProxy: Bool) -> String? {
        if trustProxy, let header = request.headers[forwardedFor], let first = firstForwardedEntry(header) {
            return first
        }
        return context.remoteAddress?.ipAddress
    }

    /// The left-most entry of `X-Forwarded-For` (the client as the first proxy saw it) when it is an
    /// IP address. Works on the UTF-8 view: this runs on every redirect behind a proxy.
    static func firstForwardedEntry(_ header: String) -> String? {
        let bytes = header.utf8
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let end = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
        var lower = bytes.startIndex
        while lower < end, isBlank(bytes[lower]) { lower = bytes.index(after: lower) }
        var upper = end
        while upper > lower, isBlank(bytes[bytes.index(before: upper)]) { upper = bytes.index(before: upper) }
        guard let entry = String(bytes[lower..<upper]) else { return nil }
        return isIPAddress(entry) ? entry : nil
    }

    /// Accepts literal IPv4 and IPv6 addresses only, so nothing else is ever stored as an address.
    static func isIPAddress(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45 else { return false }
        return (try? SocketAddress(ipAddress: text, port: 0)) != nil
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The visitor's IP address: from the socket, or from `X-Forwarded-For` behind a trusted proxy.
enum ClientAddress {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    static func of(_ request: Request, context: LandfallRequestContext, trustProxy: Bool) -> String? {
        if trustProxy, let header = request.headers[forwardedFor] {
            // The left-most entry is the client as the first proxy saw it.
            let entry = header.prefix { $0 != "," }.drop { $0 == " " || $0 == "\t" }
            let first = String(entry.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if isIPAddress(first) { return first }
        }
        return context.remoteAddress?.ipAddress
    }

    /// Accepts literal IPv4 and IPv6 addresses only, so nothing else is ever stored as an address.
    static func isIPAddress(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 45 else { return false }
        return (try? SocketAddress(ipAddress: text, port: 0)) != nil
    }
}

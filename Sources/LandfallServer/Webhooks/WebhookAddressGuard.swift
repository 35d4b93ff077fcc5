import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The SSRF guard: resolves a webhook's host and hands back one address the policy allows, which
/// the sender then connects to, so a DNS answer that changes between check and connection
/// (rebinding) cannot redirect the request.
struct WebhookAddressGuard: Sendable {
    let policy: WebhookAddressPolicy

    /// An address a host resolved to, as bytes and as text.
    struct Address: Sendable, Equatable {
        var bytes: [UInt8]
        var text: String
    }

    /// Why a host may not receive webhooks.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The first allowed address of `host`. Refuses when the host does not resolve or when ANY of
    /// its addresses is refused: a name that also points inside the network is not trusted at all.
    func check(host: String) async throws -> Address {
        let addresses = try await Self.resolve(host)
        guard let first = addresses.first else { throw Refusal(description: "\(host) does not resolve") }
        for address in addresses {
            let kind = WebhookAddressPolicy.kind(of: address.bytes)
            guard policy.allows(kind) else {
                throw Refusal(description: "\(host) resolves to a \(kind.rawValue) address, which webhooks may not be sent to")
            }
        }
        return first
    }

    /// getaddrinfo on NIO's thread pool: it blocks, and must not hold a cooperative thread.
    static func resolve(_ host: String) async throws -> [Address] {
        // URL hosts may carry IPv6 brackets; getaddrinfo wants the bare address.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !bare.isEmpty, bare.utf8.count <= 253, !bare.contains("%") else { throw Refusal(description: "\(host) is not a valid host") }
        return try await NIOThreadPool.singleton.runIfActive { try lookUp(bare) }
    }

    private static func lookUp(_ host: String) throws -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &result)
        guard status == 0, let first = result else {
            throw Refusal(description: "\(host) does not resolve")
        }
        defer { freeaddrinfo(first) }
        var addresses: [Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let address = Self.address(info.pointee), !addresses.contains(address) { addresses.append(address) }
            cursor = info.pointee.ai_next
        }
        return addresses
    }

    private static func address(_ info: addrinfo) -> Address? {
        guard let socketAddress = info.ai_addr else { return nil }
        switch info.ai_family {
        case AF_INET:
            var inet = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }.sin_addr
            let bytes = withUnsafeBytes(of: &inet) { Array($0) }
            return Address(bytes: bytes, text: text(family: AF_INET, &inet, length: Int(INET_ADDRSTRLEN)))
        case AF_INET6:
            var inet6 = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }.sin6_addr
            let bytes = withUnsafeBytes(of: &inet6) { Array($0) }
            return Address(bytes: bytes, text: text(family: AF_INET6, &inet6, length: Int(INET6_ADDRSTRLEN)))
        default:
            return nil
        }
    }

    private static func text<Raw>(family: Int32, _ raw: inout Raw, length: Int) -> String {
        var buffer = [CChar](repeating: 0, count: length)
        _ = withUnsafePointer(to: &raw) { inet_ntop(family, $0, &buffer, socklen_t(length)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP port nobody listens on right now.
public enum FreePort {
    /// Binds 127.0.0.1:0, reads the port the kernel chose, and closes the socket.
    ///
    /// Another process may take the port before the caller binds it; callers that cannot bind port 0
    /// themselves (nginx) retry with a new port when that happens.
    public static func loopback() throws -> Int {
        let descriptor = try LoopbackTCP.socket()
        defer { close(descriptor) }
        var address = LoopbackTCP.address(host: "127.0.0.1", port: 0)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw BenchError(.systemCall, "bind(127.0.0.1:0) failed: \(String(cString: strerror(errno)))") }

        var assigned = sockaddr_in()
        var assignedLength = length
        let named = withUnsafeMutablePointer(to: &assigned) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &assignedLength) }
        }
        guard named == 0 else { throw BenchError(.systemCall, "getsockname failed: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: assigned.sin_port))
    }
}

/// Plain IPv4 TCP probes on the local machine.
enum LoopbackTCP {
    /// True when a TCP connection to `host:port` is accepted (it is closed again at once).
    ///
    /// A blocking `connect` to a local address completes or is refused immediately.
    static func isAccepting(host: String, port: Int) -> Bool {
        guard let descriptor = try? socket() else { return false }
        defer { close(descriptor) }
        var address = address(host: host, port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        return connected == 0
    }

    static func socket() throws -> Int32 {
        #if canImport(Darwin)
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #elseif canImport(Musl)
        let descriptor = Musl.socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw BenchError(.systemCall, "socket() failed: \(String(cString: strerror(errno)))") }
        return descriptor
    }

    static func address(host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(clamping: port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }
}

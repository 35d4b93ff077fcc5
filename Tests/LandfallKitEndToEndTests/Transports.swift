import Foundation
import LandfallKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The paths of the requests a transport was asked to send, in order.
actor RequestLog {
    private(set) var paths: [String] = []

    func record(_ request: TransportRequest) {
        paths.append(request.url.path)
    }

    var count: Int { paths.count }

    /// Counts the requests to `path`.
    func count(of path: String) -> Int {
        paths.filter { $0 == path }.count
    }
}

/// Passes every request to the real transport and logs it.
struct RecordingTransport: HTTPTransport {
    var base: any HTTPTransport = URLSessionTransport()
    let log = RequestLog()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await log.record(request)
        return try await base.send(request)
    }
}

/// Loses the server's answers to requests to `path`: each reaches the server and is processed,
/// then the transport throws as if the connection dropped before the answer came back — the case a
/// client event id exists for. The first `count` answers are lost, or all of them until ``restore()``.
struct LosingAnswers: HTTPTransport {
    private actor Budget {
        var remaining: Int
        init(_ count: Int) { remaining = count }
        func take() -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
        func clear() { remaining = 0 }
    }

    let path: String
    let log = RequestLog()
    private let budget: Budget
    private let base: any HTTPTransport

    init(path: String, count: Int = .max, base: any HTTPTransport = URLSessionTransport()) {
        self.path = path
        self.budget = Budget(count)
        self.base = base
    }

    /// Lets every later answer through.
    func restore() async {
        await budget.clear()
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await log.record(request)
        let response = try await base.send(request)
        if request.url.path == path, await budget.take() {
            throw URLError(.networkConnectionLost)
        }
        return response
    }
}

/// A network the test switches off and on: while it is off every request fails before it leaves
/// the device, as in flight mode.
struct SwitchableNetwork: HTTPTransport {
    private actor Switch {
        var isOn = true
        func set(_ on: Bool) { isOn = on }
    }

    let log = RequestLog()
    private let state = Switch()
    private let base: any HTTPTransport

    init(base: any HTTPTransport = URLSessionTransport()) {
        self.base = base
    }

    func switchOff() async {
        await state.set(false)
    }

    func switchOn() async {
        await state.set(true)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await log.record(request)
        guard await state.isOn else { throw URLError(.notConnectedToInternet) }
        return try await base.send(request)
    }
}

/// A TCP socket on 127.0.0.1 that accepts connections (the kernel completes the handshake) but
/// never reads or answers: a server that hangs.
final class SilentListener: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LiveServerError("socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw LiveServerError("could not listen on 127.0.0.1: \(errno)")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}

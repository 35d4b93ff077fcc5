import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the host provides for a cluster: the server binaries, a user to run them as, a port.
extension LocalPostgres {
    /// The directory holding `initdb`, `pg_ctl` and `postgres`.
    struct Binaries: Sendable {
        var directory: URL

        var initdb: URL { directory.appendingPathComponent("initdb") }
        var pgCtl: URL { directory.appendingPathComponent("pg_ctl") }
        var createdb: URL { directory.appendingPathComponent("createdb") }

        static let names = ["initdb", "pg_ctl", "postgres"]

        /// The first `PATH` directory holding all three binaries (followed to where links point),
        /// else the highest version under `/usr/lib/postgresql/*/bin` (Debian keeps them out of `PATH`).
        static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Binaries {
            let pathDirectories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
            let versionRoot = "/usr/lib/postgresql"
            let versions = ((try? FileManager.default.contentsOfDirectory(atPath: versionRoot)) ?? [])
                .sorted { versionKey($0).lexicographicallyPrecedes(versionKey($1)) }
                .reversed()
                .map { "\(versionRoot)/\($0)/bin" }
            for directory in pathDirectories + versions where containsServer(directory) {
                // A PATH directory may hold only links to the server programs (/usr/local/bin/initdb →
                // /usr/lib/postgresql/15/bin/initdb); their real directory has the clients too.
                let resolved = URL(fileURLWithPath: "\(directory)/initdb").resolvingSymlinksInPath().deletingLastPathComponent()
                if containsServer(resolved.path) { return Binaries(directory: resolved) }
                return Binaries(directory: URL(fileURLWithPath: directory, isDirectory: true))
            }
            throw LocalPostgresError(
                "PostgreSQL's server binaries (initdb, pg_ctl, postgres) are not in PATH or /usr/lib/postgresql/*/bin. "
                    + "Run scripts/install-test-deps (for the tests) or scripts/bench (for the benchmarks) to install them, "
                    + "or apt-get install -y postgresql."
            )
        }

        private static func containsServer(_ directory: String) -> Bool {
            names.allSatisfy { FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)") }
        }

        /// "9.6" < "15" < "16": numeric components, not text.
        private static func versionKey(_ name: String) -> [Int] {
            name.split(separator: ".").map { Int($0) ?? -1 }
        }
    }

    /// The user to run `initdb` and `postgres` as, or nil when the process may run them itself.
    ///
    /// Both refuse to run as root. Debian's postgresql package creates a `postgres` user; without
    /// it a system user `landfall-test` is created once (the name predates the benchmarks' use).
    static func serverUser() async throws -> ServerUser? {
        guard getuid() == 0 else { return nil }
        if let user = lookUpUser("postgres") { return user }
        let fallback = "landfall-test"
        if lookUpUser(fallback) == nil {
            let useradd =
                ["/usr/sbin/useradd", "/sbin/useradd", "/usr/bin/useradd"]
                .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "useradd"
            try await Subprocess.run(URL(fileURLWithPath: useradd), ["-r", "-M", "-s", "/usr/sbin/nologin", fallback])
        }
        guard let user = lookUpUser(fallback) else {
            throw LocalPostgresError("running as root, and neither the postgres user nor \(fallback) exists to run PostgreSQL as")
        }
        return user
    }

    private static func lookUpUser(_ name: String) -> ServerUser? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let size = buffer.count
        guard getpwnam_r(name, &entry, &buffer, size, &result) == 0, let found = result else { return nil }
        return ServerUser(name: name, uid: found.pointee.pw_uid, gid: found.pointee.pw_gid)
    }

    /// Hands `directory` to the server user, who must create the cluster and its socket there.
    static func giveOwnership(of directory: URL, to user: ServerUser) throws {
        guard chown(directory.path, user.uid, user.gid) == 0 else {
            throw LocalPostgresError("chown \(directory.path) to \(user.name) failed: errno \(errno)")
        }
    }

    /// A loopback port nobody listens on right now: bind 127.0.0.1:0, read the port, close.
    ///
    /// Another process may take it before the server binds it; ``start`` retries with a new port then.
    static func freeLoopbackPort() throws -> Int {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw LocalPostgresError("socket() failed: errno \(errno)") }
        defer { close(descriptor) }

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw LocalPostgresError("bind(127.0.0.1:0) failed: errno \(errno)") }

        var assigned = sockaddr_in()
        var assignedLength = length
        let named = withUnsafeMutablePointer(to: &assigned) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &assignedLength) }
        }
        guard named == 0 else { throw LocalPostgresError("getsockname failed: errno \(errno)") }
        return Int(UInt16(bigEndian: assigned.sin_port))
    }
}

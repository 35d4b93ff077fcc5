import Foundation

/// Finds the programs the benchmarks run.
public enum Executables {
    /// Directories searched after `PATH`: Debian keeps nginx in `/usr/sbin`, which a non-root `PATH` may lack.
    public static let systemDirectories = ["/usr/local/sbin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/bin", "/bin"]

    /// The first executable called `name` in `PATH`, then in ``systemDirectories``; nil when there is none.
    public static func find(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let pathDirectories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in pathDirectories + systemDirectories where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// ``find(_:environment:)``, or a ``BenchError/Code/notInstalled`` error naming what installs it.
    public static func require(
        _ name: String,
        package: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        if let found = find(name, environment: environment) { return found }
        throw BenchError(
            .notInstalled,
            "\(name) is not installed (looked in PATH and \(systemDirectories.joined(separator: ", "))). "
                + "Run scripts/bench, which installs it, or: apt-get install -y \(package)"
        )
    }

    /// The directory holding the running executable (for a test run, the test bundle's directory).
    public static var currentExecutableDirectory: URL {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: resolved).deletingLastPathComponent()
        }
        #endif
        if let executable = Bundle.main.executableURL {
            return executable.resolvingSymlinksInPath().deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
    }

    /// An executable called `name` next to the running one, or one directory up (where SwiftPM puts
    /// products relative to an `.xctest` bundle on macOS); nil when there is none.
    public static func sibling(named name: String) -> URL? {
        let directory = currentExecutableDirectory
        for candidate in [directory, directory.deletingLastPathComponent()].map({ $0.appendingPathComponent(name) })
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return nil
    }
}

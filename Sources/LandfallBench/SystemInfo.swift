import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine a benchmark ran on, for the header of BENCHMARKS.md.
public struct SystemInfo: Sendable, Hashable, Codable {
    /// "AMD EPYC 7B13" (from /proc/cpuinfo), or nil when unknown.
    public var cpuModel: String?
    /// Logical cores available.
    public var cores: Int
    /// Total memory in bytes (from /proc/meminfo), or nil when unknown.
    public var memoryBytes: UInt64?
    /// "Linux 6.1.0-18-amd64 x86_64".
    public var kernel: String
    /// "Swift 6.3.1", when known (see ``swiftVersion(binary:in:)``).
    public var swiftVersion: String?
    /// When the description was taken.
    public var date: Date

    public init(cpuModel: String?, cores: Int, memoryBytes: UInt64?, kernel: String, swiftVersion: String?, date: Date) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.kernel = kernel
        self.swiftVersion = swiftVersion
        self.date = date
    }

    /// This machine, now.
    public static func current(swiftVersion: String? = nil, date: Date = Date()) -> SystemInfo {
        SystemInfo(
            cpuModel: (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)).flatMap(cpuModel(fromCPUInfo:)),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)).flatMap(memoryBytes(fromMemInfo:)),
            kernel: kernelDescription(),
            swiftVersion: swiftVersion,
            date: date
        )
    }

    /// One line: `2025-11-21 · AMD EPYC 7B13 · 2 cores · 7.8 GiB · Linux 6.1.0 x86_64 · Swift 6.3.1`.
    public var summary: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        var parts = [formatter.string(from: date), cpuModel ?? "unknown CPU", "\(cores) \(cores == 1 ? "core" : "cores")"]
        if let memoryBytes { parts.append(String(format: "%.1f GiB", Double(memoryBytes) / 1_073_741_824)) }
        parts.append(kernel)
        if let swiftVersion { parts.append(swiftVersion) }
        return parts.joined(separator: " · ")
    }

    /// The first `model name` of /proc/cpuinfo, spaces collapsed.
    static func cpuModel(fromCPUInfo text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let model = line[line.index(after: colon)...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !model.isEmpty { return model }
        }
        return nil
    }

    /// `MemTotal:  8041572 kB` → bytes.
    static func memoryBytes(fromMemInfo text: String) -> UInt64? {
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.count >= 2, let kilobytes = UInt64(fields[1]) { return kilobytes * 1_024 }
        }
        return nil
    }

    private static func kernelDescription() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown kernel" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }

    /// "Swift 6.3.1" from `swift --version`, or nil when there is no swift on `PATH` or it says something else.
    ///
    /// - Parameter directory: where the command's output file is written.
    public static func swiftVersion(binary: URL? = nil, in directory: URL) async -> String? {
        guard let swift = binary ?? Executables.find("swift"),
            let process = try? ManagedProcess.start(swift, arguments: ["--version"], logDirectory: directory, logName: "swift-version.log"),
            let status = try? await process.waitForExit(timeout: .seconds(30)), status.isSuccess,
            let output = try? String(contentsOf: process.logFile, encoding: .utf8)
        else { return nil }
        return swiftVersion(fromVersionOutput: output)
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → `Swift 6.3.1`.
    static func swiftVersion(fromVersionOutput output: String) -> String? {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let version = output[range.upperBound...].prefix { !$0.isWhitespace }
        return version.isEmpty ? nil : "Swift \(version)"
    }
}

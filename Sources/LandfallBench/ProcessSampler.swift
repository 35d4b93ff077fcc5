import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time and memory of a process (and optionally its direct children) at one moment, from `/proc`.
public struct ProcessSample: Sendable, Hashable, Codable {
    /// User plus system CPU time used so far, in microseconds.
    public var cpuMicroseconds: UInt64
    /// Resident memory now (`VmRSS`), in bytes.
    public var residentBytes: UInt64
    /// The highest resident memory so far (`VmHWM`), in bytes; summed over processes it is an upper bound.
    public var peakResidentBytes: UInt64
    /// How many processes were summed.
    public var processCount: Int
    /// Bytes the process caused to be read from storage so far (`read_bytes` of `/proc/PID/io`):
    /// reads the page cache answered are not in it. Zero when the file cannot be read.
    public var storageReadBytes: UInt64

    public init(cpuMicroseconds: UInt64, residentBytes: UInt64, peakResidentBytes: UInt64, processCount: Int, storageReadBytes: UInt64 = 0)
    {
        self.cpuMicroseconds = cpuMicroseconds
        self.residentBytes = residentBytes
        self.peakResidentBytes = peakResidentBytes
        self.processCount = processCount
        self.storageReadBytes = storageReadBytes
    }

    /// CPU seconds used between `earlier` and this sample.
    public func cpuSeconds(since earlier: ProcessSample) -> Double {
        Double(cpuMicroseconds &- earlier.cpuMicroseconds) / 1_000_000
    }
}

/// Reads ``ProcessSample``s from `/proc/PID/stat` and `/proc/PID/status` (Linux only).
///
/// ```swift
/// let before = try ProcessSampler.sample(pid: nginx.pid, includingChildren: true)
/// … run wrk …
/// let after = try ProcessSampler.sample(pid: nginx.pid, includingChildren: true)
/// let cores = after.cpuSeconds(since: before) / wallSeconds
/// ```
public enum ProcessSampler {
    /// Samples `pid`, plus its direct children when `includingChildren` (nginx's master and workers).
    ///
    /// Children that exit between listing and reading are left out; the process itself must exist.
    public static func sample(pid: pid_t, includingChildren: Bool = false) throws -> ProcessSample {
        var total = try sampleOne(pid)
        if includingChildren {
            for child in children(of: pid) {
                guard let sample = try? sampleOne(child) else { continue }
                total.cpuMicroseconds += sample.cpuMicroseconds
                total.residentBytes += sample.residentBytes
                total.peakResidentBytes += sample.peakResidentBytes
                total.storageReadBytes += sample.storageReadBytes
                total.processCount += 1
            }
        }
        return total
    }

    /// The direct children of `pid`, found by scanning the parent field of every `/proc/*/stat`.
    public static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let candidate = pid_t(entry), candidate != pid,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let fields = try? StatFields(stat), fields.parent == pid
            else { return nil }
            return candidate
        }.sorted()
    }

    /// Clock ticks per second, the unit of the CPU times in `/proc/PID/stat`.
    static let clockTicksPerSecond: UInt64 = {
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return ticks > 0 ? UInt64(ticks) : 100
    }()

    private static func sampleOne(_ pid: pid_t) throws -> ProcessSample {
        let stat: String
        let status: String
        do {
            stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        } catch {
            throw BenchError(.systemCall, "cannot read /proc/\(pid): \(error)")
        }
        let fields = try StatFields(stat)
        let ticks = fields.userTicks + fields.systemTicks
        let memory = StatusMemory(status)
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        return ProcessSample(
            cpuMicroseconds: ticks * 1_000_000 / clockTicksPerSecond,
            residentBytes: memory.residentBytes,
            peakResidentBytes: memory.peakResidentBytes,
            processCount: 1,
            storageReadBytes: storageReadBytes(io) ?? 0
        )
    }

    /// `read_bytes` of a `/proc/PID/io` text; nil when it has none.
    static func storageReadBytes(_ io: String) -> UInt64? {
        for line in io.split(separator: "\n") where line.hasPrefix("read_bytes:") {
            return UInt64(line.dropFirst("read_bytes:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

/// The fields of `/proc/PID/stat` the sampler uses.
struct StatFields: Equatable {
    var parent: pid_t
    var userTicks: UInt64
    var systemTicks: UInt64

    /// The command name (field 2) is in parentheses and may itself hold spaces and parentheses,
    /// so fields are counted from the last `)`: state is field 3, ppid 4, utime 14, stime 15.
    init(_ stat: String) throws {
        guard let close = stat.lastIndex(of: ")") else {
            throw BenchError(.malformedOutput, "unexpected /proc stat line: \(stat.prefix(200))")
        }
        let rest = stat[stat.index(after: close)...].split(separator: " ")
        guard rest.count > 12, let parent = pid_t(rest[1]), let user = UInt64(rest[11]), let system = UInt64(rest[12]) else {
            throw BenchError(.malformedOutput, "unexpected /proc stat line: \(stat.prefix(200))")
        }
        self.parent = parent
        self.userTicks = user
        self.systemTicks = system
    }
}

/// `VmRSS` and `VmHWM` from `/proc/PID/status`; both are absent (zero here) for a zombie or a kernel thread.
struct StatusMemory: Equatable {
    var residentBytes: UInt64 = 0
    var peakResidentBytes: UInt64 = 0

    init(_ status: String) {
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") {
                residentBytes = Self.kilobytes(line) * 1_024
            } else if line.hasPrefix("VmHWM:") {
                peakResidentBytes = Self.kilobytes(line) * 1_024
            }
        }
    }

    /// `VmRSS:	   12345 kB` → 12345.
    private static func kilobytes(_ line: Substring) -> UInt64 {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { UInt64($0) } ?? 0
    }
}

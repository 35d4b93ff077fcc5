import CLandfallSQLite
import Foundation

/// A directory whose SQLite files can lose power: files opened through ``uri(for:)`` go through
/// the power-loss VFS of `CLandfallSQLite`, and ``cut(seed:tear:)`` throws away everything written to
/// them since their last sync, as a power cut does to a disk's write cache and the kernel's page cache.
///
/// Files opened by plain path go through SQLite's normal unix VFS, and are what a restarted machine
/// reads: the check reopens the database that way after every cut.
struct PowerLossDisk: Sendable {
    /// The directory, symlinks resolved (SQLite names files by their full real path), ending in "/".
    let prefix: String

    /// What one cut threw away.
    struct Cut: Sendable {
        var files: Int
        var operations: Int
        var bytes: Int
        /// Bytes of the last write kept by a torn write (0: not torn).
        var tornKept: Int
    }

    init(directory: URL) throws {
        let status = landfall_power_vfs_register()
        guard status == 0 else { throw PowerFailure("registering the power-loss VFS failed with SQLite code \(status)") }
        prefix = directory.resolvingSymlinksInPath().path + "/"
    }

    /// The plain path of `file` in the directory, for the normal VFS.
    func path(for file: String) -> String { prefix + file }

    /// A SQLite URI that opens `file` through the power-loss VFS.
    func uri(for file: String) -> String {
        // Only the characters a URI path gives meaning to need escaping here.
        let escaped = path(for: file).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
        return "file:\(escaped)?vfs=\(LANDFALL_POWER_VFS_NAME)"
    }

    /// Cuts the power: every file of the directory goes back to what it held at its last sync, and
    /// every later operation on it fails until ``restore()``.
    func cut(seed: UInt64, tear: Bool) throws -> Cut {
        var result = landfall_power_cut_result()
        let failure = landfall_power_cut(prefix, seed, tear ? 1 : 0, &result)
        guard failure == 0 else { throw PowerFailure("putting the files back failed: \(String(cString: strerror(failure)))") }
        return Cut(files: Int(result.files), operations: Int(result.operations), bytes: Int(result.bytes), tornKept: Int(result.tornKept))
    }

    /// Arms a cut to fall inside the `operations`-th write or sync of the directory's files from
    /// now: in the middle of a commit or a checkpoint, where a cut from outside mostly finds
    /// everything already synced.
    func arm(operations: Int, seed: UInt64, tear: Bool) throws {
        let failure = landfall_power_arm(prefix, Int64(operations), seed, tear ? 1 : 0)
        guard failure == 0 else { throw PowerFailure("arming a cut failed: \(String(cString: strerror(failure)))") }
    }

    /// Disarms the armed cut: what it threw away and when it fell (``monotonicNanoseconds()``), or
    /// nil when it has not fallen.
    func disarm() throws -> (cut: Cut, at: UInt64)? {
        var result = landfall_power_cut_result()
        var firedAt: UInt64 = 0
        let fired = landfall_power_disarm(&result, &firedAt)
        if fired < 0 { throw PowerFailure("putting the files back failed: \(String(cString: strerror(-fired)))") }
        guard fired == 1 else { return nil }
        return (
            Cut(files: Int(result.files), operations: Int(result.operations), bytes: Int(result.bytes), tornKept: Int(result.tornKept)),
            firedAt
        )
    }

    /// The clock an armed cut's moment is read on (CLOCK_MONOTONIC).
    static func monotonicNanoseconds() -> UInt64 { landfall_power_monotonic_nanoseconds() }

    /// Lets the files be opened again, once every connection of the cut server is closed.
    func restore() throws {
        let open = landfall_power_restore(prefix)
        guard open == 0 else { throw PowerFailure("\(open) handles to the cut files are still open") }
    }
}

struct PowerFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn` with standard input from /dev/null, standard output and error appended to a file,
/// no other inherited descriptors, default signal handling and an empty signal mask.
///
/// Foundation's `Process` is not used: on Linux it learns that a child exited when a socket it
/// hands the child reaches end-of-file, so a grandchild that keeps the socket (an nginx worker, a
/// daemon) stalls it. Here the child gets only three descriptors, all on files, and its exit is
/// observed with `waitpid` on its process id alone.
enum Spawn {
    #if canImport(Darwin)
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    #else
    typealias SpawnFileActions = posix_spawn_file_actions_t
    #endif

    static func spawn(
        executable: String,
        arguments: [String],
        environment: [String: String],
        logPath: String,
        newProcessGroup: Bool,
        workingDirectory: String? = nil
    ) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        if let workingDirectory { try changeDirectory(&actions, to: workingDirectory) }

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The parent may ignore or block signals (ServiceLifecycle ignores SIGTERM/SIGINT to catch
        // them through Dispatch); a child must start with the defaults, or SIGTERM would not stop it.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envpPointer in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointer, envpPointer)
            }
        }
        guard result == 0 else {
            throw BenchError(.spawnFailed, "could not start \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Asks the child to close every descriptor above standard error before it runs the program.
    ///
    /// glibc 2.34 has `posix_spawn_file_actions_addclosefrom_np`, but its header only declares it
    /// for `_GNU_SOURCE`, so it is looked up at run time; without it each open descriptor is closed
    /// by number (one opened between the listing and the spawn could still leak, which only costs a
    /// descriptor).
    private static func closeInheritedDescriptors(_ actions: UnsafeMutablePointer<SpawnFileActions>) {
        #if os(Linux)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(actions, 3) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(actions, descriptor)
        }
        #endif
    }

    /// Asks the child to start in `directory` (glibc 2.29's `posix_spawn_file_actions_addchdir_np`,
    /// looked up at run time for the same reason as `addclosefrom_np` above).
    private static func changeDirectory(_ actions: UnsafeMutablePointer<SpawnFileActions>, to directory: String) throws {
        #if os(Linux)
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            throw BenchError(.spawnFailed, "this C library cannot start a process in another directory")
        }
        let result = directory.withCString { unsafeBitCast(symbol, to: AddChdir.self)(actions, $0) }
        guard result == 0 else {
            throw BenchError(.spawnFailed, "cannot start a process in \(directory): \(String(cString: strerror(result)))")
        }
        #else
        throw BenchError(.spawnFailed, "starting a process in another directory is only supported on Linux")
        #endif
    }

    /// Runs `body` with a NULL-terminated array of C strings that lives as long as the call.
    ///
    /// Returns `body`'s result, an `errno` value.
    private static func withCStringArray(
        _ strings: [String],
        _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32
    ) -> Int32 {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // Never nil: the array holds at least the terminating nil.
            guard let base = buffer.baseAddress else { return EINVAL }
            return body(base)
        }
    }
}

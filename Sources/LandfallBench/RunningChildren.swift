import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The children a process started and has not reaped, killed when it exits.
///
/// A ``ManagedProcess`` kills its child when it is released, but `exit` releases nothing: a lab
/// run stopped from outside left its nginx, its reference server and its `landfall serve`
/// running. Every child is listed here from its start until it is reaped, and an `atexit` handler
/// kills what is left (its process group too, where it leads one).
enum RunningChildren {
    /// Running children by process id, with whether each leads its own process group.
    private static let children = LockedValue<[pid_t: Bool]>([:])

    /// Registers the handler the first time a child is listed; `static let` initialisation runs once.
    private static let handlerRegistration: Void = {
        atexit { RunningChildren.killAll() }
    }()

    static func started(_ pid: pid_t, leadsProcessGroup: Bool) {
        _ = handlerRegistration
        children.withLock { $0[pid] = leadsProcessGroup }
    }

    /// Called once `waitpid` has collected the child: its id may now be reused, so it is never
    /// signalled again.
    static func reaped(_ pid: pid_t) {
        children.withLock { _ = $0.removeValue(forKey: pid) }
    }

    /// The children not yet reaped, with whether each leads its own process group.
    static var running: [pid_t: Bool] { children.withLock { $0 } }

    /// Sends `SIGKILL` to every child not yet reaped (and to the groups they lead); does not wait.
    static func killAll() {
        kill(running)
    }

    /// Sends `SIGKILL` to `children` (and to the groups they lead); does not wait.
    static func kill(_ children: [pid_t: Bool]) {
        for (pid, leadsGroup) in children {
            if leadsGroup { _ = signalProcess(-pid, SIGKILL) }
            _ = signalProcess(pid, SIGKILL)
        }
    }
}

/// Makes a stop from outside (Ctrl-C, `kill`, a closed terminal) an ordinary exit of the lab.
///
/// By default those signals end the process at once, so neither the `atexit` handlers that stop
/// its children (``RunningChildren``) nor those that stop its PostgreSQL clusters and remove
/// their directories ran. Here each is caught on a dispatch queue and becomes `exit(128 + signal)`,
/// the status a shell reports for a process killed by it.
public enum TerminationSignals {
    private static let sources = LockedValue<[any DispatchSourceSignal]>([])

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP; a second call does nothing.
    public static func exitCleanlyOnTermination() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { exit(128 + signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }
}

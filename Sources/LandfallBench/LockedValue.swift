import Foundation

/// A value guarded by a lock: the little shared state of the lab's process runners, the local
/// PostgreSQL runner's included.
///
/// `@unchecked Sendable` is safe: `value` is private and only touched inside `withLock`, which holds
/// `lock` for the whole access, so no two threads ever see it at once. (`Synchronization.Mutex` would
/// say the same to the compiler, but needs macOS 15 and the package still supports macOS 14.)
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

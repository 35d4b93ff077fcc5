import Foundation

/// A value guarded by a lock.
///
/// `@unchecked Sendable` is safe: `value` is private and only touched inside `withLock`, which holds
/// `lock` for the whole access, so no two threads ever see it at once. (`Synchronization.Mutex` would
/// say the same to the compiler, but needs macOS 15 and the package still supports macOS 14.)
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Foundation

/// A value shared between test code and SDK callbacks that run on other executors.
///
/// `@unchecked Sendable` proof: the only stored mutable state is `value`, and every read and write
/// of it happens inside `lock.withLock`, so no two threads touch it at once; `lock` itself is an
/// immutable `let` of a thread-safe type.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }

    var current: Value { withValue { $0 } }
}

import Foundation
import LandfallKit

/// Values that SDK callbacks hand over from the client's executor, read by the test.
///
/// `@unchecked Sendable` is safe: `values` is private and only read or appended while `lock` is
/// held, so no two threads touch it at once.
final class Inbox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.withLock { values.append(value) }
    }

    /// Everything received so far, in order.
    var received: [Value] { lock.withLock { values } }
}

extension LandfallClient {
    /// Registers a deep link listener that collects into a new inbox.
    func collectDeepLinks() -> Inbox<DeepLinkEvent> {
        let inbox = Inbox<DeepLinkEvent>()
        addDeepLinkListener { inbox.append($0) }
        return inbox
    }

    /// Registers an error listener that collects into a new inbox.
    func collectErrors() -> Inbox<LandfallError> {
        let inbox = Inbox<LandfallError>()
        addErrorListener { inbox.append($0) }
        return inbox
    }
}

/// The first element of `stream`, or an error after `seconds`: a stream the SDK never feeds must
/// fail the test, not hang it.
func firstElement<Element: Sendable>(of stream: AsyncStream<Element>, within seconds: Double = 10) async throws -> Element {
    try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask {
            for await element in stream { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let element = try await group.next() ?? nil else {
            throw LiveServerError("the stream delivered nothing within \(seconds) seconds")
        }
        return element
    }
}

/// How long `body` takes on the continuous clock, with its result.
func measured<Value>(_ body: () async throws -> Value) async rethrows -> (value: Value, seconds: Double) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, (ContinuousClock.now - start) / .seconds(1))
}

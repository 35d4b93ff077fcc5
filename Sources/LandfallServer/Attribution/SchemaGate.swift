/// Opens once the schema check at start has passed, so background services never query tables a
/// fresh database does not have yet.
public struct SchemaGate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }

    /// True once open; false when the waiting task is cancelled first (server stopping, schema check failed).
    func wait() async -> Bool {
        for await _ in stream { return true }
        return false
    }
}

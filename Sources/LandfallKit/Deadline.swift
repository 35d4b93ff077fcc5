/// Runs an operation with a time limit on the injected clock.
enum Deadline {
    /// The operation's result, or ``LandfallError/Code/timeout`` after `seconds`.
    ///
    /// The operation and the timer run as unstructured tasks racing into one stream, so the caller
    /// gets its answer when the limit passes even if the operation ignores cancellation (a task group
    /// would wait for it). The loser is cancelled.
    static func run<T: Sendable>(
        seconds: Double, clock: any LandfallClock, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let (stream, continuation) = AsyncStream<Result<T, LandfallError>>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let work = Task {
            do {
                continuation.yield(.success(try await operation()))
            } catch {
                continuation.yield(.failure(LandfallError.wrap(error)))
            }
        }
        let timer = Task {
            do {
                try await clock.sleep(seconds: seconds)
                continuation.yield(.failure(LandfallError(.timeout, "no answer within \(seconds) seconds")))
            } catch {
                // Cancelled: the operation finished first.
            }
        }
        defer {
            work.cancel()
            timer.cancel()
            continuation.finish()
        }
        for await result in stream {
            return try result.get()
        }
        throw LandfallError.cancelled
    }
}

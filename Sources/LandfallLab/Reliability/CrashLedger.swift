import Foundation

/// What the server said it stored: every write that got a 2xx, by kind and identity, and the
/// writes whose fate is unknown because the server died (or refused for the moment) under them.
///
/// Every acknowledgement is also appended to a log file as a JSON line, so a failed run can be
/// read back write by write.
actor CrashLedger {
    /// An acknowledged write and the id the server answered with.
    struct Acknowledged: Sendable {
        var write: CrashWrite
        var serverId: String
        /// The link's short code.
        var shortCode: String?
    }

    private(set) var acknowledged: [CrashWrite.Kind: [String: Acknowledged]] = [:]
    private(set) var inDoubt: [String: CrashWrite] = [:]
    /// Install ids acknowledged so far, which events are sent for.
    private var installIds: [String] = []
    private(set) var resent = 0
    private(set) var resentAlreadyStored = 0
    /// Answers that mean the load itself is wrong (a 4xx other than 408 and 429, an unreadable 2xx).
    private(set) var refusals: [String] = []
    private let log: FileHandle
    /// Writes acknowledged so far, counting each write of a batch, and the loads waiting for a number
    /// of them (see ``waitForAcknowledgements(_:)``).
    private var acknowledgedTotal = 0
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Clients of the running load that have not stopped: once none is left, no acknowledgement
    /// can come, and a load waiting for some must go on (see ``clientStopped()``).
    private var sendingClients = 0

    init(logFile: URL) throws {
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw CrashFailure("could not create \(logFile.path)")
        }
        log = try FileHandle(forWritingTo: logFile)
    }

    deinit {
        try? log.close()
    }

    func count(_ kind: CrashWrite.Kind) -> Int { acknowledged[kind]?.count ?? 0 }

    func randomInstallId(using random: inout some RandomNumberGenerator) -> String? {
        installIds.randomElement(using: &random)
    }

    func acknowledge(_ write: CrashWrite, answer: CrashAnswer, cycle: Int) {
        if inDoubt.removeValue(forKey: write.identity) != nil {
            resent += 1
            if answer.alreadyStored { resentAlreadyStored += 1 }
        }
        guard write.parts.isEmpty else {
            for (part, partAnswer) in zip(write.parts, answer.parts) { record(part, answer: partAnswer, cycle: cycle) }
            return
        }
        record(write, answer: answer, cycle: cycle)
    }

    private func record(_ write: CrashWrite, answer: CrashAnswer, cycle: Int) {
        acknowledged[write.kind, default: [:]][write.identity] = Acknowledged(
            write: write, serverId: answer.serverId, shortCode: answer.shortCode)
        if write.kind == .install { installIds.append(answer.serverId) }
        acknowledgedTotal += 1
        wake { $0 <= acknowledgedTotal }
        let entry: [String: String] = [
            "cycle": String(cycle), "kind": write.kind.rawValue, "identity": write.identity, "id": answer.serverId,
            "status": String(answer.status),
        ]
        if let line = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) {
            log.write(line + Data("\n".utf8))
        }
    }

    func randomInstallIds(_ count: Int, using random: inout some RandomNumberGenerator) -> [String] {
        guard !installIds.isEmpty else { return [] }
        return (0..<count).compactMap { _ in installIds.randomElement(using: &random) }
    }

    func markInDoubt(_ write: CrashWrite) {
        inDoubt[write.identity] = write
    }

    func refuse(_ write: CrashWrite, reason: String) {
        inDoubt.removeValue(forKey: write.identity)
        refusals.append("\(write.kind.rawValue) \(write.identity): \(reason)")
        // A refused write stops its client; a load waiting for acknowledgements must not wait forever.
        wake { _ in true }
    }

    /// Returns once `count` more writes are acknowledged (or a write was refused, or every client
    /// of the load stopped): a moment in the load that depends on its progress, not on the time the
    /// machine takes.
    func waitForAcknowledgements(_ count: Int) async {
        let target = acknowledgedTotal + count
        guard count > 0, refusals.isEmpty, sendingClients > 0 else { return }
        await withCheckedContinuation { continuation in waiters.append((target, continuation)) }
    }

    /// Loads waiting in ``waitForAcknowledgements(_:)``.
    var waiting: Int { waiters.count }

    /// A load's clients, counted before any of them runs.
    func clientsStarting(_ count: Int) {
        sendingClients += count
    }

    /// A client stopped: an answer in doubt (a 503 under load, a reset connection) stops it as a
    /// refusal does, and when it was the last one a load waiting for acknowledgements would
    /// otherwise wait forever (a power check that hung its test run did).
    func clientStopped() {
        sendingClients = max(0, sendingClients - 1)
        if sendingClients == 0 { wake { _ in true } }
    }

    private func wake(_ reached: (Int) -> Bool) {
        let (due, rest) = (waiters.filter { reached($0.target) }, waiters.filter { !reached($0.target) })
        waiters = rest
        for waiter in due { waiter.continuation.resume() }
    }

    var pending: [CrashWrite] { Array(inDoubt.values) }

    /// An acknowledged write of `kind` picked at random, to send again: the server must answer with
    /// the same id and store nothing new.
    func randomAcknowledged(_ kind: CrashWrite.Kind, using random: inout some RandomNumberGenerator) -> Acknowledged? {
        acknowledged[kind]?.values.randomElement(using: &random)
    }
}

/// A 2xx answer, reduced to what identifies the stored write.
struct CrashAnswer: Sendable {
    var status: Int
    var serverId: String
    var shortCode: String?
    /// The server found the write already stored: a duplicate event, a deduplicated link (for a
    /// batch: every event of it).
    var alreadyStored: Bool
    /// A batch's answer for each of its events, in order.
    var parts: [CrashAnswer] = []
}

/// A crash check that could not be carried out.
struct CrashFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

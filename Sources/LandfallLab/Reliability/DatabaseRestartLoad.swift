import AsyncHTTPClient
import Foundation
import LandfallBench
import LandfallRandom
import NIOCore
import NIOHTTP1

/// The database-restart check's load on both servers: the crash check's writes, which go on through
/// the outage (a 503 or a write without an answer is in doubt and sent again afterwards, as an SDK
/// retries), and a client per server following one link, each redirect marked in its user agent.
struct DatabaseRestartLoad: Sendable {
    let senders: [CrashSender]
    let factory: CrashWriteFactory
    let ledger: CrashLedger
    let clientsPerServer: Int
    let cycle: Int
    let seed: UInt64
    let http: HTTPClient
    let shortCode: String
    let observations: LockedValue<[RestartObservation]>
    /// The markers of redirects answered with a redirect or a page: each must leave one stored click.
    let answeredRedirects: LockedValue<Set<String>>

    static let userAgentPrefix = PowerClickLoad.userAgentPrefix + "restart."

    /// Runs until `stop` is set; clients finish the request they are in.
    func run(stop: LockedValue<Bool>) async {
        await withTaskGroup(of: Void.self) { group in
            for server in senders.indices {
                for client in 0..<clientsPerServer {
                    group.addTask { await self.writer(server: server, client: server * clientsPerServer + client, stop: stop) }
                }
                group.addTask { await self.follower(server: server, stop: stop) }
            }
        }
    }

    private func writer(server: Int, client: Int, stop: LockedValue<Bool>) async {
        let load = CrashLoad(sender: senders[server], factory: factory, ledger: ledger, clients: 1, cycle: cycle, seed: seed)
        var random = SplitMix64(seed: seed ^ (UInt64(cycle) << 20) ^ UInt64(client) ^ 0x5eed)
        while !stop.withLock({ $0 }) {
            guard let write = try? await load.nextWrite(client: client, using: &random) else { return }
            // One write in twenty races a copy of itself, as in the crash check.
            let copies = random.next() % 20 == 0 ? 2 : 1
            let exchanges = await withTaskGroup(of: CrashSender.Exchange.self, returning: [CrashSender.Exchange].self) { group in
                for _ in 0..<copies { group.addTask { await senders[server].exchange(write) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            var acknowledged = false
            var unavailable = false
            for exchange in exchanges {
                observations.withLock {
                    $0.append(
                        RestartObservation(
                            server: server, kind: .write, sentAt: exchange.sentAt, answeredAt: exchange.answeredAt, status: exchange.status,
                            retryAfter: exchange.retryAfter, errorCode: exchange.errorCode))
                }
                switch exchange.outcome {
                case .acknowledged(let answer):
                    await ledger.acknowledge(write, answer: answer, cycle: cycle)
                    acknowledged = true
                case .inDoubt:
                    unavailable = true
                case .refused(let reason):
                    await ledger.refuse(write, reason: reason)
                    return
                }
            }
            if !acknowledged { await ledger.markInDoubt(write) }
            // An SDK waits before its next attempt; 100 ms rather than the 5 s Retry-After keeps the
            // check short and the outage busy.
            if unavailable { try? await Task.sleep(for: .milliseconds(100)) }
        }
    }

    private func follower(server: Int, stop: LockedValue<Bool>) async {
        var sent = 0
        while !stop.withLock({ $0 }) {
            sent += 1
            let marker = "\(cycle).\(server).\(sent)"
            let observation = await Self.follow(
                http: http, baseURL: senders[server].baseURL, shortCode: shortCode, marker: marker, server: server)
            observations.withLock { $0.append(observation) }
            if let status = observation.status, (200..<400).contains(status) { answeredRedirects.withLock { _ = $0.insert(marker) } }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Follows the link once with `marker` in the user agent.
    static func follow(http: HTTPClient, baseURL: String, shortCode: String, marker: String, server: Int) async -> RestartObservation {
        var request = HTTPClientRequest(url: "\(baseURL)/\(shortCode)")
        request.headers.add(name: "User-Agent", value: userAgentPrefix + marker)
        let sentAt = ContinuousClock.now
        do {
            let response = try await http.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            struct ErrorBody: Decodable {
                struct Detail: Decodable { var code: String }
                var error: Detail
            }
            let status = Int(response.status.code)
            let code = status >= 400 ? (try? JSONDecoder().decode(ErrorBody.self, from: Data(body.readableBytesView)))?.error.code : nil
            return RestartObservation(
                server: server, kind: .redirect, sentAt: sentAt, answeredAt: .now, status: status,
                retryAfter: response.headers.first(name: "Retry-After"), errorCode: code)
        } catch {
            return RestartObservation(server: server, kind: .redirect, sentAt: sentAt, answeredAt: .now, status: nil)
        }
    }
}

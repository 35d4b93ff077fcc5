import Logging
import PostgresNIO

extension PostgresHotPath {
    /// A hot statement run once, with arguments that read, insert and count nothing, so that a
    /// connection has it parsed and planned before the first request needs it.
    struct WarmUp: Sendable {
        let run: @Sendable (PostgresConnection, Logger) async throws -> Void

        init<Statement: PostgresPreparedStatement>(_ statement: Statement) {
            run = { connection, logger in
                for try await _ in try await connection.execute(statement, logger: logger) {}
            }
        }
    }

    /// What a serving server runs first: a redirect's link read and click batch, an install's match,
    /// an event batch, the statistics pass.
    static let warmUps: [WarmUp] = [
        WarmUp(LinkByCode.Postgres.AcrossApps(shortCodes: [""])),
        WarmUp(LinkByCode.Postgres.InApps(shortCodes: [""], appIds: [""])),
        WarmUp(ClickInsert.Postgres(clicks: [])),
        WarmUp(
            MatchInputs.Postgres(
                population: Population.Postgres(appId: "", platform: "", pairs: [], fromDay: 0, toDay: 0),
                ipPrefix: nil, signature: nil, since: 0, until: 0, limit: 0
            )),
        WarmUp(EventInsert.Postgres(events: [])),
        WarmUp(SettledClicks.Postgres(after: 0, upTo: 0, limit: 0)),
    ]
}

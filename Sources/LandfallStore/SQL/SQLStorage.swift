import Foundation
import LandfallModels
import NIOConcurrencyHelpers
import SQLKit

/// ``LandfallStorage`` over SQL, one implementation for SQLite and PostgreSQL.
///
/// Every query is written once with bound parameters (`\(bind:)`), which SQLKit renders as `?` for
/// SQLite and `$n` for PostgreSQL; no value is ever interpolated into SQL text. The few operations
/// every request runs are written for each engine instead, behind ``hotPath``.
public final class SQLStorage: LandfallStorage {
    /// The database itself, for the lab's synthetic data (`LandfallSynthetic`) alone.
    @_spi(Synthetic) public let provider: any SQLDatabaseProvider
    /// The provider's engine's own statements for the hot operations, taken once here.
    let hotPath: any HotPath
    let encoder: JSONEncoder
    let decoder: JSONDecoder
    let catalogRevisionBox = NIOLockedValueBox(CatalogRevision())

    public init(provider: any SQLDatabaseProvider) {
        self.provider = provider
        self.hotPath = provider.hotPath.implementation
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self.encoder = encoder
        self.decoder = JSONDecoder()
    }

    public var engine: StorageEngine { provider.engine }

    /// Moves whenever this process changes an app, a template or an existing link, and whenever
    /// ``observeSharedCatalogRevision()`` finds that another process did, so caches of what a short
    /// URL resolves to know to read again.
    public var catalogRevision: UInt64 { catalogRevisionBox.withLockedValue { $0.local } }

    func catalogChanged() {
        catalogRevisionBox.withLockedValue { $0.local &+= 1 }
    }

    public func ping() async throws {
        _ = try await provider.read { database in try await database.raw("SELECT 1 AS one").first() }
    }

    @_spi(Synthetic) public func encodeJSON(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decodeJSON<Value: Decodable>(_ type: Value.Type, _ text: String, what: String) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.corruptRecord("\(what): \(error)")
        }
    }

    /// A link's or a template's content: plain documents (every one this storage writes) without
    /// `JSONDecoder`, which was a third of a redirect's link read; anything else through it.
    func decodeLinkContent(_ text: String, what: String) throws -> LinkContent {
        if let plain = PlainJSON.parse(text), let content = LinkContent(plain: plain) { return content }
        return try decodeJSON(LinkContent.self, text, what: what)
    }

    /// Runs a write and turns this engine's unique violation into ``StoreError/conflict(_:)``.
    func writeUnique(conflictField: String, _ body: (any SQLDatabase) async throws -> Void) async throws {
        do {
            try await provider.write(body)
        } catch  where provider.isUniqueViolation(error) {
            throw StoreError.conflict(conflictField)
        }
    }
}

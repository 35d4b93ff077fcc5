/// Errors the storage layer reports in terms the rest of Landfall can act on.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case conflict(String)
        case schemaMismatch(String)
        case invalidConfiguration(String)
        case corruptRecord(String)
        case readFailed(String)
    }

    private let code: Code

    /// A unique value is taken; `field` names which one (`slug`, `domain`, `shortCode`).
    public static func conflict(_ field: String) -> StoreError { .init(code: .conflict(field)) }
    /// The database holds migrations this build does not know, or lacks ones it needs.
    public static func schemaMismatch(_ detail: String) -> StoreError { .init(code: .schemaMismatch(detail)) }
    /// A database URL or option cannot be used.
    public static func invalidConfiguration(_ detail: String) -> StoreError { .init(code: .invalidConfiguration(detail)) }
    /// A stored row cannot be decoded.
    public static func corruptRecord(_ detail: String) -> StoreError { .init(code: .corruptRecord(detail)) }
    /// The database could not answer a read.
    public static func readFailed(_ detail: String) -> StoreError { .init(code: .readFailed(detail)) }

    /// The conflicting field when this is a conflict.
    public var conflictingField: String? {
        if case .conflict(let field) = code { return field }
        return nil
    }

    public var isSchemaMismatch: Bool {
        if case .schemaMismatch = code { return true }
        return false
    }

    public var description: String {
        switch code {
        case .conflict(let field): "\(field) is already taken"
        case .schemaMismatch(let detail): "database schema mismatch: \(detail)"
        case .invalidConfiguration(let detail): "invalid storage configuration: \(detail)"
        case .corruptRecord(let detail): "corrupt record: \(detail)"
        case .readFailed(let detail): "database read failed: \(detail)"
        }
    }
}

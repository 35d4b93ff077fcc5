import Foundation
import LandfallStore
import Logging

/// GDPR erasure (article 17) of one person in one app: shared by the management API and `landfall privacy erase`.
public struct EraseService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date

    public init(storage: any LandfallStorage, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.now = now
    }

    /// Removes every row tied to `subject` in `app`, in one transaction; an unknown subject removes nothing.
    public func erase(_ subject: ErasureSubject, app: AppRecord, logger: Logger) async throws -> ErasureReport {
        let report = try await storage.erase(subject, appId: app.id)
        // The id itself stays out of the log: an external user id is often an email address.
        logger.info(
            "person erased",
            metadata: [
                "app": "\(app.id)", "subject": "\(subject.kind)", "installs": "\(report.installIds.count)",
                "rows": "\(report.removedRows.values.reduce(0, +))",
            ])
        return report
    }
}

extension ErasureSubject {
    /// `install` or `external_user`, for logs.
    var kind: String {
        switch self {
        case .install: "install"
        case .externalUser: "external_user"
        }
    }
}

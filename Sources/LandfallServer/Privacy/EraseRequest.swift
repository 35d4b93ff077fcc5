import Foundation
import LandfallStore

/// The body of `POST /api/privacy/erasures`: exactly one of the two ids.
struct EraseRequest: Decodable, Sendable {
    var installId: String?
    var externalUserId: String?

    /// The person named, or a 400 for neither, both, or an id that could never have been stored.
    func subject() throws -> ErasureSubject {
        let install = try Validate.text(installId, "installId", max: 256)
        let user = try Validate.text(externalUserId, "externalUserId", max: 256)
        switch (install, user) {
        case (let install?, nil): return .install(install)
        case (nil, let user?): return .externalUser(user)
        case (nil, nil): throw APIError.badRequest("subject_required", "give installId or externalUserId")
        case (_?, _?): throw APIError.badRequest("one_subject", "give installId or externalUserId, not both: each is erased on its own")
        }
    }
}

/// What an erasure answers: the subject as named, the installs erased and rows removed per table.
struct EraseResponse: Encodable, Sendable {
    var installId: String?
    var externalUserId: String?
    var erasedAt: Date
    var installIds: [String]
    var removedRows: [String: Int]
    var totalRows: Int

    init(subject: ErasureSubject, report: ErasureReport, at date: Date) {
        switch subject {
        case .install(let id): installId = id
        case .externalUser(let id): externalUserId = id
        }
        erasedAt = date
        installIds = report.installIds
        removedRows = report.removedRows
        totalRows = report.removedRows.values.reduce(0, +)
    }
}

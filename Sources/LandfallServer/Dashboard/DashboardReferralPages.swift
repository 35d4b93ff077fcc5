import Foundation
import LandfallStore

/// An app's referrals: the flagged review queue and the most recent referrals in every status.
enum DashboardReferralPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: referrals</h1>
        {{#keyEvent}}<p id="program">Program: key event <code>{{keyEvent}}</code>.</p>{{/keyEvent}}\
        {{^keyEvent}}<p id="program" class="muted">This app has no referral program yet (<code>PUT /api/referrals/program</code>).</p>{{/keyEvent}}
        <h2>Flagged for review</h2>
        {{#flagged}}{{>referral-table}}{{/flagged}}
        <h2>Recent referrals</h2>
        {{#recent}}{{>referral-table}}{{/recent}}
        {{/content}}{{/layout}}
        """

    static let tableTemplate = """
        <table id="{{tableId}}"><thead><tr><th>Id</th><th>Status</th><th>Referrer</th><th>Referee</th><th>Reasons</th><th>Created</th></tr></thead>\
        <tbody>{{#rows}}<tr><td>{{id}}</td><td class="status">{{status}}</td><td>{{referrer}}</td><td>{{referee}}</td>\
        <td class="reasons">{{reasons}}</td><td>{{created}}</td></tr>{{/rows}}\
        {{^rows}}<tr><td colspan="6" class="muted">{{empty}}</td></tr>{{/rows}}</tbody></table>
        """

    static func page(
        app: AppRecord, program: ReferralProgramRecord?, flagged: [ReferralRecord], recent: [ReferralRecord], chrome: DashboardLayout.Chrome
    ) -> String {
        DashboardTemplates.render(
            "referrals", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "keyEvent": program?.program.keyEvent,
                "flagged": table(flagged, id: "flagged", empty: "No flagged referrals."),
                "recent": table(recent, id: "referrals", empty: "No referrals yet."),
            ])
    }

    /// One table's context: its rows, and the line shown when there are none.
    static func table(_ referrals: [ReferralRecord], id: String, empty: String) -> [String: Any] {
        let rows = referrals.map { referral -> [String: Any] in
            [
                "id": referral.id, "status": referral.status.rawValue, "referrer": referral.referrerId,
                "referee": referral.refereeName.map { "\(referral.refereeId) (\($0))" } ?? referral.refereeId,
                "reasons": referral.reasons.joined(separator: ", "), "created": DashboardPages.date(referral.createdAt),
            ]
        }
        return ["tableId": id, "rows": rows, "empty": empty]
    }
}

import Foundation
import LandfallStore

/// An app's referrals: the flagged review queue and the most recent referrals in every status.
enum DashboardReferralPages {
    static func page(
        app: AppRecord, program: ReferralProgramRecord?, flagged: [ReferralRecord], recent: [ReferralRecord], chrome: DashboardLayout.Chrome
    ) -> String {
        let programLine =
            program.map {
                #"<p id="program">Program: key event <code>\#(HTML.escape($0.program.keyEvent))</code>.</p>"#
            } ?? #"<p id="program" class="muted">This app has no referral program yet (<code>PUT /api/referrals/program</code>).</p>"#
        return DashboardLayout.page(
            chrome,
            body: """
                <p><a href="/dashboard/apps/\(HTML.escape(app.id))/links">← \(HTML.escape(app.name))</a></p>
                <h1>\(HTML.escape(app.name)): referrals</h1>
                \(programLine)
                <h2>Flagged for review</h2>
                \(table(flagged, id: "flagged", empty: "No flagged referrals."))
                <h2>Recent referrals</h2>
                \(table(recent, id: "referrals", empty: "No referrals yet."))
                """)
    }

    static func table(_ referrals: [ReferralRecord], id: String, empty: String) -> String {
        var rows = ""
        for referral in referrals {
            let referee = referral.refereeName.map { "\(referral.refereeId) (\($0))" } ?? referral.refereeId
            rows += """
                <tr><td>\(referral.id)</td><td class="status">\(HTML.escape(referral.status.rawValue))</td>\
                <td>\(HTML.escape(referral.referrerId))</td><td>\(HTML.escape(referee))</td>\
                <td class="reasons">\(HTML.escape(referral.reasons.joined(separator: ", ")))</td><td>\(DashboardPages.date(referral.createdAt))</td></tr>
                """
        }
        if referrals.isEmpty { rows = #"<tr><td colspan="6" class="muted">\#(HTML.escape(empty))</td></tr>"# }
        return """
            <table id="\(id)"><thead><tr><th>Id</th><th>Status</th><th>Referrer</th><th>Referee</th><th>Reasons</th><th>Created</th></tr></thead>\
            <tbody>\(rows)</tbody></table>
            """
    }
}

import Foundation
import LandfallStore

/// An app's referrals: the program (owners edit it), the flagged review queue (editors approve or
/// reject with a reason) and the most recent referrals in every status (editors reverse them).
enum DashboardReferralPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: referrals</h1>{{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}
        {{#keyEvent}}<p id="program">Program: key event <code>{{keyEvent}}</code>.</p>{{/keyEvent}}\
        {{^keyEvent}}<p id="program" class="muted">This app has no referral program yet.</p>{{/keyEvent}}
        <details{{#programOpen}} open{{/programOpen}}><summary>{{#keyEvent}}The program's settings{{/keyEvent}}{{^keyEvent}}Create the program{{/keyEvent}}</summary>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/referrals/program" id="referral-program">{{>csrf}}{{#program}}{{>fields}}{{/program}}
        {{#chrome.isOwner}}<button type="submit">Save the program</button>{{/chrome.isOwner}}\
        {{^chrome.isOwner}}<p class="muted">Only the app's owners change the program.</p>{{/chrome.isOwner}}</form></details>
        <h2>Flagged for review</h2>
        {{#flagged}}{{>referral-table}}{{/flagged}}
        <h2>Recent referrals</h2>
        {{#recent}}{{>referral-table}}{{/recent}}
        {{/content}}{{/layout}}
        """

    static let tableTemplate = """
        <div class="table-scroll" role="region" aria-label="{{tableLabel}}" tabindex="0"><table id="{{tableId}}"><thead><tr><th>Id</th><th>Status</th><th>Referrer</th><th>Referee</th><th>Reasons</th><th>Created</th>\
        {{#chrome.canEdit}}<th>Review</th>{{/chrome.canEdit}}</tr></thead>\
        <tbody>{{#rows}}<tr><td>{{id}}</td><td class="status">{{status}}</td><td>{{referrer}}</td><td>{{referee}}</td>\
        <td class="reasons">{{reasons}}</td><td>{{created}}</td>{{#chrome.canEdit}}<td>\
        {{#isFlagged}}<form method="post" action="/dashboard/apps/{{appId}}/referrals/{{id}}/approve" class="inline">{{>csrf}}\
        <button type="submit" aria-label="Approve referral {{id}}">Approve</button></form> {{/isFlagged}}\
        {{#canReverse}}<form method="post" action="/dashboard/apps/{{appId}}/referrals/{{id}}/reverse" class="inline">{{>csrf}}\
        <label for="{{tableId}}-{{id}}-reason">Reason</label><input type="text" id="{{tableId}}-{{id}}-reason" name="reason" maxlength="64"\
        {{#hasError}} aria-invalid="true" aria-describedby="{{tableId}}-{{id}}-reason-error"{{/hasError}}>\
        <button type="submit">{{action}}</button>\
        {{#hasError}}<p class="field-error" id="{{tableId}}-{{id}}-reason-error" role="alert">{{error}}</p>{{/hasError}}</form>{{/canReverse}}\
        </td>{{/chrome.canEdit}}</tr>{{/rows}}\
        {{^rows}}<tr><td colspan="7" class="muted">{{empty}}</td></tr>{{/rows}}</tbody></table></div>
        """

    /// The program form's inputs, filled from `view` (defaults when there is no program yet).
    static func fields(_ view: ReferralProgramView?) -> [DashboardField] {
        let defaults = ReferralProgram()
        let number = { (value: Int?) in value.map(String.init) ?? "" }
        return [
            DashboardField("keyEvent", "Key event (the referee's event that earns the reward)", value: view?.keyEvent ?? defaults.keyEvent),
            DashboardField(
                "holdHours", "Hold (hours before a completed referral pays out)", value: String(view?.holdHours ?? defaults.holdHours),
                kind: .number),
            DashboardField("minRevenue", "Minimum revenue of the key event", value: view?.minRevenue ?? "", kind: .number),
            DashboardField("revenueCurrency", "Its currency (ISO 4217)", value: view?.revenueCurrency ?? ""),
            DashboardField("maxPerDay", "Rewards per referrer per day (blank: no cap)", value: number(view?.maxPerDay), kind: .number),
            DashboardField("maxPerWeek", "Rewards per referrer per week (blank: no cap)", value: number(view?.maxPerWeek), kind: .number),
            DashboardField(
                "registrationWindowHours", "Registration window (hours after the invite click)",
                value: String(view?.registrationWindowHours ?? defaults.registrationWindowHours), kind: .number),
            DashboardField(
                "velocityPerHour", "Referrals per referrer per hour before flagging",
                value: String(view?.velocityPerHour ?? defaults.velocityPerHour), kind: .number),
            DashboardField(
                "maxRefereesPerIP", "Referees per IP address before flagging",
                value: String(view?.maxRefereesPerIP ?? defaults.maxRefereesPerIP), kind: .number),
            DashboardField(
                "minClickToInstallSeconds", "Fastest believable click-to-install (seconds)",
                value: String(view?.minClickToInstallSeconds ?? defaults.minClickToInstallSeconds), kind: .number),
            DashboardField("deepLinkPath", "Invite links' deep link path", value: view?.deepLinkPath ?? ""),
            DashboardField("webUrl", "Invite links' web page", value: view?.webUrl ?? "", kind: .url),
            DashboardField(
                "publishableKeyMayList", "The publishable key may list a user's referrals", kind: .checkbox,
                checked: view?.publishableKeyMayList ?? false),
        ]
    }

    /// The form as posted, so a refused one comes back as typed.
    static func fields(posted form: DashboardForm) -> [DashboardField] {
        fields(nil).map {
            var field = $0
            if field.isCheckbox { field.checked = form[field.name] == "true" } else { field.value = form.values[field.name] ?? "" }
            return field
        }
    }

    /// The posted form as the API's body: the same `ReferralProgramInput`, so the same validation and messages.
    static func input(_ form: DashboardForm) throws -> ReferralProgramInput {
        var minRevenue: Decimal?
        if let text = form["minRevenue"] {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw APIError.validation("minRevenue", "must be a number")
            }
            minRevenue = value
        }
        let number = { (name: String) in try DashboardSettingsPages.number(form[name], name) }
        return ReferralProgramInput(
            keyEvent: form["keyEvent"], minRevenue: minRevenue, revenueCurrency: form["revenueCurrency"],
            holdHours: try number("holdHours"),
            maxPerDay: try number("maxPerDay"), maxPerWeek: try number("maxPerWeek"),
            registrationWindowHours: try number("registrationWindowHours"), velocityPerHour: try number("velocityPerHour"),
            maxRefereesPerIP: try number("maxRefereesPerIP"), minClickToInstallSeconds: try number("minClickToInstallSeconds"),
            deepLinkPath: form["deepLinkPath"], webUrl: form["webUrl"], publishableKeyMayList: form["publishableKeyMayList"] == "true")
    }

    struct Outcome {
        var notice: String?
        var formError: String?
        /// The program form as posted when it was refused.
        var programFields: [DashboardField]?
        /// A review refused for its reason: the referral and the API's message, shown beside its input.
        var refusedReview: (id: Int64, message: String)?
    }

    static func page(
        app: AppRecord, program: ReferralProgramRecord?, flagged: [ReferralRecord], recent: [ReferralRecord], outcome: Outcome,
        chrome: DashboardLayout.Chrome
    ) -> String {
        var programFields = outcome.programFields ?? fields(program.map(ReferralProgramView.init))
        if chrome.role != .owner { programFields = DashboardField.readOnly(programFields) }
        return DashboardTemplates.render(
            "referrals", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "keyEvent": program?.program.keyEvent, "notice": outcome.notice,
                "formError": outcome.formError, "program": ["fields": programFields], "programOpen": outcome.programFields != nil,
                "flagged": table(flagged, id: "flagged", empty: "No flagged referrals.", refused: outcome.refusedReview),
                "recent": table(recent, id: "referrals", empty: "No referrals yet.", refused: outcome.refusedReview),
            ])
    }

    /// One table's context: its rows, and the line shown when there are none.
    static func table(_ referrals: [ReferralRecord], id: String, empty: String, refused: (id: Int64, message: String)? = nil)
        -> [String: Any]
    {
        let rows = referrals.map { referral -> [String: Any] in
            let error = refused.flatMap { $0.id == referral.id ? $0.message : nil }
            return [
                "id": referral.id, "status": referral.status.rawValue, "referrer": referral.referrerId,
                "referee": referral.refereeName.map { "\(referral.refereeId) (\($0))" } ?? referral.refereeId,
                "reasons": referral.reasons.joined(separator: ", "), "created": DashboardPages.date(referral.createdAt),
                "isFlagged": referral.status == .flagged, "canReverse": referral.status != .reversed,
                "action": referral.status == .flagged ? "Reject" : "Reverse", "hasError": error != nil, "error": error ?? "",
            ]
        }
        return ["tableId": id, "tableLabel": id == "flagged" ? "Flagged referrals" : "Recent referrals", "rows": rows, "empty": empty]
    }
}

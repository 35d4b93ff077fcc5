import Foundation
import Hummingbird
import LandfallModels
import LandfallStore

/// An app's analytics: the range form, the series as SVG charts, the same numbers as tables (the
/// charts' text alternative), and a link to the CSV of the same query.
enum DashboardAnalyticsPages {
    enum Outcome {
        case report(SeriesRequest, SeriesReport)
        /// The query the API refused, shown back as typed with the API's message.
        case refused(Request, APIError)
    }

    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: analytics</h1>{{>app-nav}}
        <form method="get" action="/dashboard/apps/{{appId}}/analytics" id="analytics-range" class="card"><div class="row">\
        {{#dates}}<div><label for="{{name}}">{{label}}</label><input type="date" id="{{name}}" name="{{name}}" value="{{value}}"\
        {{#hasError}} aria-invalid="true" aria-describedby="analytics-error"{{/hasError}}></div>{{/dates}}\
        {{#selects}}<div><label for="{{name}}">{{label}}</label><select id="{{name}}" name="{{name}}"\
        {{#hasError}} aria-invalid="true" aria-describedby="analytics-error"{{/hasError}}>\
        {{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/options}}</select></div>{{/selects}}\
        </div><p class="hint">Days run midnight to midnight UTC; the range stops where the To day starts.</p>\
        <button type="submit">Show</button></form>
        {{#error}}<p class="error" id="analytics-error" role="alert">{{error}}</p>{{/error}}
        {{#report}}
        <p id="analytics-totals">{{clicks}} clicks ({{botClicks}} from bots, not counted), {{installs}} installs, {{events}} events\
        {{#revenue}}; revenue {{revenue}}{{/revenue}}.</p>
        <p><a id="analytics-csv" href="/dashboard/apps/{{appId}}/analytics/csv?{{csvQuery}}">Download CSV</a> \
        <span class="muted">(the same series, a line per {{interval}} and group)</span></p>
        {{! The charts are SVG the server draws from counts and escaped labels (DashboardCharts): raw. }}
        <section class="card"><h2>Clicks per {{interval}}</h2>{{{clicksChart}}}</section>
        <section class="card"><h2>Installs per {{interval}}</h2>{{{installsChart}}}</section>
        {{#groupsChart}}<section class="card"><h2>Clicks by {{groupBy}}</h2>{{{groupsChart}}}</section>{{/groupsChart}}
        <h2>{{groupHeading}}</h2>
        <div class="table-scroll" role="region" aria-label="{{groupHeading}}" tabindex="0"><table id="analytics-groups"><thead><tr><th>{{groupColumn}}</th><th>Clicks</th><th>Bot clicks</th><th>Installs</th><th>Events</th>\
        <th>Revenue</th></tr></thead><tbody>
        {{#groups}}<tr><td>{{label}}</td><td>{{clicks}}</td><td>{{botClicks}}</td><td>{{installs}}</td><td>{{events}}</td><td>{{revenue}}</td></tr>{{/groups}}
        {{^groups}}<tr><td colspan="6" class="muted">Nothing happened in this range.</td></tr>{{/groups}}
        </tbody></table></div>
        <details><summary>Every {{interval}} as a table</summary>
        <div class="table-scroll" role="region" aria-label="Every {{interval}}" tabindex="0"><table id="analytics-buckets"><caption class="visually-hidden">Clicks, installs and events per {{interval}}</caption>\
        <thead><tr><th>{{interval}} (UTC)</th><th>Clicks</th><th>Installs</th><th>Events</th></tr></thead><tbody>
        {{#buckets}}<tr><td>{{label}}</td><td>{{clicks}}</td><td>{{installs}}</td><td>{{events}}</td></tr>{{/buckets}}
        </tbody></table></div></details>
        {{/report}}
        {{/content}}{{/layout}}
        """

    static let intervals = ["day", "hour"]

    static func page(app: AppRecord, outcome: Outcome, chrome: DashboardLayout.Chrome) -> String {
        let values: [String: String]
        var error: APIError?
        var report: [String: Any]?
        switch outcome {
        case .report(let query, let series):
            values = [
                "from": day(query.from, roundingUp: false), "to": day(query.to, roundingUp: true), "interval": query.interval.rawValue,
                "groupBy": query.grouping.rawValue,
            ]
            report = view(query, series, appId: app.id)
        case .refused(let request, let refusal):
            let parameters = request.uri.queryParameters
            values = ["from", "to", "interval", "groupBy"].reduce(into: [:]) { $0[$1] = parameters.get($1).map { String($0) } ?? "" }
            error = refusal
        }
        let invalid = error.flatMap(DashboardField.fieldName(of:))
        let dates = [("from", "From (UTC)"), ("to", "To (UTC, not included)")].map { name, label -> [String: Any] in
            ["name": name, "label": label, "value": values[name] ?? "", "hasError": invalid == name]
        }
        let choices = [
            ("interval", "Interval", intervals), ("groupBy", "Group by", SeriesRequest.Grouping.allCases.map(\.rawValue)),
        ]
        let selects = choices.map { name, label, options -> [String: Any] in
            [
                "name": name, "label": label, "hasError": invalid == name,
                "options": options.map { ["value": $0, "selected": $0 == values[name]] as [String: Any] },
            ]
        }
        return DashboardTemplates.render(
            "analytics", chrome: chrome,
            ["appId": app.id, "appName": app.name, "dates": dates, "selects": selects, "error": error?.message, "report": report])
    }

    private static func view(_ query: SeriesRequest, _ report: SeriesReport, appId: String) -> [String: Any] {
        let interval = query.interval
        // Every bucket of the range, as the API's points start them, so a range without activity in
        // any group still draws its zeros; every series has a point per bucket, summed here.
        let width = interval.milliseconds
        let origin = query.origin.epochMilliseconds
        let count = Int((query.to.epochMilliseconds - origin + width - 1) / width)
        var buckets: [(start: Date, clicks: Int, installs: Int, events: Int)] = (0..<count).map {
            (Date(epochMilliseconds: origin + Int64($0) * width), 0, 0, 0)
        }
        for series in report.series {
            for (index, point) in series.points.enumerated() where index < buckets.count {
                buckets[index].clicks += point.clicks
                buckets[index].installs += point.installs
                buckets[index].events += point.events
            }
        }
        let label = { (date: Date) in bucketLabel(date, interval: interval) }
        let totals = report.totals
        let grouped = query.grouping != .none
        let groupsChart: String? =
            grouped && !report.series.isEmpty
            ? DashboardCharts.categories(
                report.series.prefix(10).map { .init(label: $0.label, value: $0.totals.clicks) },
                title: "Clicks by \(query.grouping.rawValue)",
                id: "groups-chart") : nil
        let csvItems = [
            ("from", LandfallJSON.formatTimestamp(query.from)), ("to", LandfallJSON.formatTimestamp(query.to)),
            ("interval", interval.rawValue), ("groupBy", query.grouping.rawValue),
        ]
        return DashboardTemplates.view([
            "appId": appId, "interval": interval.rawValue, "groupBy": query.grouping.rawValue,
            "groupHeading": grouped ? "By \(query.grouping.rawValue)" : "Totals",
            "groupColumn": grouped ? query.grouping.rawValue : "series",
            "clicks": totals.clicks, "botClicks": totals.botClicks, "installs": totals.installs, "events": totals.events,
            "revenue": revenue(totals.revenue),
            "csvQuery": csvItems.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
                .joined(separator: "&"),
            "clicksChart": DashboardCharts.daily(
                buckets.map { .init(label: label($0.start), value: $0.clicks) }, title: "\(totals.clicks) clicks per \(interval.rawValue)",
                id: "clicks-chart"),
            "installsChart": DashboardCharts.daily(
                buckets.map { .init(label: label($0.start), value: $0.installs) },
                title: "\(totals.installs) installs per \(interval.rawValue)", id: "installs-chart"),
            "groupsChart": groupsChart,
            "groups": report.series.map {
                [
                    "label": $0.label, "clicks": $0.totals.clicks, "botClicks": $0.totals.botClicks, "installs": $0.totals.installs,
                    "events": $0.totals.events, "revenue": revenue($0.totals.revenue),
                ] as [String: Any]
            },
            "buckets": buckets.map {
                ["label": label($0.start), "clicks": $0.clicks, "installs": $0.installs, "events": $0.events] as [String: Any]
            },
        ])
    }

    /// "USD 19.99, EUR 5.00", or empty.
    static func revenue(_ amounts: [String: String]) -> String {
        amounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    static func bucketLabel(_ date: Date, interval: SeriesRequest.Interval) -> String {
        let text = LandfallJSON.formatTimestamp(date)
        return interval == .day ? String(text.prefix(10)) : String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// The day a date input shows for a bound: a range that ends mid-day shows the next day, which
    /// as the form's `to` covers the same buckets.
    static func day(_ date: Date, roundingUp: Bool) -> String {
        let milliseconds = date.epochMilliseconds
        let dayLength: Int64 = 86_400_000
        var start = milliseconds - ((milliseconds % dayLength) + dayLength) % dayLength
        if roundingUp, start != milliseconds { start += dayLength }
        return String(LandfallJSON.formatTimestamp(Date(epochMilliseconds: start)).prefix(10))
    }
}

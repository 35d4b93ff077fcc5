import Foundation
import LandfallStore

/// An app's SKAdNetwork conversion schema: the six bits of the fine value and what each carries,
/// and (for owners) the schema's JSON to edit, checked by the API's own validation.
enum DashboardSKANPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: SKAdNetwork schema</h1>{{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <h2>Fine value bit layout</h2>
        {{#hasSchema}}<div class="table-scroll" role="region" aria-label="Fine value bit layout" tabindex="0"><table id="bit-layout"><thead><tr><th>Bit</th><th>Carries</th></tr></thead><tbody>\
        {{#bits}}<tr><td>{{bit}}</td><td class="{{kind}}">{{carries}}</td></tr>{{/bits}}</tbody></table></div>
        <p class="muted">Currency {{currency}}; {{coarseCount}} coarse rules; locking events: {{lockEvents}}.</p>{{/hasSchema}}\
        {{^hasSchema}}<p class="muted" id="bit-layout">This app has no conversion schema yet.</p>{{/hasSchema}}
        <h2>Schema</h2>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/skan" id="skan-schema">{{>csrf}}{{>fields}}
        {{#chrome.isOwner}}<button type="submit">Save the schema</button>{{/chrome.isOwner}}\
        {{^chrome.isOwner}}<p class="muted">Only the app's owners change the schema.</p>{{/chrome.isOwner}}</form>
        <h2 id="dev-key-heading">Dev key</h2>
        <section class="card" id="dev-key" aria-labelledby="dev-key-heading">\
        <p class="muted">Signs SDK-less conversion-value calls (AppsFlyer-style <code>af_sig</code>).</p>\
        {{#newDevKey}}<div class="notice" role="status"><p>The new dev key. Copy it now: it is shown only on this page.</p>\
        <p><code id="dev-key-value">{{newDevKey}}</code></p></div>{{/newDevKey}}\
        {{#devKey}}<p>Key <code id="dev-key-prefix">{{prefix}}…</code>, created <span id="dev-key-created">{{created}}</span>.</p>{{/devKey}}\
        {{^devKey}}<p class="muted" id="dev-key-prefix">This app has no dev key yet.</p>{{/devKey}}\
        {{#chrome.isOwner}}<form method="post" action="/dashboard/apps/{{appId}}/skan/dev-key" id="rotate-dev-key">{{>csrf}}\
        {{#devKey}}<p class="hint">Rotating replaces the key at once: calls signed with the old one are refused from then on.</p>\
        <button type="submit">Rotate the dev key</button>{{/devKey}}{{^devKey}}<button type="submit">Create a dev key</button>{{/devKey}}\
        </form>{{/chrome.isOwner}}</section>
        {{/content}}{{/layout}}
        """

    /// What each of the six bits carries, bit 5 first as the value is written.
    static func bits(_ schema: ConversionSchema) -> [[String: Any]] {
        var owners = [String](repeating: "", count: 6)
        var kinds = [String](repeating: "free", count: 6)
        func claim(_ bit: Int, width: Int, _ name: String, _ kind: String) {
            for index in bit..<min(6, bit + width) {
                owners[index] = width > 1 ? "\(name) (bit \(index - bit + 1) of \(width))" : name
                kinds[index] = kind
            }
        }
        if let revenue = schema.revenue {
            claim(revenue.bit, width: revenue.width, "revenue bucket: \(revenue.thresholds.count) thresholds", "revenue")
        }
        for event in schema.events { claim(event.bit, width: 1, "event \(event.name)", "event") }
        if let days = schema.days { claim(days.bit, width: days.width, "days since install: \(days.thresholds.count) thresholds", "days") }
        return (0..<6).reversed().map { ["bit": $0, "carries": owners[$0].isEmpty ? "unused" : owners[$0], "kind": kinds[$0]] }
    }

    static func field(_ json: String) -> DashboardField {
        DashboardField(
            "schema", "Schema (JSON, as PUT /api/apps/:appId/skan-schema takes it)", value: json, kind: .textarea,
            hint:
                "Fields: currency, exchangeRates, revenue {bit, thresholds}, events [{name, bit}], days {bit, thresholds}, coarse, lockEvents."
        )
    }

    static func page(
        app: AppRecord, schema: ConversionSchema?, field: DashboardField, devKey: ConversionDevKeyRecord?, newDevKey: String?,
        notice: String?, chrome: DashboardLayout.Chrome
    ) -> String {
        let field = chrome.role == .owner ? field : DashboardField.readOnly([field])[0]
        return DashboardTemplates.render(
            "skan", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "notice": notice, "hasSchema": schema != nil,
                "bits": schema.map(bits) ?? [], "currency": schema?.currency, "coarseCount": schema?.coarse.count ?? 0,
                "lockEvents": schema.map { $0.lockEvents.isEmpty ? "none" : $0.lockEvents.joined(separator: ", ") }, "fields": [field],
                // The prefix is what `GET /api/apps/:appId/skan-dev-key` shows: enough to tell keys apart.
                "devKey": devKey.map { ["prefix": String($0.devKey.prefix(10)), "created": DashboardPages.date($0.createdAt)] },
                "newDevKey": newDevKey,
            ])
    }

    /// The schema as stored, indented for editing.
    static func json(_ schema: ConversionSchema?) -> String {
        guard let schema else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(schema)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

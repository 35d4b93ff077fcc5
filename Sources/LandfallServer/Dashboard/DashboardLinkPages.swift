import Foundation
import LandfallModels
import LandfallStore

/// An app's links: the list with its create form, and one link's page.
enum DashboardLinkPages {
    struct LinkRow {
        var link: LinkRecord
        var url: String
    }

    static let listTemplate = """
        {{<layout}}{{$content}}
        <h1>{{appName}}: links</h1>
        {{>app-nav}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#bulkError}}<p class="error" role="alert">{{bulkError}}</p>{{/bulkError}}
        {{#chrome.canEdit}}<form method="post" action="/dashboard/apps/{{appId}}/links/bulk" id="bulk-links">{{>csrf}}{{/chrome.canEdit}}
        <div class="table-scroll" role="region" aria-label="Links" tabindex="0"><table id="links"><thead><tr>{{#chrome.canEdit}}<th><span class="visually-hidden">Select</span></th>{{/chrome.canEdit}}\
        <th>Link</th><th>Short URL</th><th>Destination</th><th>Status</th></tr></thead><tbody>
        {{#links}}<tr>{{#chrome.canEdit}}<td><label for="select-{{id}}" class="visually-hidden">Select {{label}}</label>\
        <input type="checkbox" id="select-{{id}}" name="select-{{id}}" value="true"></td>{{/chrome.canEdit}}\
        <td><a href="/dashboard/apps/{{appId}}/links/{{id}}">{{label}}</a></td><td><code>{{url}}</code></td>\
        <td>{{destination}}</td><td>{{status}}</td></tr>{{/links}}
        {{^links}}<tr><td colspan="5" class="muted">No links yet.</td></tr>{{/links}}
        </tbody></table></div>
        {{#chrome.canEdit}}<button type="submit" name="action" value="pause" id="pause-selected">Pause selected</button> \
        <button type="submit" name="action" value="resume" id="resume-selected">Resume selected</button></form>{{/chrome.canEdit}}
        {{#nextCursor}}<p><a href="/dashboard/apps/{{appId}}/links?cursor={{nextCursor}}">Older links →</a></p>{{/nextCursor}}
        {{#chrome.canEdit}}
        <h2>New link</h2>{{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/links" id="create-link">{{>csrf}}{{#createForm}}{{>fields}}{{/createForm}}
        <button type="submit">Create link</button></form>
        {{/chrome.canEdit}}
        {{/content}}{{/layout}}
        """

    /// The links to an app's other pages, under its name on each of them.
    static let appNavTemplate = """
        <p id="app-nav"><a href="/dashboard/apps/{{appId}}/analytics">Analytics</a> · <a href="/dashboard/apps/{{appId}}/installs">Installs</a> · \
        <a href="/dashboard/apps/{{appId}}/templates">Templates</a> · <a href="/dashboard/apps/{{appId}}/import">Import links</a> · <a href="/dashboard/apps/{{appId}}/referrals">Referrals</a> · <a href="/dashboard/apps/{{appId}}/webhooks">Webhooks</a> · \
        <a href="/dashboard/apps/{{appId}}/attribution">Attribution model</a> · <a href="/dashboard/apps/{{appId}}/skan">SKAdNetwork</a> · <a href="/dashboard/apps/{{appId}}/settings">Settings</a>\
        {{#chrome.isOwner}} · <a href="/dashboard/apps/{{appId}}/keys">Keys</a> · <a href="/dashboard/apps/{{appId}}/members">Members</a>{{/chrome.isOwner}}</p>
        """

    /// The new-link form's inputs, empty or as posted. The ids are the field names, as the page always had them.
    static func createFields(_ form: DashboardForm?) -> [DashboardField] {
        let value = { (name: String) in form?.values[name] ?? "" }
        return [
            DashboardField("originalUrl", "Destination URL", value: value("originalUrl"), kind: .url, id: "originalUrl"),
            DashboardField("title", "Title", value: value("title"), id: "title"),
            DashboardField("customCode", "Custom short code (optional)", value: value("customCode"), id: "customCode"),
            DashboardField("deepLinkPath", "Deep link path", value: value("deepLinkPath"), id: "deepLinkPath"),
            DashboardField("utmCampaign", "UTM campaign", value: value("utmCampaign"), id: "utmCampaign"),
        ]
    }

    /// The edit form's inputs: the link's values, or the posted ones when the post was refused.
    static func editFields(_ link: LinkRecord, posted form: DashboardForm? = nil) -> [DashboardField] {
        let content = link.content
        return [
            DashboardField(
                "originalUrl", "Destination URL", value: form.map { $0.values["originalUrl"] ?? "" } ?? content.originalUrl ?? "",
                kind: .url,
                id: "originalUrl"),
            DashboardField("title", "Title", value: form.map { $0.values["title"] ?? "" } ?? content.title ?? "", id: "title"),
            DashboardField(
                "deepLinkPath", "Deep link path", value: form.map { $0.values["deepLinkPath"] ?? "" } ?? content.deepLinkPath ?? "",
                id: "deepLinkPath"),
            DashboardField(
                "isActive", "Active", kind: .checkbox, checked: form.map { $0["isActive"] == "true" } ?? link.isActive, id: "isActive"),
        ]
    }

    /// The inputs the link API's messages name under another name.
    static let aliases = ["utmParameters": "utmCampaign", "webFallbackUrl": "originalUrl"]

    static func list(
        app: AppRecord, links: [LinkRow], nextCursor: String?, chrome: DashboardLayout.Chrome, error: String?, fields: [DashboardField],
        notice: String? = nil, bulkError: String? = nil
    ) -> String {
        let rows = links.map { row in
            DashboardTemplates.view([
                "id": row.link.id, "label": row.link.content.title ?? row.link.shortCode, "url": row.url,
                "destination": row.link.content.originalUrl ?? row.link.content.webFallbackUrl ?? "",
                "status": row.link.isActive ? "active" : "off",
            ])
        }
        return DashboardTemplates.render(
            "links", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "links": rows, "nextCursor": nextCursor, "error": error,
                "createForm": ["fields": fields],
                "notice": notice, "bulkError": bulkError,
            ])
    }

    struct Detail {
        var app: AppRecord
        var link: LinkRecord
        var url: String
        var qr: QRImageRequest
        var qrSVG: String
        var activity: LinkActivity
        var notice: String?
        var error: String?
        var editFields: [DashboardField]
        /// A refused QR option (`size` or `ecc`) and the API's message, shown beside its input.
        var qrError: (field: String, message: String)? = nil
    }

    static let detailTemplate = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{heading}}</h1>{{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <p>Short URL: <code id="short-url">{{url}}</code> <button type="button" id="copy" data-url="{{url}}">Copy</button>
        <span id="copied" class="muted" hidden>Copied</span></p>\
        {{#safety}}<p id="safety" class="notice">Visitors get: <strong>{{effective}}</strong> \
        (the link's own state: {{own}}; the domain lists: {{domain}}).</p>{{/safety}}
        <div class="row">
        <section class="card qr"><h2>QR code</h2>{{! The server's own QR encoder drew this SVG from the short URL: raw. }}<div id="qr">{{{qrSVG}}}</div>
        <form method="get" action="{{base}}"><div class="row"><div><label for="ecc">Error correction</label><select id="ecc" name="ecc"\
        {{#eccError}} aria-invalid="true" aria-describedby="ecc-error"{{/eccError}}>\
        {{#eccOptions}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/eccOptions}}</select>\
        {{#eccError}}<p class="field-error" id="ecc-error" role="alert">{{eccError}}</p>{{/eccError}}</div>
        <div><label for="size">Size (px)</label><input type="text" id="size" name="size" value="{{size}}" inputmode="numeric"\
        {{#sizeError}} aria-invalid="true" aria-describedby="size-error"{{/sizeError}}>\
        {{#sizeError}}<p class="field-error" id="size-error" role="alert">{{sizeError}}</p>{{/sizeError}}</div></div>
        <button type="submit">Update</button></form>
        <p><a id="qr-png" href="{{base}}/qr?format=png&amp;{{query}}">Download PNG</a> · \
        <a id="qr-svg" href="{{base}}/qr?format=svg&amp;{{query}}">Download SVG</a></p></section>
        {{#chrome.canEdit}}
        <form class="card" method="post" action="{{base}}" id="edit-link">{{>csrf}}<h2>Edit</h2>{{#editForm}}{{>fields}}{{/editForm}}
        <button type="submit">Save</button></form>
        {{/chrome.canEdit}}
        </div>
        <h2>Last {{days}} days</h2>
        <p id="totals">{{humanClicks}} clicks ({{botClicks}} from bots, not counted), {{installCount}} installs.</p>
        {{! The charts are SVG the server draws from counts and escaped labels (DashboardCharts): raw. }}
        <section class="card"><h2>Clicks per day</h2>{{{clicksChart}}}</section>
        <section class="card"><h2>Installs by method</h2>{{{installsChart}}}</section>
        <h2>Installs</h2>
        <div class="table-scroll" role="region" aria-label="Installs from this link" tabindex="0"><table id="installs"><thead><tr><th>When</th><th>Platform</th><th>Method</th><th>Confidence</th><th>Matched on</th></tr></thead><tbody>
        {{#installs}}<tr><td>{{when}}</td><td>{{platform}}</td><td class="method">{{method}}</td><td>{{confidence}}</td><td>{{factors}}</td></tr>{{/installs}}
        {{^installs}}<tr><td colspan="5" class="muted">No installs from this link yet.</td></tr>{{/installs}}
        </tbody></table></div>
        {{/content}}{{/layout}}
        """

    static func detail(_ page: Detail, chrome: DashboardLayout.Chrome) -> String {
        let link = page.link
        let content = link.content
        let totalClicks = page.activity.clicksPerDay.reduce(0) { $0 + $1.value }
        let installs = page.activity.installs.map {
            DashboardTemplates.view([
                "when": DashboardPages.date($0.createdAt), "platform": $0.platform, "method": $0.method.rawValue,
                "confidence": $0.confidence, "factors": $0.matchedFactors.joined(separator: ", "),
            ])
        }
        let safety: [String: Any]? =
            link.effectiveSafety == .allow
            ? nil
            : ["effective": link.effectiveSafety.rawValue, "own": link.safety.rawValue, "domain": link.domainSafety.rawValue]
                as [String: Any]
        return DashboardTemplates.render(
            "link", chrome: chrome, script: copyScript,
            [
                "appId": page.app.id, "appName": page.app.name, "base": "/dashboard/apps/\(page.app.id)/links/\(link.id)",
                "heading": content.title ?? link.shortCode, "notice": page.notice, "error": page.error, "url": page.url,
                "safety": safety, "qrSVG": page.qrSVG,
                "eccOptions": QRErrorCorrection.allCases.map {
                    ["value": $0.rawValue, "selected": $0 == page.qr.errorCorrection] as [String: Any]
                },
                "size": page.qr.size, "query": "size=\(page.qr.size)&ecc=\(page.qr.errorCorrection.rawValue)",
                "editForm": ["fields": page.editFields],
                "sizeError": page.qrError.flatMap { $0.field == "size" ? $0.message : nil },
                "eccError": page.qrError.flatMap { $0.field == "ecc" ? $0.message : nil }, "days": LinkActivity.days,
                "humanClicks": page.activity.humanClicks,
                "botClicks": page.activity.botClicks, "installCount": page.activity.installsByMethod.reduce(0) { $0 + $1.value },
                "clicksChart": DashboardCharts.daily(
                    page.activity.clicksPerDay, title: "\(totalClicks) clicks per day", id: "clicks-chart"),
                "installsChart": DashboardCharts.categories(
                    page.activity.installsByMethod, title: "Installs by method", id: "installs-chart"),
                "installs": installs,
            ])
    }

    /// Copies the short URL; the page works without it (the URL is on screen).
    static let copyScript = """
        (function(){var b=document.getElementById('copy');if(!b)return;b.addEventListener('click',function(){
        var u=b.getAttribute('data-url');var done=function(){document.getElementById('copied').hidden=false;};
        if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(u).then(done,function(){});}
        else{var t=document.createElement('textarea');t.value=u;document.body.appendChild(t);t.select();try{document.execCommand('copy');done();}catch(e){}document.body.removeChild(t);}
        });})();
        """
}

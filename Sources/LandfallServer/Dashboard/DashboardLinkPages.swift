import Foundation
import LandfallModels
import LandfallStore

/// An app's links: the list with its create form, and one link's page.
enum DashboardLinkPages {
    struct LinkRow {
        var link: LinkRecord
        var url: String
    }

    static func list(
        app: AppRecord, links: [LinkRow], nextCursor: String?, chrome: DashboardLayout.Chrome, error: String?, form: DashboardForm?
    ) -> String {
        let base = "/dashboard/apps/\(HTML.escape(app.id))/links"
        var rows = ""
        for row in links {
            let status = row.link.isActive ? "active" : "off"
            rows += """
                <tr><td><a href="\(base)/\(HTML.escape(row.link.id))">\(HTML.escape(row.link.content.title ?? row.link.shortCode))</a></td>\
                <td><code>\(HTML.escape(row.url))</code></td>\
                <td>\(HTML.escape(row.link.content.originalUrl ?? row.link.content.webFallbackUrl ?? ""))</td><td>\(status)</td></tr>
                """
        }
        if links.isEmpty { rows = #"<tr><td colspan="4" class="muted">No links yet.</td></tr>"# }
        let more = nextCursor.map { #"<p><a href="\#(base)?cursor=\#(HTML.escape($0))">Older links →</a></p>"# } ?? ""
        let value = { (name: String) in HTML.escape(form?[name] ?? "") }
        // A viewer gets no form to post: the server would refuse it.
        let createForm =
            chrome.canEdit
            ? """
            <h2>New link</h2>\(DashboardLayout.errorBox(error))
            <form class="card" method="post" action="\(base)" id="create-link">\(DashboardLayout.csrfField(chrome.csrf ?? ""))
            <label for="originalUrl">Destination URL</label><input type="url" id="originalUrl" name="originalUrl" value="\(value("originalUrl"))">
            <div class="row"><div><label for="title">Title</label><input type="text" id="title" name="title" value="\(value("title"))"></div>
            <div><label for="customCode">Custom short code (optional)</label><input type="text" id="customCode" name="customCode" value="\(value("customCode"))"></div></div>
            <div class="row"><div><label for="deepLinkPath">Deep link path</label><input type="text" id="deepLinkPath" name="deepLinkPath" value="\(value("deepLinkPath"))"></div>
            <div><label for="utmCampaign">UTM campaign</label><input type="text" id="utmCampaign" name="utmCampaign" value="\(value("utmCampaign"))"></div></div>
            <button type="submit">Create link</button></form>
            """ : ""
        let members = chrome.role == .owner ? #" · <a href="/dashboard/apps/\#(HTML.escape(app.id))/members">Members</a>"# : ""
        return DashboardLayout.page(
            chrome,
            body: """
                <h1>\(HTML.escape(app.name)): links</h1>
                <p id="app-nav"><a href="/dashboard/apps/\(HTML.escape(app.id))/referrals">Referrals</a> · <a href="/dashboard/apps/\(HTML.escape(app.id))/webhooks">Webhooks</a> · <a href="/dashboard/apps/\(HTML.escape(app.id))/attribution">Attribution model</a>\(members)</p>
                <table id="links"><thead><tr><th>Link</th><th>Short URL</th><th>Destination</th><th>Status</th></tr></thead><tbody>\(rows)</tbody></table>
                \(more)
                \(createForm)
                """)
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
    }

    static func detail(_ page: Detail, chrome: DashboardLayout.Chrome) -> String {
        let link = page.link
        let base = "/dashboard/apps/\(HTML.escape(page.app.id))/links/\(HTML.escape(link.id))"
        let notice = page.notice.map { #"<p class="notice" role="status">\#(HTML.escape($0))</p>"# } ?? ""
        let eccOptions = QRErrorCorrection.allCases.map {
            #"<option value="\#($0.rawValue)"\#($0 == page.qr.errorCorrection ? " selected" : "")>\#($0.rawValue)</option>"#
        }.joined()
        let query = "size=\(page.qr.size)&amp;ecc=\(page.qr.errorCorrection.rawValue)"
        var installRows = ""
        for install in page.activity.installs {
            installRows += """
                <tr><td>\(DashboardPages.date(install.createdAt))</td><td>\(HTML.escape(install.platform))</td>\
                <td class="method">\(HTML.escape(install.method.rawValue))</td><td>\(install.confidence)</td>\
                <td>\(HTML.escape(install.matchedFactors.joined(separator: ", ")))</td></tr>
                """
        }
        if installRows.isEmpty { installRows = #"<tr><td colspan="5" class="muted">No installs from this link yet.</td></tr>"# }
        let content = link.content
        let totalClicks = page.activity.clicksPerDay.reduce(0) { $0 + $1.value }
        let editForm =
            chrome.canEdit
            ? """
            <form class="card" method="post" action="\(base)" id="edit-link">\(DashboardLayout.csrfField(chrome.csrf ?? ""))<h2>Edit</h2>
            <label for="originalUrl">Destination URL</label><input type="url" id="originalUrl" name="originalUrl" value="\(HTML.escape(content.originalUrl ?? ""))">
            <label for="title">Title</label><input type="text" id="title" name="title" value="\(HTML.escape(content.title ?? ""))">
            <label for="deepLinkPath">Deep link path</label><input type="text" id="deepLinkPath" name="deepLinkPath" value="\(HTML.escape(content.deepLinkPath ?? ""))">
            <label><input type="checkbox" name="isActive" value="true"\(link.isActive ? " checked" : "")> Active</label>
            <button type="submit">Save</button></form>
            """ : ""
        return DashboardLayout.page(
            chrome,
            body: """
                <p><a href="/dashboard/apps/\(HTML.escape(page.app.id))/links">← \(HTML.escape(page.app.name))</a></p>
                <h1>\(HTML.escape(content.title ?? link.shortCode))</h1>\(notice)\(DashboardLayout.errorBox(page.error))
                <p>Short URL: <code id="short-url">\(HTML.escape(page.url))</code> <button type="button" id="copy" data-url="\(HTML.escape(page.url))">Copy</button>
                <span id="copied" class="muted" hidden>Copied</span></p>\(safetyNote(link))
                <div class="row">
                <section class="card qr"><h2>QR code</h2><div id="qr">\(page.qrSVG)</div>
                <form method="get" action="\(base)"><div class="row"><div><label for="ecc">Error correction</label><select id="ecc" name="ecc">\(eccOptions)</select></div>
                <div><label for="size">Size (px)</label><input type="text" id="size" name="size" value="\(page.qr.size)" inputmode="numeric"></div></div>
                <button type="submit">Update</button></form>
                <p><a id="qr-png" href="\(base)/qr?format=png&amp;\(query)">Download PNG</a> · <a id="qr-svg" href="\(base)/qr?format=svg&amp;\(query)">Download SVG</a></p></section>
                \(editForm)
                </div>
                <h2>Last \(LinkActivity.days) days</h2>
                <p id="totals">\(page.activity.humanClicks) clicks (\(page.activity.botClicks) from bots, not counted), \
                \(page.activity.installsByMethod.reduce(0) { $0 + $1.value }) installs.</p>
                <section class="card"><h2>Clicks per day</h2>\(DashboardCharts.daily(page.activity.clicksPerDay, title: "\(totalClicks) clicks per day", id: "clicks-chart"))</section>
                <section class="card"><h2>Installs by method</h2>\(DashboardCharts.categories(page.activity.installsByMethod, title: "Installs by method", id: "installs-chart"))</section>
                <h2>Installs</h2>
                <table id="installs"><thead><tr><th>When</th><th>Platform</th><th>Method</th><th>Confidence</th><th>Matched on</th></tr></thead><tbody>\(installRows)</tbody></table>
                """, script: copyScript)
    }

    /// Why visitors of a link under warn or block do not simply go on; nothing for an allowed link.
    static func safetyNote(_ link: LinkRecord) -> String {
        guard link.effectiveSafety != .allow else { return "" }
        return #"<p id="safety" class="notice">Visitors get: <strong>\#(link.effectiveSafety.rawValue)</strong> "#
            + #"(the link's own state: \#(link.safety.rawValue); the domain lists: \#(link.domainSafety.rawValue)).</p>"#
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

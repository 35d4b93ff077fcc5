import Foundation
import LandfallStore

/// The link import form (an export file's text, pasted or read from a chosen file) and the summary
/// `landfall import` prints: imported, duplicates skipped, and each refused row with its reason.
enum DashboardImportPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: import links</h1>{{>app-nav}}
        {{#error}}<p class="error" id="import-error" role="alert">{{error}}</p>{{/error}}
        {{#summary}}<section class="card" id="import-result" role="status"><h2>Result</h2>
        <p id="import-counts">Imported <strong id="imported">{{imported}}</strong>, duplicates skipped <strong id="duplicates">{{duplicates}}</strong>, \
        refused <strong id="refused">{{refusedCount}}</strong>.</p>
        <pre id="import-summary">{{report}}</pre>
        {{#hasRefused}}<div class="table-scroll" role="region" aria-label="Refused rows" tabindex="0"><table id="import-refused"><caption>Refused rows</caption><thead><tr><th>Row</th><th>Reason</th></tr></thead><tbody>
        {{#refusedRows}}<tr><td>{{line}}</td><td>{{reason}}</td></tr>{{/refusedRows}}
        </tbody></table></div>{{/hasRefused}}</section>{{/summary}}
        <p class="muted">A Firebase Dynamic Links or LinkForty export, up to {{limitText}} and {{maximumRows}} links; larger files \
        go through <code>landfall import</code>. Every link is checked as <code>POST /api/links</code> checks it; a short code the app \
        already has with the same destination is a duplicate, so importing a file again is safe.</p>
        {{#chrome.canEdit}}<form class="card" method="post" action="/dashboard/apps/{{appId}}/import" id="import-links">{{>csrf}}
        <label for="import-format">Format</label><select id="import-format" name="format">\
        {{#formats}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{text}}</option>{{/formats}}</select>
        <div id="import-file-picker" hidden><label for="import-file">Read an export file into the box below</label>\
        <input type="file" id="import-file" accept=".csv,.json,text/csv,application/json"></div>
        <label for="import-contents">The export file's contents</label>\
        <textarea id="import-contents" name="contents" rows="12" required{{#error}} aria-invalid="true" aria-describedby="import-error"{{/error}}>{{contents}}</textarea>
        <button type="submit">Import links</button></form>{{/chrome.canEdit}}
        {{/content}}{{/layout}}
        """

    /// The encoded form's size: a file of about half this once percent-encoded.
    static let maximumFormSize = 2 * 1_024 * 1_024
    /// Links per import: each is validated and stored while the browser waits.
    static let maximumRows = 5_000

    static let formatNames: [(LinkImportFormat, String)] = [
        (.firebase, "Firebase Dynamic Links (CSV)"), (.linkfortyCSV, "LinkForty (CSV)"), (.linkfortyJSON, "LinkForty (JSON)"),
    ]

    static func page(
        app: AppRecord, format: LinkImportFormat?, contents: String, error: String?, summary: ImportSummary?,
        chrome: DashboardLayout.Chrome
    ) -> String {
        let formats = formatNames.map { ["value": $0.0.rawValue, "text": $0.1, "selected": $0.0 == format] as [String: Any] }
        let summaryView = summary.map { summary -> [String: Any] in
            [
                "imported": summary.imported, "duplicates": summary.duplicates, "refusedCount": summary.refused.count,
                "report": summary.report(title: "\(format?.rawValue ?? "") export from the dashboard"),
                "hasRefused": !summary.refused.isEmpty,
                "refusedRows": summary.refused.sorted { $0.line < $1.line }.map {
                    ["line": $0.line, "reason": $0.reason] as [String: Any]
                },
            ]
        }
        return DashboardTemplates.render(
            "import", chrome: chrome, script: pickerScript,
            [
                "appId": app.id, "appName": app.name, "formats": formats, "contents": contents, "error": error, "summary": summaryView,
                "limitText": "\(maximumFormSize / 2 / 1_024 / 1_024) MB", "maximumRows": maximumRows,
            ])
    }

    /// Reads a chosen file into the text box; without scripts the box is pasted into instead.
    static let pickerScript = """
        (function(){var p=document.getElementById('import-file-picker'),f=document.getElementById('import-file');if(!p||!f)return;
        p.hidden=false;f.addEventListener('change',function(){var file=f.files&&f.files[0];if(!file)return;
        if(/\\.json$/i.test(file.name)){document.getElementById('import-format').value='linkforty-json';}
        file.text().then(function(t){document.getElementById('import-contents').value=t;});});})();
        """
}

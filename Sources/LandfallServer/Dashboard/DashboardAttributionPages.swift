import Foundation
import LandfallAttribution
import LandfallStore

/// An app's learned attribution model: per platform, the cut in force, the engine's estimate of
/// its precision and recall there, and each learned number beside its default.
enum DashboardAttributionPages {
    static let template = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: attribution model</h1>
        <p>Learned in the background from this app's own installs; {{target}}. \
        The same as <code>GET /api/apps/{{appId}}/attribution-model</code>.</p>
        {{#platforms}}<section class="card attribution-platform" id="platform-{{platform}}">
        <h2>{{platform}}</h2>
        <p class="status">{{status}}</p>
        <p>Cut in force: <strong class="threshold">{{threshold}}</strong> ({{thresholdSource}}){{estimate}}</p>
        <p>Last fitted: {{fitted}}</p>
        <div class="table-scroll" role="region" aria-label="{{platform}} model numbers" tabindex="0"><table class="parameters"><thead><tr><th>Number</th><th>Learned</th><th>Default</th><th>Evidence</th></tr></thead>
        <tbody>{{#rows}}<tr><td>{{label}}</td><td>{{value}}</td><td>{{defaultValue}}</td><td>{{evidence}}</td></tr>{{/rows}}</tbody></table></div>
        <p>{{delay}}</p>
        <p class="network-strangers">{{networkStrangers}}</p>
        <p class="correction">{{correction}}</p>
        </section>{{/platforms}}
        {{/content}}{{/layout}}
        """

    static func page(app: AppRecord, view: AttributionModelView, chrome: DashboardLayout.Chrome) -> String {
        let platforms = view.platforms.map { platform -> [String: Any] in
            let parameters = platform.parameters
            var rows = [row("Installs that follow a click (token-less)", parameters.clickedInstallShare)]
            rows.append(row("Network kept, right after the click", parameters.ipPersistenceShort))
            for name in parameters.persistence.keys.sorted() {
                if let estimate = parameters.persistence[name] { rows.append(row("Same \(name) at install", estimate)) }
            }
            let delay = parameters.delay
            let delayText =
                "Click-to-install delay: \(percent(delay.quickShare)) within about \(duration(delay.quickMedianSeconds)), "
                + "the rest around \(duration(delay.slowMedianSeconds)) (defaults \(percent(delay.defaultValue.quickShare)), "
                + "\(duration(delay.defaultValue.quickMedian)), \(duration(delay.defaultValue.slowMedian))); "
                + "evidence \(String(format: "%.0f", delay.learnedFrom)) pairs."
            return DashboardTemplates.view([
                "platform": platform.platform, "status": platform.statusText, "threshold": platform.threshold,
                "thresholdSource": platform.thresholdSource, "estimate": estimateText(platform),
                "fitted": platform.fittedAt.map(DashboardPages.date) ?? "never", "rows": rows, "delay": delayText,
                "correction": correctionText(parameters.confidenceCorrection),
                "networkStrangers": networkStrangersText(parameters.networkStrangers),
            ])
        }
        let target = view.attributionTargetPrecision.map { "target precision \(percent($0))" } ?? "no target precision set"
        return DashboardTemplates.render(
            "attribution", chrome: chrome, ["appId": app.id, "appName": app.name, "target": target, "platforms": platforms])
    }

    private static func networkStrangersText(_ table: [Double]?) -> String {
        // Shown only for a model that learned it (the server's fits do not yet).
        guard let table, let quiet = table.first else { return "" }
        return "Strangers on the install's network: where the window shows no other click there, "
            + String(format: "%.2f", quiet) + " expected (default 0.50); where it shows 1, 2, 3: "
            + table.dropFirst().map { String(format: "%.2f", $0) }.joined(separator: ", ") + "."
    }

    private static func row(_ label: String, _ estimate: AttributionModelView.Estimate) -> [String: Any] {
        [
            "label": label, "value": percent(estimate.value), "defaultValue": percent(estimate.defaultValue),
            "evidence": String(format: "%.0f", estimate.learnedFrom),
        ]
    }

    private static func estimateText(_ platform: AttributionModelView.Platform) -> String {
        guard let precision = platform.estimatedPrecision else { return "" }
        let recall = platform.estimatedRecall.map { ", recall \(percent($0))" } ?? ""
        return "; expected precision \(percent(precision))\(recall) on recent installs"
    }

    /// The correction in words, with the stated confidences nearest 50, 80 and 95 as examples.
    private static func correctionText(_ correction: AttributionModelView.ConfidenceCorrection?) -> String {
        guard let correction else {
            return "Stated confidence: the standard curves only, until at least 30 installs with a click token score 97 or more."
        }
        var examples: [AttributionModelView.ConfidenceCorrection.Point] = []
        for target in [0.5, 0.8, 0.95] {
            guard let nearest = correction.points.min(by: { abs($0.stated - target) < abs($1.stated - target) }),
                !examples.contains(where: { $0.stated == nearest.stated })
            else { continue }
            examples.append(nearest)
        }
        let shown = examples.map { "\(percent($0.stated)) → \(percent($0.corrected))" }.joined(separator: ", ")
        return "Stated confidence corrected from \(correction.labelledInstalls) installs with a click token "
            + "(taken as \(percent(correction.tokenShare)) of those that followed a click): \(shown)."
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }

    static func duration(_ seconds: Double) -> String {
        if seconds < 120 { return String(format: "%.0f s", seconds) }
        if seconds < 7_200 { return String(format: "%.0f min", seconds / 60) }
        if seconds < 172_800 { return String(format: "%.1f h", seconds / 3_600) }
        return String(format: "%.1f days", seconds / 86_400)
    }
}

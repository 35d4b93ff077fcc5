import Foundation
import LandfallAttribution
import LandfallStore

/// An app's learned attribution model: per platform, the cut in force, the engine's estimate of
/// its precision and recall there, and each learned number beside its default.
enum DashboardAttributionPages {
    static func page(app: AppRecord, view: AttributionModelView, chrome: DashboardLayout.Chrome) -> String {
        var sections = ""
        for platform in view.platforms {
            let parameters = platform.parameters
            var rows = row("Installs that follow a click (token-less)", parameters.clickedInstallShare, percent: true)
            rows += row("Network kept, right after the click", parameters.ipPersistenceShort, percent: true)
            for name in parameters.persistence.keys.sorted() {
                if let estimate = parameters.persistence[name] { rows += row("Same \(name) at install", estimate, percent: true) }
            }
            let delay = parameters.delay
            sections += """
                <section class="card attribution-platform" id="platform-\(HTML.escape(platform.platform))">
                <h2>\(HTML.escape(platform.platform))</h2>
                <p class="status">\(HTML.escape(platform.statusText))</p>
                <p>Cut in force: <strong class="threshold">\(platform.threshold)</strong> (\(HTML.escape(platform.thresholdSource)))\
                \(estimateText(platform))</p>
                <p>Last fitted: \(platform.fittedAt.map(DashboardPages.date) ?? "never")</p>
                <table class="parameters"><thead><tr><th>Number</th><th>Learned</th><th>Default</th><th>Evidence</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                <p>Click-to-install delay: \(percent(delay.quickShare)) within about \(duration(delay.quickMedianSeconds)), \
                the rest around \(duration(delay.slowMedianSeconds)) (defaults \(percent(delay.defaultValue.quickShare)), \
                \(duration(delay.defaultValue.quickMedian)), \(duration(delay.defaultValue.slowMedian))); \
                evidence \(String(format: "%.0f", delay.learnedFrom)) pairs.</p>
                </section>
                """
        }
        let target = view.attributionTargetPrecision.map { "target precision \(percent($0))" } ?? "no target precision set"
        return DashboardLayout.page(
            chrome,
            body: """
                <p><a href="/dashboard/apps/\(HTML.escape(app.id))/links">← \(HTML.escape(app.name))</a></p>
                <h1>\(HTML.escape(app.name)): attribution model</h1>
                <p>Learned in the background from this app's own installs; \(HTML.escape(target)). \
                The same as <code>GET /api/apps/\(HTML.escape(app.id))/attribution-model</code>.</p>
                \(sections)
                """)
    }

    private static func row(_ label: String, _ estimate: AttributionModelView.Estimate, percent asPercent: Bool) -> String {
        """
        <tr><td>\(HTML.escape(label))</td><td>\(percent(estimate.value))</td><td>\(percent(estimate.defaultValue))</td>\
        <td>\(String(format: "%.0f", estimate.learnedFrom))</td></tr>
        """
    }

    private static func estimateText(_ platform: AttributionModelView.Platform) -> String {
        guard let precision = platform.estimatedPrecision else { return "" }
        let recall = platform.estimatedRecall.map { ", recall \(percent($0))" } ?? ""
        return "; expected precision \(percent(precision))\(recall) on recent installs"
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }

    static func duration(_ seconds: Double) -> String {
        if seconds < 120 { return String(format: "%.0f s", seconds) }
        if seconds < 7_200 { return String(format: "%.0f min", seconds / 60) }
        if seconds < 172_800 { return String(format: "%.1f h", seconds / 3_600) }
        return String(format: "%.1f days", seconds / 86_400)
    }
}

/// Server-drawn SVG charts: no script, no external assets, readable without colour.
enum DashboardCharts {
    struct Bar: Sendable {
        var label: String
        var value: Int
    }

    /// Vertical bars, one per day, with the largest value and first/last dates labelled.
    static func daily(_ bars: [Bar], title: String, id: String) -> String {
        let width = 640, height = 200, left = 36, bottom = 24, top = 12
        let plotWidth = width - left - 8, plotHeight = height - bottom - top
        let maximum = max(1, bars.map(\.value).max() ?? 0)
        let slot = Double(plotWidth) / Double(max(1, bars.count))
        var shapes = ""
        for (index, bar) in bars.enumerated() {
            let barHeight = Double(plotHeight) * Double(bar.value) / Double(maximum)
            let x = Double(left) + slot * Double(index) + slot * 0.15
            let y = Double(top + plotHeight) - barHeight
            shapes +=
                ##"<rect class="bar" x="\##(format(x))" y="\##(format(y))" width="\##(format(slot * 0.7))" height="\##(format(barHeight))" fill="#2f6fde" data-value="\##(bar.value)"><title>\##(HTML.escape(bar.label)): \##(bar.value)</title></rect>"##
        }
        var labels = #"<text x="\#(left - 4)" y="\#(top + 10)" text-anchor="end" font-size="11">\#(maximum)</text>"#
        labels += #"<text x="\#(left - 4)" y="\#(top + plotHeight)" text-anchor="end" font-size="11">0</text>"#
        if let first = bars.first, let last = bars.last {
            labels += #"<text x="\#(left)" y="\#(height - 6)" font-size="11">\#(HTML.escape(first.label))</text>"#
            labels += #"<text x="\#(width - 8)" y="\#(height - 6)" text-anchor="end" font-size="11">\#(HTML.escape(last.label))</text>"#
        }
        return """
            <svg class="chart" id="\(id)" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" role="img" aria-label="\(HTML.escape(title))">\
            <line x1="\(left)" y1="\(top + plotHeight)" x2="\(width - 8)" y2="\(top + plotHeight)" stroke="#999"/>\(shapes)\(labels)</svg>
            """
    }

    /// Horizontal bars for a handful of categories, each labelled with its name and count.
    static func categories(_ bars: [Bar], title: String, id: String) -> String {
        let width = 640, rowHeight = 28, labelWidth = 130
        let height = max(1, bars.count) * rowHeight + 8
        let maximum = max(1, bars.map(\.value).max() ?? 0)
        var shapes = ""
        for (index, bar) in bars.enumerated() {
            let y = 4 + index * rowHeight
            let barWidth = Double(width - labelWidth - 60) * Double(bar.value) / Double(maximum)
            shapes += #"<text x="\#(labelWidth - 6)" y="\#(y + 18)" text-anchor="end" font-size="12">\#(HTML.escape(bar.label))</text>"#
            shapes +=
                ##"<rect class="bar" x="\##(labelWidth)" y="\##(y + 4)" width="\##(format(barWidth))" height="\##(rowHeight - 8)" fill="#1f9d6b" data-value="\##(bar.value)"/>"##
            shapes += #"<text x="\#(format(Double(labelWidth) + barWidth + 6))" y="\#(y + 18)" font-size="12">\#(bar.value)</text>"#
        }
        return """
            <svg class="chart" id="\(id)" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" role="img" aria-label="\(HTML.escape(title))">\(shapes)</svg>
            """
    }

    private static func format(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}

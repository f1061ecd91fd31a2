import LayoutEngine
import LayoutModel

/// A screen the HTML report shows: one commit of one stream, its images (PNG files beside
/// the page, one point to one pixel) by configuration, and its reading order at `large`.
public struct ReportScreen: Sendable {
    public var stream: String
    public var commit: Int
    public var size: Size
    public var images: [Configuration: String]
    public var readingOrder: [ReadingItem]
    /// The contact sheet as one image (every size side by side, findings outlined), if made.
    public var sheet: String?

    public init(stream: String, commit: Int, size: Size, images: [Configuration: String], readingOrder: [ReadingItem],
                sheet: String? = nil) {
        self.stream = stream; self.commit = commit; self.size = size; self.images = images; self.readingOrder = readingOrder
        self.sheet = sheet
    }
}

/// `--html DIR`'s page: per screen, the screenshot at `large` (light) with every finding
/// there outlined and numbered, the findings with their value beside the threshold and a
/// size x scheme grid of where each occurs, a contact sheet of every size with the findings
/// of that size outlined, and the VoiceOver order: elements numbered, labels in a legend.
public enum HTMLReport {
    public static func page(_ report: AuditReport, screens: [ReportScreen]) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>shotter audit</title>
        <style>
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        .row { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; }
        .shot { position: relative; display: inline-block; line-height: 0; border: 1px solid #c7c7cc; }
        .shot img { display: block; }
        .main img { width: 320px; } .sheet .shot img { width: 150px; }
        .outline { position: absolute; box-sizing: border-box; border: 2px solid #ff3b30; }
        .outline.warning { border-color: #ff9500; }
        .outline span, .badge { position: absolute; top: -9px; left: -9px; min-width: 16px; height: 16px; padding: 0 2px;
          border-radius: 8px; background: #ff3b30; color: #fff; font: bold 11px/16px system-ui; text-align: center; }
        .outline.warning span { background: #ff9500; }
        .badge { background: #007aff; position: absolute; transform: translate(9px, 9px); }
        figcaption { line-height: 1.4; font-size: 12px; color: #636366; margin-top: 4px; }
        .sheet { display: flex; gap: 8px; overflow-x: auto; padding: 10px 0; }
        table { border-collapse: collapse; } td, th { padding: 4px 8px; border-bottom: 1px solid #e5e5ea; text-align: left; vertical-align: top; }
        .grid td { border: 1px solid #e5e5ea; width: 10px; height: 10px; padding: 0; }
        .grid td.on { background: #ff9500; } .grid td.first { background: #ff3b30; }
        .error { color: #d70015; } .warning { color: #c93400; }
        </style></head><body>
        <h1>shotter audit</h1>

        """
        html += "<p class=\"summary\">\(escape(report.console.last ?? ""))</p>\n"
        for (index, screen) in screens.enumerated() {
            // Numbered as in the report, from 1.
            let findings = report.entries.enumerated().map { (number: $0.offset + 1, finding: $0.element.finding) }
                .filter { $0.finding.stream == screen.stream && $0.finding.commit == screen.commit }
            let main = screen.images.keys.filter { $0.size == Audit.referenceSize }.min()
            html += "<section class=\"screen\" id=\"screen\(index)\"><h2>\(escape(screen.stream)), commit \(screen.commit)</h2>\n"
            html += "<div class=\"row\">\n"
            if let main, let image = screen.images[main] {
                html += figure(image, class: "main", caption: "\(main.size.rawValue), \(main.scheme.rawValue)", size: screen.size,
                               overlays: findings.compactMap { n, f in f.frames[main].map { outline(n, f, $0, screen.size) } })
            }
            html += findingsTable(findings) + "</div>\n"
            html += "<h3>Contact sheet</h3>"
            if let sheet = screen.sheet { html += "<p><a class=\"sheet-image\" href=\"\(escape(sheet))\">As one image</a></p>" }
            html += "<div class=\"sheet\">\n"
            for configuration in screen.images.keys.sorted() {
                html += figure(screen.images[configuration]!, class: "", caption: "\(configuration.size.rawValue), \(configuration.scheme.rawValue)",
                               size: screen.size,
                               overlays: findings.compactMap { n, f in f.frames[configuration].map { outline(n, f, $0, screen.size) } })
            }
            html += "</div>\n<h3>VoiceOver order</h3><div class=\"row\">\n"
            if let main, let image = screen.images[main] {
                let badges = screen.readingOrder.enumerated().map { i, item in
                    "<div class=\"badge\" style=\"\(position(item.frame, screen.size, sized: false))\">\(i + 1)</div>"
                }
                html += figure(image, class: "main voiceover", caption: "reading order", size: screen.size, overlays: badges)
            }
            html += "<ol class=\"legend\">" + screen.readingOrder.map { "<li>\(escape($0.label))</li>" }.joined() + "</ol></div></section>\n"
        }
        return html + "</body></html>\n"
    }

    static func escape(_ s: String) -> String { MessageText.xmlEscaped(s) }

    /// Left, top (and width, height) as percentages of the screen, so outlines follow the
    /// image at any displayed width.
    static func position(_ r: Rect, _ size: Size, sized: Bool = true) -> String {
        func pct(_ v: Double, _ of: Double) -> String { fmt(of > 0 ? v / of * 100 : 0) + "%" }
        var css = "left:\(pct(r.x, size.width));top:\(pct(r.y, size.height))"
        if sized { css += ";width:\(pct(r.width, size.width));height:\(pct(r.height, size.height))" }
        return css
    }

    static func outline(_ number: Int, _ f: Finding, _ frame: Rect, _ size: Size) -> String {
        "<div class=\"outline \(f.severity.rawValue)\" data-finding=\"\(number)\" title=\"\(escape(f.check.rawValue + " " + f.element.description))\" "
            + "style=\"\(position(frame, size))\"><span>\(number)</span></div>"
    }

    static func figure(_ image: String, class name: String, caption: String, size: Size, overlays: [String]) -> String {
        "<figure><div class=\"shot \(name)\"><img src=\"\(escape(image))\" alt=\"\(escape(caption))\" width=\"\(fmt(size.width))\" height=\"\(fmt(size.height))\">"
            + overlays.joined() + "</div><figcaption>\(escape(caption))</figcaption></figure>\n"
    }

    static func findingsTable(_ findings: [(number: Int, finding: Finding)]) -> String {
        var html = "<table class=\"findings\"><tr><th>#</th><th>finding</th><th>measured</th><th>from</th><th>where (light, dark x xSmall...accessibility5)</th></tr>\n"
        for (number, f) in findings {
            let measured = f.measurement.map { "\(fmt($0.value))\($0.unit == ":1" ? ":1" : " " + $0.unit) / \(fmt($0.threshold))\($0.unit == ":1" ? ":1" : " " + $0.unit)" } ?? ""
            html += "<tr><td>\(number)</td><td><span class=\"\(f.severity.rawValue)\">\(f.severity.rawValue) \(f.check.rawValue)</span> "
                + "\(escape(f.element.description))\(f.part.map { " " + escape($0) } ?? ""), line \(f.element.line): \(escape(f.detail))</td>"
                + "<td>\(escape(measured))</td><td>\(f.firstSize.rawValue)</td><td>\(grid(f))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Two rows (light, dark) of twelve cells (the sizes); where the finding occurs is
    /// filled, the first size darker.
    static func grid(_ f: Finding) -> String {
        let occurs = Set(f.occursAt.map { "\($0.scheme.rawValue) \($0.size.rawValue)" })
        let rows = ColorScheme.allCases.map { scheme in
            "<tr>" + DynamicTypeSize.allCases.map { size -> String in
                guard occurs.contains("\(scheme.rawValue) \(size.rawValue)") else { return "<td title=\"\(size.rawValue)\"></td>" }
                return "<td class=\"\(size == f.firstSize ? "first" : "on")\" title=\"\(size.rawValue), \(scheme.rawValue)\"></td>"
            }.joined() + "</tr>"
        }
        return "<table class=\"grid\">" + rows.joined() + "</table>"
    }
}

import Foundation
import LayoutModel

/// `report.html`: one self-contained page (images inline as base64, no network) with, for each
/// failure, side-by-side, slider and diff views and the list of changed elements. It is written
/// as it goes, one image at a time, so its size never sits in memory.
public enum HTMLReport {
    /// Writes the report to `path`; artifact paths in `summary` are relative to `artifacts`.
    /// A failed write is a one-line `WriteError` and leaves no partial report.
    /// `accept` is the `shotter accept DIR` command for these artifacts: shown for all failures
    /// and, with each one's name, on each.
    public static func write(_ summary: RunSummary, artifacts: String, to path: String, accept: String? = nil,
                             inlineLimit: Int = 64 << 20) throws {
        let files = OutputFiles()
        do {
            try files.stage(at: path) { append in
                try write(summary, artifacts: artifacts, accept: accept, inlineLimit: inlineLimit) { try append(Array($0.utf8)) }
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
    }

    /// The whole page as one string (for tests and small runs).
    public static func html(_ summary: RunSummary, artifacts: String, accept: String? = nil, inlineLimit: Int = 64 << 20) throws -> String {
        var out = ""
        try write(summary, artifacts: artifacts, accept: accept, inlineLimit: inlineLimit) { out += $0 }
        return out
    }

    static func write(_ summary: RunSummary, artifacts: String, accept: String?, inlineLimit: Int,
                      _ emit: (String) throws -> Void) throws {
        let shown = summary.results.filter { $0.status != .passed }
        let failedClass = summary.failed > 0 ? "bad" : "good"
        let comparable = shown.contains { $0.expected.map(isImage) == true && $0.actual != nil }
        try emit("""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>shotter: \(escape(summary.tally))</title>
        <style>\(css)</style></head>
        <body>
        <header><h1>shotter test</h1>
        <p class="tally \(failedClass)">\(escape(summary.tally))</p>
        <p class="counts"><span class="pill\(summary.failed > 0 ? " failed" : "")">\(summary.failed) failed</span><span class="pill passed">\(summary.passed) passed</span>\
        \(summary.recorded > 0 ? "<span class=\"pill recorded\">\(summary.recorded) recorded</span>" : "")\
        \(summary.unused.isEmpty ? "" : "<span class=\"pill unused\">\(summary.unused.count) unused</span>")\
        \(summary.shard.map { "<span class=\"pill\">shard \($0)</span>" } ?? "")</p>
        \(comparable ? "<div class=\"tabs all\" title=\"view of every failure\"><button data-show=\"side\" class=\"on\">Side by side</button><button data-show=\"slider\">Slider</button><button data-show=\"diff\">Diff</button></div>" : "")
        </header>
        <main>

        """)
        if !shown.isEmpty {
            try emit("<nav><h2>Needs review</h2>")
            if let accept, shown.contains(where: Self.acceptable) {
                try emit("<p class=\"hint\">If the changes are intended, accept them all with <code class=\"accept\">\(escape(Accept.command(accept)))</code> "
                         + "(it copies these actual images and their layout dumps over the goldens; give the folder of this report), then commit the goldens.</p>")
            } else if shown.contains(where: { $0.status == .failed && $0.expected != nil }) {
                try emit("<p class=\"hint\">If the changes are intended, update the goldens with <code>shotter test --record=failed</code> and commit them.</p>")
            }
            try emit("<ol>\n")
            for (i, r) in shown.enumerated() {
                try emit("<li><a href=\"#s\(i)\"><span class=\"status \(r.status.rawValue)\">\(r.status.rawValue)</span> \(escape(r.path))</a></li>\n")
            }
            try emit("</ol></nav>\n")
        }
        let budget = InlineBudget(limit: inlineLimit)
        for (i, r) in shown.enumerated() {
            try emitCard(r, index: i, artifacts: artifacts, accept: accept, budget: budget, emit)
        }
        if !summary.unused.isEmpty {
            try emit("<section class=\"list\"><h2>\(summary.pruned ? "Deleted unused goldens" : "Unused goldens")</h2><p class=\"hint\">No configuration of the plan produces these files\(summary.pruned ? "" : "; <code>shotter test --prune</code> deletes them").</p><ul>\n")
            for file in summary.unused { try emit("<li><code>\(escape(file))</code></li>\n") }
            try emit("</ul></section>\n")
        }
        let passed = summary.results.filter { $0.status == .passed }
        if !passed.isEmpty {
            try emit("<section class=\"list\"><details><summary>\(passed.count) passed</summary><ul>\n")
            for r in passed {
                try emit("<li><code>\(escape(r.path))</code>\(r.message == "matches" ? "" : " <span class=\"hint\">\(escape(r.message))</span>")</li>\n")
            }
            try emit("</ul></details></section>\n")
        }
        try emit("</main>\n<script>\(script)</script>\n</body></html>\n")
    }

    /// A failure whose actual rendering is in the artifacts: `shotter accept` can take it.
    static func acceptable(_ r: SnapshotResult) -> Bool { r.status == .failed && r.actual != nil }

    static func emitCard(_ r: SnapshotResult, index: Int, artifacts: String, accept: String?, budget: InlineBudget,
                         _ emit: (String) throws -> Void) throws {
        let hasBoth = r.expected != nil && r.actual != nil
        try emit("""
        <section class="card" id="s\(index)" data-view="side">
        <h2><span class="status \(r.status.rawValue)">\(r.status.rawValue)</span> \(escape(r.path))</h2>
        <p class="message">\(escape(r.message))\(r.marks == nil ? "" : " <label class=\"hint toggle\"><input type=\"checkbox\" checked onchange=\"this.closest('.card').classList.toggle('marks-off',!this.checked)\"> outline changed elements</label>")</p>

        """)
        if !r.changes.isEmpty {
            try emit("<div class=\"changes\"><h3>Changed elements</h3><ul>\n")
            for change in r.changes { try emit("<li><code>\(escape(change))</code></li>\n") }
            try emit("</ul></div>\n")
        } else if r.layoutCompared && hasBoth {
            try emit("<p class=\"hint\">No frame changed: the difference is in what is drawn.</p>\n")
        }
        if let accept, acceptable(r) {
            try emit("<p class=\"hint\">Accept: <code class=\"accept\">\(escape(Accept.command(accept, name: r.path)))</code></p>\n")
        }
        if !r.wrote.isEmpty {
            try emit("<p class=\"hint\">Wrote " + r.wrote.map { "<code>\(escape($0))</code>" }.joined(separator: ", ") + "</p>\n")
        }
        guard r.expected != nil || r.actual != nil else { return try emit("</section>\n") }
        // A layout report is text: its changed elements are listed above; link the files.
        if let file = r.actual ?? r.expected, !isImage(file) {
            let links = [("expected (golden)", r.expected), (r.expected == nil ? "new" : "actual", r.actual)].compactMap { caption, file in
                file.map { "<a href=\"\(escape($0))\">\(caption)</a>" }
            }
            return try emit("<p class=\"hint\">Files: \(links.joined(separator: ", "))</p>\n</section>\n")
        }
        if hasBoth {
            try emit("""
            <div class="tabs" role="tablist">
            <button data-show="side" class="on">Side by side</button><button data-show="slider">Slider</button>\
            <button data-show="diff">Diff</button></div>

            """)
        }
        // Side by side
        try emit("<div class=\"view side\">")
        for (caption, role, file) in [("Expected (golden)", "expected", r.expected), (r.expected == nil ? "New" : "Actual", "actual", r.actual), ("Diff", "diff", r.diff)] {
            guard let file else { continue }
            try emit("<figure><figcaption>\(caption)</figcaption><div class=\"marked\">")
            try emitImage(file, id: "s\(index)-\(role)", artifacts: artifacts, budget: budget, emit)
            if let marks = r.marks, role != "diff" {
                try emit(outlines(role == "expected" ? marks.before : marks.after, canvas: marks.canvas))
            }
            try emit("</div></figure>")
        }
        try emit("</div>\n")
        guard hasBoth else { return try emit("</section>\n") }
        // Slider: the actual image over the expected one, uncovered from the left up to the handle.
        // The other views reuse the side-by-side images (the script copies them), so each is inlined once.
        try emit("<div class=\"view slider\"><div class=\"labels\"><span>◀ expected</span><span>actual ▶</span></div><div class=\"stage\">")
        try emit("<img alt=\"expected\" data-same=\"s\(index)-expected\"><div class=\"over\"><img alt=\"actual\" data-same=\"s\(index)-actual\"></div>")
        try emit("<div class=\"handle\"></div></div><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"slider position\"></div>\n")
        try emit("<div class=\"view diff\">")
        if r.diff != nil {
            try emit("<p class=\"hint\">Red: pixels that differ. Yellow: anti-aliasing (not counted). Faded: unchanged.</p>")
            try emit("<img alt=\"diff\" data-same=\"s\(index)-diff\">")
        } else {
            try emit("<p class=\"hint\">No diff image: \(r.message.hasPrefix("image size") || r.message.contains("image size") ? "the sizes differ" : "only PNG images are compared pixel by pixel").</p>")
        }
        try emit("</div>\n</section>\n")
    }

    /// Outlines positioned in percent of the image, so they follow it at any displayed size.
    static func outlines(_ rects: [Rect], canvas: Size) -> String {
        guard canvas.width > 0, canvas.height > 0 else { return "" }
        func pct(_ v: Double, _ of: Double) -> String { LayoutChanges.number((v / of * 10000).rounded() / 100) + "%" }
        return rects.map { r in
            "<span class=\"mark\" style=\"left:\(pct(r.x, canvas.width));top:\(pct(r.y, canvas.height));"
                + "width:\(pct(r.width, canvas.width));height:\(pct(r.height, canvas.height))\"></span>"
        }.joined()
    }

    /// Bytes of images inlined so far. Past `inlineLimit` (a first recording of thousands of
    /// snapshots) images are linked instead: they sit beside the report in the artifacts directory.
    final class InlineBudget {
        let limit: Int
        var used = 0
        init(limit: Int) { self.limit = limit }
    }

    static func emitImage(_ relative: String, id: String, artifacts: String, budget: InlineBudget,
                          _ emit: (String) throws -> Void) throws {
        let file = try OutputPaths.join(artifacts, relative)
        let attributes = "id=\"\(id)\" alt=\"\(escape(relative))\" title=\"\(escape(relative))\""
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        if budget.used + size > budget.limit {
            return try emit("<img \(attributes) loading=\"lazy\" src=\"\(escape(relative))\">")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return try emit("<p class=\"hint\">missing \(escape(relative))</p>")
        }
        budget.used += data.count
        let type = relative.hasSuffix(".svg") ? "image/svg+xml" : "image/png"
        try emit("<img \(attributes) src=\"data:\(type);base64,")
        try emit(data.base64EncodedString())
        try emit("\">")
    }

    /// Artifacts shown as images (PNG, SVG); any other (a layout report) is linked.
    static func isImage(_ relative: String) -> Bool { relative.hasSuffix(".png") || relative.hasSuffix(".svg") }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static let css = """
    :root{--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--dim:#6e6e73;--line:#d1d1d6;--red:#d70015;--green:#248a3d;--orange:#c93400;--blue:#0071e3}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--text);font:15px/1.45 -apple-system,system-ui,"Segoe UI",Helvetica,Arial,sans-serif}
    header .tabs{margin:0 0 0 auto}
    header{background:var(--card);border-bottom:1px solid var(--line);padding:16px 28px;display:flex;align-items:center;gap:20px;flex-wrap:wrap;position:sticky;top:0;z-index:2}
    h1{font-size:20px;margin:0}
    .tally{font-weight:600;margin:0;font-size:17px}.tally.bad{color:var(--red)}.tally.good{color:var(--green)}
    .counts{margin:0;display:flex;gap:8px;flex-wrap:wrap}
    .pill{border-radius:999px;padding:2px 10px;font-size:13px;background:#e5e5ea}
    .pill.failed{background:#ffe5e7;color:var(--red)}.pill.passed{background:#e3f6e8;color:var(--green)}
    .pill.recorded{background:#fff0e0;color:var(--orange)}.pill.unused{background:#e8f0fe;color:var(--blue)}
    main{max-width:1280px;margin:0 auto;padding:20px 28px 60px}
    nav,.card,.list{background:var(--card);border-radius:12px;padding:16px 20px;margin-bottom:18px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
    nav h2,.list h2{font-size:15px;margin:0 0 8px;color:var(--dim);text-transform:uppercase;letter-spacing:.04em}
    nav ol{margin:0;padding-left:22px;columns:2;column-gap:32px}nav li{margin:2px 0;break-inside:avoid}
    nav a{color:var(--text);text-decoration:none;font-family:ui-monospace,Menlo,monospace;font-size:13px}nav a:hover{color:var(--blue)}
    .status{display:inline-block;font:600 11px/1 system-ui,sans-serif;text-transform:uppercase;letter-spacing:.05em;border-radius:4px;padding:3px 6px;vertical-align:2px}
    .status.failed{background:var(--red);color:#fff}.status.recorded{background:var(--orange);color:#fff}
    .card h2{font:600 15px/1.3 ui-monospace,Menlo,monospace;margin:0 0 6px;word-break:break-all}
    .message{margin:0 0 10px;color:var(--dim)}
    .changes{background:#fbfbfd;border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin-bottom:12px}
    .changes h3{margin:0 0 4px;font-size:13px;color:var(--dim)}
    .changes ul{margin:0;padding-left:18px}.changes code{font-size:13px}
    .hint{color:var(--dim);font-size:13px}
    .toggle{margin-left:12px;cursor:pointer;white-space:nowrap}
    code{font-family:ui-monospace,Menlo,monospace}
    code.accept{user-select:all;background:#e8f0fe;color:var(--text);padding:1px 5px;border-radius:4px;word-break:break-all}
    .tabs{display:inline-flex;background:#e5e5ea;border-radius:8px;padding:2px;margin-bottom:12px}
    .tabs button{border:0;background:none;padding:5px 14px;border-radius:6px;font:inherit;font-size:13px;cursor:pointer;color:var(--text)}
    .tabs button.on{background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.15);font-weight:600}
    .view{display:none}
    .card[data-view=side] .side,.card[data-view=slider] .slider,.card[data-view=diff] .diff{display:block}
    .side{display:flex!important;gap:16px;align-items:flex-start}
    .card:not([data-view=side]) .side{display:none!important}
    figure{margin:0;flex:1;min-width:0;max-width:340px}
    figcaption{font-size:12px;font-weight:600;color:var(--dim);margin-bottom:4px;text-transform:uppercase;letter-spacing:.04em}
    .view img{display:block;width:100%;height:auto;border:1px solid var(--line);border-radius:6px;
      background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
    .slider,.diff{max-width:340px}
    .marked{position:relative}
    .mark{position:absolute;outline:2px solid #ff2d55;outline-offset:1px;border-radius:3px;box-shadow:0 0 0 4px rgba(255,45,85,.18);pointer-events:none}
    .marks-off .mark{display:none}
    .stage{position:relative;user-select:none}
    .stage .over{position:absolute;inset:0;clip-path:inset(0 0 0 50%)}
    .stage .handle{position:absolute;top:0;bottom:0;left:50%;width:2px;background:var(--blue);box-shadow:0 0 0 1px #fff;pointer-events:none}
    .slider input{width:100%;margin-top:8px}
    .labels{display:flex;justify-content:space-between;font-size:12px;color:var(--dim);margin-bottom:4px}
    .list ul{margin:0;padding-left:20px;font-size:13px}
    details summary{cursor:pointer;font-weight:600;color:var(--dim)}
    """

    static let script = """
    document.querySelectorAll('img[data-same]').forEach(i=>{const o=document.getElementById(i.dataset.same);if(o)i.src=o.src;});
    function show(card,view){
      card.dataset.view=view;
      card.querySelectorAll('.tabs button').forEach(x=>x.classList.toggle('on',x.dataset.show===view));
    }
    document.querySelectorAll('.card').forEach(card=>{
      card.querySelectorAll('.tabs button').forEach(b=>b.addEventListener('click',()=>show(card,b.dataset.show)));
      const range=card.querySelector('.slider input');
      if(range){range.addEventListener('input',()=>{
        card.querySelector('.over').style.clipPath='inset(0 0 0 '+range.value+'%)';
        card.querySelector('.handle').style.left=range.value+'%';
      });}
    });
    // The header's switch (or #view=slider in the address) sets the view of every failure.
    function showAll(view){
      document.querySelectorAll('.card').forEach(c=>{if(c.querySelector('.tabs'))show(c,view);});
      document.querySelectorAll('header .tabs button').forEach(x=>x.classList.toggle('on',x.dataset.show===view));
    }
    document.querySelectorAll('header .tabs button').forEach(b=>b.addEventListener('click',()=>showAll(b.dataset.show)));
    const wanted=(location.hash.match(/view=(side|slider|diff)/)||[])[1];
    if(wanted)showAll(wanted);
    """
}

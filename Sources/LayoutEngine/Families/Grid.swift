import LayoutModel

public struct GridProps: ElementProps {
    public var horizontalSpacing: Double
    public var verticalSpacing: Double
    public var alignment: Alignment
}

public enum GridRowAlignment: String, Hashable, Sendable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline

    var fraction: Double {
        switch self {
        case .top, .firstTextBaseline: 0
        case .center: 0.5
        case .bottom, .lastTextBaseline: 1
        }
    }
}

public struct GridRowProps: ElementProps {
    public var alignment: GridRowAlignment?
}

/// `grid` (SwiftUI's `Grid`, Phase 6): `gridrow` children are rows of cells, any other child
/// is one cell spanning every column. Columns whose non-spanning cells all fill the proposed
/// width share what the fixed columns leave; the others take their widest cell's ideal width.
public enum GridFamily: ElementFamily {
    public static let kindNames = ["grid"]
    public static let mayDrawPictures = false
    public static let defaultSpacing = 8.0
    public static func knownProps(kind: String) -> Set<String> { ["horizontalSpacing", "verticalSpacing", "alignment"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        GridProps(horizontalSpacing: try r.number("horizontalSpacing") ?? defaultSpacing,
                  verticalSpacing: try r.number("verticalSpacing") ?? defaultSpacing,
                  alignment: try r.choice("alignment", Alignment.self) ?? .center)
    }

    struct Cell {
        var id: Int
        var column: Int
        var span: Int
    }

    struct Row {
        /// The `gridrow`, or nil for a full-span child of the grid.
        var rowID: Int?
        var alignment: GridRowAlignment?
        var cells: [Cell]
    }

    /// Rows and columns resolved for one proposal.
    struct Solution {
        var rows: [Row]
        var columnWidths: [Double]
        var rowHeights: [Double]
        var width: Double
        var height: Double
        var spacing: (h: Double, v: Double)

        func columnX(_ column: Int) -> Double {
            columnWidths.prefix(column).reduce(0, +) + spacing.h * Double(column)
        }
        func cellWidth(_ cell: Cell) -> Double {
            if cell.span >= columnWidths.count && cell.column == 0 { return width }
            let end = min(columnWidths.count, cell.column + cell.span)
            let columns = columnWidths[cell.column..<end]
            return columns.reduce(0, +) + spacing.h * Double(max(0, columns.count - 1))
        }
    }

    /// A cell's style field, read through its `styled` wrappers.
    static func styleField<T>(_ id: Int, _ pass: LayoutPass, _ field: (Style) -> T?) -> T? {
        var current = pass.tree[id]
        while let element = current, let style = element.props as? Style {
            if let value = field(style) { return value }
            current = element.children.first.flatMap { pass.tree[$0] }
        }
        return nil
    }

    static func rows(_ e: Element, _ pass: LayoutPass) -> (rows: [Row], columns: Int) {
        var rows: [Row] = []
        var columns = 1
        for child in e.children {
            guard let element = pass.tree[child] else { continue }
            guard element.kind == "gridrow" else {
                rows.append(Row(rowID: nil, alignment: nil, cells: [Cell(id: child, column: 0, span: .max)]))
                continue
            }
            var cells: [Cell] = []
            var column = 0
            for cell in element.children {
                let span = styleField(cell, pass) { $0.gridCellColumns } ?? 1
                cells.append(Cell(id: cell, column: column, span: span))
                column += span
            }
            columns = max(columns, column)
            rows.append(Row(rowID: child, alignment: (element.props as? GridRowProps)?.alignment, cells: cells))
        }
        return (rows.map { row in
            var row = row
            for i in row.cells.indices where row.cells[i].span == .max { row.cells[i].span = columns }
            return row
        }, columns)
    }

    static func solve(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Solution {
        let props = e.props as? GridProps ?? GridProps(horizontalSpacing: defaultSpacing, verticalSpacing: defaultSpacing, alignment: .center)
        let (rows, count) = rows(e, pass)
        let proposedWidth = p.width.flatMap { $0.isFinite ? $0 : nil }
        // Non-spanning cells of each column decide whether it is flexible.
        var flexible = [Bool](repeating: true, count: count)
        var ideal = [Double](repeating: 0, count: count)
        for row in rows {
            for cell in row.cells where cell.span == 1 && row.rowID != nil {
                let probe = p.width ?? .infinity
                let reported = pass.sizeThatFits(cell.id, ProposedSize(width: probe, height: nil)).width
                if reported < probe - 0.001 { flexible[cell.column] = false }
                ideal[cell.column] = max(ideal[cell.column], pass.sizeThatFits(cell.id, .unspecified).width)
            }
        }
        var widths = ideal
        if let w = proposedWidth {
            let fixed = (0..<count).filter { !flexible[$0] }.reduce(0) { $0 + ideal[$1] }
            let flexCount = flexible.filter { $0 }.count
            if flexCount > 0 {
                let share = max(0, (w - fixed - props.horizontalSpacing * Double(count - 1)) / Double(flexCount))
                for c in 0..<count where flexible[c] { widths[c] = share }
            }
        }
        var solution = Solution(rows: rows, columnWidths: widths, rowHeights: [], width: 0, height: 0,
                                spacing: (props.horizontalSpacing, props.verticalSpacing))
        solution.width = widths.reduce(0, +) + props.horizontalSpacing * Double(count - 1)
        solution.rowHeights = rows.map { row in
            row.cells.map { cell in
                pass.sizeThatFits(cell.id, ProposedSize(width: solution.cellWidth(cell), height: nil)).height
            }.max() ?? 0
        }
        solution.height = solution.rowHeights.reduce(0, +) + props.verticalSpacing * Double(max(0, rows.count - 1))
        return solution
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let s = solve(e, p, pass)
        return Size(width: s.width, height: s.height)
    }

    /// Rows top to bottom, cells left to right, each aligned in its box by its `gridCellAnchor`,
    /// else horizontally by the grid's alignment and vertically by its row's.
    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let s = solve(e, proposal, pass)
        let alignment = (e.props as? GridProps)?.alignment ?? .center
        var y = frame.y
        for (index, row) in s.rows.enumerated() {
            let height = s.rowHeights[index]
            if let rowID = row.rowID {
                pass.place(rowID, in: Rect(x: frame.x, y: y, width: s.width, height: height),
                           proposal: ProposedSize(width: s.width, height: height))
            }
            let vertical = row.alignment?.fraction ?? alignment.verticalFraction
            for cell in row.cells {
                let width = s.cellWidth(cell)
                let cp = ProposedSize(width: width, height: nil)
                let size = pass.sizeThatFits(cell.id, cp)
                let anchor = styleField(cell.id, pass) { $0.gridCellAnchor }
                    ?? Point(x: alignment.horizontalFraction, y: vertical)
                let x = frame.x + s.columnX(cell.column) + (width - size.width) * anchor.x
                pass.place(cell.id, at: Point(x: x, y: y + (height - size.height) * anchor.y), proposal: cp)
            }
            y += height + s.spacing.v
        }
    }
}

/// `gridrow`: the grid lays its cells out and gives it the grid width × its row height.
/// Outside a grid it behaves like an `hstack`.
public enum GridRowFamily: ElementFamily {
    public static let kindNames = ["gridrow"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["alignment"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        GridRowProps(alignment: try r.choice("alignment", GridRowAlignment.self))
    }

    static func insideGrid(_ e: Element, _ pass: LayoutPass) -> Bool {
        e.parent.flatMap { pass.tree[$0] }?.kind == "grid"
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        StackLayout.size(e, .horizontal, p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if !insideGrid(e, pass) { StackLayout.place(e, .horizontal, in: frame, proposal: proposal, pass) }
    }
}

public enum GridItemSize: Hashable, Sendable {
    case fixed(Double)
    case flexible(minimum: Double, maximum: Double)
    case adaptive(minimum: Double, maximum: Double)
}

public struct GridItem: Hashable, Sendable {
    public var size: GridItemSize
    public var spacing: Double
    public var alignment: Alignment?
}

public struct LazyVGridProps: ElementProps {
    public var columns: [GridItem]
    public var spacing: Double
    public var alignment: Alignment
}

/// `lazyvgrid` (SwiftUI's `LazyVGrid`, Phase 6): the column items resolve to columns for the
/// proposed width; cells fill rows left to right. Every cell is laid out (nothing is lazy).
public enum LazyVGridFamily: ElementFamily {
    public static let kindNames = ["lazyvgrid"]
    public static let mayDrawPictures = false
    /// A `GridItem`'s default `.flexible(minimum: 10)`.
    static let flexibleMinimum = 10.0
    public static func knownProps(kind: String) -> Set<String> { ["columns", "spacing", "alignment"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        var items: [GridItem] = []
        if let v = r.value("columns") {
            guard case .array(let list) = v else { throw PropError(message: "\(r.path).columns must be an array, got \(v.typeName)") }
            for (i, item) in list.enumerated() {
                let g = try PropReader(item, path: "\(r.path).columns[\(i)]", diagnostics: r.diagnostics)
                g.warnUnknown(["size", "spacing", "alignment"], what: "GridItem field")
                var size = GridItemSize.flexible(minimum: flexibleMinimum, maximum: .infinity)
                if let s = try g.object("size") {
                    let minimum = try s.dimension("minimum") ?? flexibleMinimum, maximum = try s.dimension("maximum") ?? .infinity
                    switch try s.string("kind") {
                    case "fixed": size = .fixed(try s.number("value") ?? 0)
                    case "adaptive": size = .adaptive(minimum: minimum, maximum: maximum)
                    case "flexible", nil: size = .flexible(minimum: minimum, maximum: maximum)
                    case let other?: throw PropError(message: "\(s.path).kind: unknown value \(MessageText.quoted(other))")
                    }
                }
                items.append(GridItem(size: size, spacing: try g.number("spacing") ?? GridFamily.defaultSpacing,
                                      alignment: try g.choice("alignment", Alignment.self)))
            }
        }
        return LazyVGridProps(columns: items, spacing: try r.number("spacing") ?? GridFamily.defaultSpacing,
                              alignment: try r.choice("alignment", Alignment.self) ?? .center)
    }

    struct Column {
        var width: Double
        /// The gap to the next column.
        var spacing: Double
        var alignment: Alignment?
    }

    static func props(_ e: Element) -> LazyVGridProps {
        let p = e.props as? LazyVGridProps ?? LazyVGridProps(columns: [], spacing: GridFamily.defaultSpacing, alignment: .center)
        guard p.columns.isEmpty else { return p }
        var q = p
        q.columns = [GridItem(size: .flexible(minimum: flexibleMinimum, maximum: .infinity), spacing: GridFamily.defaultSpacing, alignment: nil)]
        return q
    }

    /// The columns for the proposal width `W` (Phase 6 "lazyvgrid").
    static func columns(_ e: Element, width: Double?, _ pass: LayoutPass) -> [Column] {
        let items = props(e).columns
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(v, lo), hi) }
        guard let w = width, w.isFinite else {
            // Unspecified width: one column per item; flexible ones as wide as their widest cell.
            return items.enumerated().map { index, item in
                let cells = e.children.enumerated().filter { $0.offset % items.count == index }.map(\.element)
                let widest = cells.map { pass.sizeThatFits($0, .unspecified).width }.max() ?? 0
                switch item.size {
                case .fixed(let v): return Column(width: v, spacing: item.spacing, alignment: item.alignment)
                case .flexible(let lo, let hi), .adaptive(let lo, let hi):
                    return Column(width: clamp(widest, lo, hi), spacing: item.spacing, alignment: item.alignment)
                }
            }
        }
        let fixed = items.reduce(0.0) { if case .fixed(let v) = $1.size { return $0 + v }; return $0 }
        let gaps = items.dropLast().reduce(0) { $0 + $1.spacing }
        let remaining = w - fixed - gaps
        let shared = items.filter { if case .fixed = $0.size { return false }; return true }.count
        let share = shared > 0 ? remaining / Double(shared) : 0
        var flexibleTotal = 0.0
        for item in items { if case .flexible(let lo, let hi) = item.size { flexibleTotal += clamp(share, lo, hi) } }
        let adaptiveCount = items.filter { if case .adaptive = $0.size { return true }; return false }.count
        let adaptiveWidth = adaptiveCount > 0 ? (remaining - flexibleTotal) / Double(adaptiveCount) : 0
        var columns: [Column] = []
        for item in items {
            switch item.size {
            case .fixed(let v): columns.append(Column(width: v, spacing: item.spacing, alignment: item.alignment))
            case .flexible(let lo, let hi):
                columns.append(Column(width: clamp(share, lo, hi), spacing: item.spacing, alignment: item.alignment))
            case .adaptive(let lo, let hi):
                let s = item.spacing
                let fitting = ((adaptiveWidth + s) / (lo + s)).rounded(.down)
                // Degenerate items (a zero minimum and spacing) still make a bounded number of columns.
                let n = fitting.isFinite ? Int(min(max(fitting, 1), 1000)) : 1
                let width = clamp((adaptiveWidth - Double(n - 1) * s) / Double(n), lo, hi)
                columns += Array(repeating: Column(width: width, spacing: s, alignment: item.alignment), count: n)
            }
        }
        return columns
    }

    struct Solution {
        var columns: [Column]
        var rowHeights: [Double]
        var size: Size
        /// Where the first column starts, after the alignment offset.
        var offset: Double
        var spacing: Double

        func columnX(_ index: Int) -> Double {
            offset + columns.prefix(index).reduce(0) { $0 + $1.width + $1.spacing }
        }
    }

    static func solve(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Solution {
        let props = props(e)
        let width = p.width.flatMap { $0.isFinite ? $0 : nil }
        let columns = columns(e, width: width, pass)
        let count = max(1, columns.count)
        let cells = e.children
        let rowCount = (cells.count + count - 1) / count
        let rowHeights = (0..<rowCount).map { row in
            (0..<count).compactMap { c -> Double? in
                let i = row * count + c
                guard i < cells.count, c < columns.count else { return nil }
                return pass.sizeThatFits(cells[i], ProposedSize(width: columns[c].width, height: nil)).height
            }.max() ?? 0
        }
        let columnsWidth = columns.reduce(0) { $0 + $1.width } + columns.dropLast().reduce(0) { $0 + $1.spacing }
        let gridWidth = width ?? columnsWidth
        let offset = max(0, gridWidth - columnsWidth) * props.alignment.horizontalFraction
        let height = rowHeights.reduce(0, +) + props.spacing * Double(max(0, rowCount - 1))
        return Solution(columns: columns, rowHeights: rowHeights, size: Size(width: gridWidth, height: height),
                        offset: offset, spacing: props.spacing)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        solve(e, p, pass).size
    }

    /// Each cell aligned in its box (column width × row height) by its column's alignment,
    /// else the grid's.
    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let s = solve(e, proposal, pass)
        let alignment = props(e).alignment
        guard !s.columns.isEmpty else { return }
        var y = frame.y
        for (row, height) in s.rowHeights.enumerated() {
            for (c, column) in s.columns.enumerated() {
                let i = row * s.columns.count + c
                guard i < e.children.count else { break }
                let cp = ProposedSize(width: column.width, height: nil)
                let size = pass.sizeThatFits(e.children[i], cp)
                let box = Rect(x: frame.x + s.columnX(c), y: y, width: column.width, height: height)
                pass.place(e.children[i], at: aligned(size, in: box, column.alignment ?? alignment), proposal: cp)
            }
            y += height + s.spacing
        }
    }
}

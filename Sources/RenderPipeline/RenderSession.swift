import Dispatch
import Drawing
import LayoutEngine
import LayoutModel
import SVGExport
import TextMeasure

/// One commit's tree in one environment: what a frame is laid out and painted from.
public struct Scene: Sendable {
    /// The stream's name as messages give it: the path, or `<stdin>`.
    public var file: String
    public var commit: OpStream.Commit
    public var tree: ElementTree
    public var environment: RenderEnvironment

    /// The scene's layout, texts measured by `measurer` (a command that only lays out needs
    /// no `Screenshotter`).
    public func layout(measuredBy measurer: some TextMeasuring) -> LayoutResult {
        LayoutPass.run(tree: tree, environment: environment, measurer: measurer)
    }
}

/// A scene laid out and painted: everything the pipeline makes of one commit in one
/// environment before it becomes an image.
public struct Frame: Sendable {
    public var scene: Scene
    public var layout: LayoutResult
    public var displayList: DisplayList
    /// What painting warned about (validating's warnings are the session's).
    public var warnings: [String]

    public var commit: OpStream.Commit { scene.commit }
    public var tree: ElementTree { scene.tree }
    public var environment: RenderEnvironment { scene.environment }
    /// The frame's layout report: `shotter layout`'s JSON and the `layout` format's golden.
    public var report: LayoutReport { LayoutReport(tree: tree, layout: layout, commit: commit.number) }
}

/// The one pipeline every command runs: a stream read and validated once (its commits and
/// warnings known before anything is rendered), then replayed to give each selected commit's
/// tree in each environment (`scenes`), laid out and painted by a `Screenshotter` (`frame`),
/// in parallel where a command renders many (`render`).
public struct RenderSession: Sendable {
    /// The stream's name as messages give it.
    public let file: String
    public let commits: [OpStream.Commit]
    /// What validating the whole stream warned about (an unknown kind or prop), each once.
    public let warnings: [String]
    private let stream: OpStream
    /// The tree at the last commit, which validating built: rendering only the last commit
    /// (the default) does not apply the ops a second time.
    private let lastTree: ElementTree?

    /// Loads the pinned fonts on another thread, so that the first measurer finds them ready:
    /// call it before reading the stream.
    public static func loadFontsInBackground() {
        DispatchQueue.global().async { _ = try? PangoTextMeasurer.checkFonts() }
    }

    /// For a command that draws: loads the pinned fonts and makes the first `Screenshotter`'s
    /// measurer on another thread, with the body font of `environment` set up and, once the
    /// stream is read (`forDrawing(file:bytes:warmingFontsFor:)`), the fonts its texts likely
    /// use (`MeasurerWarming`). Call it before reading the stream.
    public static func warmMeasurerInBackground(for environment: RenderEnvironment?) {
        guard let environment else { return loadFontsInBackground() }
        MeasurerWarming.start(first: OpStream.bodyFont(in: environment))
    }

    /// Reads a stream for a command that draws, starting to load librsvg and gdk-pixbuf on
    /// another thread when it has a kind that may draw a symbol or a picture: before reading
    /// when its bytes name one (`OpStream.namesKindThatMayDrawPictures`), else once read
    /// (`OpStream.mayDrawPictures`). Either way before the stream is validated: the loader holds
    /// a lock that Pango's first fonts wait for (they start threads), so the libraries are best
    /// loaded while the ops are applied. A stream of texts, stacks and shapes never loads them.
    public static func streamForDrawing(file: String, bytes: [UInt8]) throws(InputError) -> OpStream {
        let named = OpStream.namesKindThatMayDrawPictures(bytes)
        if named { IconLibrary.loadLibrariesInBackground() }
        let stream = try OpStream(file: file, bytes: bytes)
        if !named && stream.mayDrawPictures { IconLibrary.loadLibrariesInBackground() }
        return stream
    }

    /// Reads and validates a stream as `init(file:bytes:)` does, for a command that draws
    /// (`streamForDrawing`). With `environment`, the measurer `warmMeasurerInBackground` makes
    /// sets up the fonts the stream's texts likely use in it while the stream is validated
    /// (`OpStream.likelyFonts`).
    public static func forDrawing(file: String, bytes: [UInt8], warmingFontsFor environment: RenderEnvironment? = nil) throws(InputError) -> RenderSession {
        let stream = try streamForDrawing(file: file, bytes: bytes)
        if let environment { MeasurerWarming.setUp { stream.likelyFonts(in: environment, limit: warmedFonts) } }
        return try RenderSession(stream: stream)
    }

    /// How many fonts warming sets up at most: about as many as it has time for while a
    /// large screen is validated.
    static let warmedFonts = 8

    /// Reads and validates a stream: any bad op is an error here, before anything is written.
    public init(file: String, bytes: [UInt8]) throws(InputError) {
        try self.init(stream: OpStream(file: file, bytes: bytes))
    }

    public init(stream: OpStream) throws(InputError) {
        let (commits, warnings, last) = try stream.validateKeepingLastTree()
        self.file = stream.file
        self.stream = stream
        self.commits = commits
        self.warnings = warnings
        self.lastTree = last
    }

    /// The commits a selection names, in its order, or an input error when the stream lacks them.
    public func select(_ selection: CommitSelection) throws(InputError) -> [OpStream.Commit] {
        guard let last = commits.last else {
            throw InputError(file: file, line: 0, message: "the stream has no commit: nothing to render")
        }
        switch selection {
        case .last: return [last]
        case .all: return commits
        case .numbers(let numbers):
            return try numbers.map { (n: Int) throws(InputError) -> OpStream.Commit in
                guard n <= commits.count else {
                    throw InputError(file: file, line: 0, message: "commit \(n) does not exist: the stream has \(commits.count) commit\(commits.count == 1 ? "" : "s")")
                }
                return commits[n - 1]
            }
        }
    }

    /// How many scenes `scenes(options)` gives: the stream's own color scheme replaces the
    /// default one, so the count is known before replaying.
    public func sceneCount(_ options: RenderOptions) throws(InputError) -> Int {
        Set(try select(options.commits).map(\.number)).count * options.environments.count
    }

    /// Each of `commits`' trees in every environment `environments` gives for it, in stream
    /// order. Replays only as far as the last commit wanted, and not at all when that is the
    /// stream's last commit alone. Throws what `body` throws.
    public func scenes(of commits: [OpStream.Commit], in environments: (ElementTree) -> [RenderEnvironment],
                       _ body: (Scene) throws -> Void) throws {
        let wanted = Set(commits.map(\.number))
        func visit(_ commit: OpStream.Commit, _ tree: ElementTree) throws {
            for environment in environments(tree) {
                try body(Scene(file: file, commit: commit, tree: tree, environment: environment))
            }
        }
        if let lastTree, let last = self.commits.last, wanted == [last.number] {
            return try visit(last, lastTree)
        }
        guard let lastWanted = wanted.max() else { return }
        struct Done: Error {}
        do {
            try stream.replay { commit, tree in
                if wanted.contains(commit.number) { try visit(commit, tree) }
                if commit.number >= lastWanted { throw Done() }
            }
        } catch is Done {}
    }

    /// The scenes `options` select. `note` hears, once, that schemes given override the one
    /// the stream asks for.
    public func scenes(_ options: RenderOptions, note: (String) -> Void = { _ in },
                       _ body: (Scene) throws -> Void) throws {
        var noted = false
        try scenes(of: try select(options.commits), in: { tree in
            if options.schemesGiven, !noted, let asked = RenderOptions.scheme(askedBy: tree) {
                note("the stream asks for the \(asked.rawValue) color scheme; --scheme overrides it")
                noted = true
            }
            return options.environments(for: tree)
        }, body)
    }

    /// What a command warns about before rendering with `options`: the asset catalog's skipped
    /// entries, then validating's warnings.
    public func warnings(for options: RenderOptions) -> [String] {
        options.catalog.warnings + warnings
    }

    /// Painting's warnings from frames given in output order, each once and none that
    /// validating already gave: what a command prints after validating's.
    public func paintingWarnings(_ frames: [[String]]) -> [String] {
        var seen = Set(warnings)
        return frames.joined().filter { seen.insert($0).inserted }
    }
}

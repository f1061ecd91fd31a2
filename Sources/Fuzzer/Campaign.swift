import Foundation

/// A fixed number of cases from one seed, run `jobs` at a time. Bounded by the case count,
/// never by time, so the same seed finds the same failures on any machine.
public struct Campaign: Sendable {
    public var mutator: Mutator
    public var runner: CaseRunner
    public var seed: UInt64
    public var cases: Int
    public var jobs: Int

    public init(mutator: Mutator, runner: CaseRunner, seed: UInt64, cases: Int, jobs: Int) {
        self.mutator = mutator; self.runner = runner; self.seed = seed; self.cases = cases; self.jobs = jobs
    }

    public struct Failure: Sendable {
        public var fuzzCase: FuzzCase
        public var verdict: Verdict
    }

    public struct Result: Sendable {
        public var counts: [Outcome: Int]
        /// In case order.
        public var failures: [Failure]
        public var seconds: Double
        public var casesPerSecond: Double { seconds > 0 ? Double(counts.values.reduce(0, +)) / seconds : 0 }
    }

    /// Runs every case; `progress` is called with the number done, from any thread.
    public func run(progress: (@Sendable (Int) -> Void)? = nil) -> Result {
        let state = SharedState()
        let start = Date()
        // Threads, not concurrentPerform: a job mostly waits for its child, so more jobs than
        // cores can pay off, and concurrentPerform would cap them at the core count.
        let finished = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            finished.enter()
            Thread { [self] in
                var launcher = runner.makeLauncher()
                while let index = state.nextIndex(below: cases) {
                    let fuzzCase = mutator.makeCase(seed: seed, index: index)
                    let verdict = runner.run(fuzzCase.text, with: &launcher)
                    let done = state.record(verdict, of: fuzzCase)  // not inside `progress?(...)`: nil skips it
                    progress?(done)
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        let (counts, failures) = state.results()
        return Result(counts: counts, failures: failures, seconds: Date().timeIntervalSince(start))
    }

    /// Shrinks the first failure of each kind (`Verdict.signature`), at most `limit` of them.
    public func minimizedFailures(_ failures: [Failure], limit: Int, budget: Int) -> [Failure] {
        var seen: Set<String> = []
        var result: [Failure] = []
        for failure in failures where result.count < limit && seen.insert(failure.verdict.signature).inserted {
            var smaller = failure
            (smaller.fuzzCase.lines, smaller.verdict) = Self.shrink(failure.fuzzCase.lines, failing: failure.verdict,
                                                                    runner: runner, budget: budget)
            result.append(smaller)
        }
        return result
    }

    /// The smallest case found that still fails with `verdict`'s outcome, and its verdict
    /// (the case as given when shrinking lost the failure). A hang gets a tenth of the budget.
    public static func shrink(_ lines: [String], failing verdict: Verdict, runner: CaseRunner,
                              budget: Int) -> ([String], Verdict) {
        var launcher = runner.makeLauncher()
        var minimizer = Minimizer(budget: verdict.outcome == .hang ? budget / 10 : budget) { lines in
            runner.run(lines.joined(separator: "\n") + "\n", with: &launcher).outcome == verdict.outcome
        }
        let smaller = minimizer.minimize(lines)
        let check = runner.run(smaller.joined(separator: "\n") + "\n", with: &launcher)
        return check.outcome == verdict.outcome ? (smaller, check) : (lines, verdict)
    }

    /// Writes a failure as `OUTCOME-COMMAND-HASH.jsonl`; the same minimized case gets the same name.
    @discardableResult
    public static func save(_ failure: Failure, in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = failure.fuzzCase.text
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: stable across runs, unlike `hashValue`
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let name = "\(failure.verdict.outcome.rawValue)-\(failure.verdict.command)-\(String(hash, radix: 16).suffix(8)).jsonl"
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}

/// The campaign's counter and results, shared by its worker threads.
private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var counts: [Outcome: Int] = [:]
    private var failures: [(Int, Campaign.Failure)] = []

    func nextIndex(below limit: Int) -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Counts the outcome, keeps the case when it failed, and returns how many cases are done.
    func record(_ verdict: Verdict, of fuzzCase: FuzzCase) -> Int {
        lock.withLock {
            counts[verdict.outcome, default: 0] += 1
            if verdict.outcome.isFailure { failures.append((fuzzCase.index, Campaign.Failure(fuzzCase: fuzzCase, verdict: verdict))) }
            done += 1
            return done
        }
    }

    func results() -> ([Outcome: Int], [Campaign.Failure]) {
        lock.withLock { (counts, failures.sorted { $0.0 < $1.0 }.map(\.1)) }
    }
}

import Foundation
import Fuzzer

/// `shotter-fuzz`: the seeded mutation fuzzer (docs/decisions.md, "Fuzzer").
let usage = """
    usage: shotter-fuzz run [--cases N] [--seed S] [--jobs J] [--save DIR] [--shotter PATH] [--repository DIR]
           shotter-fuzz case --index I [--seed S] [--repository DIR]    print one case
           shotter-fuzz emit --cases N -o DIR [--seed S] [--repository DIR]
           shotter-fuzz replay FILE... [--shotter PATH]                 run saved cases
           shotter-fuzz shrink FILE... [--shotter PATH]                 shrink failing cases in place

    run: N cases (default 1000) of seed S (default 1), J at a time (default 2), each through
    `shotter render` (PNG + SVG, scale 1) and `shotter layout` with a 10 s limit. Prints the
    outcome counts and cases per second; shrinks the first failure of each kind and saves it in
    DIR (with --save). Exits 1 when any case crashed, hung, left partial output or printed a bad
    message.
    """

struct Options {
    var command: String
    var values: [String: String] = [:]
    var files: [String] = []

    init(_ argv: [String]) throws {
        guard let first = argv.first else { throw Failure(message: usage) }
        command = first
        var rest = argv.dropFirst()
        while let arg = rest.popFirst() {
            if arg.hasPrefix("-") {
                guard let value = rest.popFirst() else { throw Failure(message: "\(arg) needs a value") }
                values[arg == "-o" ? "--output" : arg] = value
            } else {
                files.append(arg)
            }
        }
    }

    func number(_ name: String, default value: Int) throws -> Int {
        guard let text = values[name] else { return value }
        guard let n = Int(text), n >= 0 else { throw Failure(message: "\(name) takes a whole number") }
        return n
    }
}

struct Failure: Error { var message: String }

/// A saved case's text; a file that cannot be read is a one-line error naming it, not a trap.
func readCase(_ file: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: file) else {
        throw Failure(message: FileManager.default.fileExists(atPath: file) ? "\(file): cannot read" : "\(file): no such file")
    }
    return String(decoding: data, as: UTF8.self)
}

let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

func mutator(_ options: Options) throws -> Mutator {
    let repository = options.values["--repository"].map { URL(fileURLWithPath: $0) } ?? here
    let seeds = Corpus.load(repository: repository)
    guard !seeds.isEmpty else { throw Failure(message: "no seed streams under \(repository.path)/Examples") }
    return Mutator(seeds: seeds)
}

/// The `shotter` next to this binary, unless --shotter names one.
func runner(_ options: Options) -> CaseRunner {
    let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shotter").path
    return CaseRunner(binary: options.values["--shotter"] ?? sibling)
}

func describe(_ verdict: Verdict) -> String {
    "\(verdict.outcome.rawValue) (\(verdict.command))" + (verdict.detail.isEmpty ? "" : ": \(verdict.detail.prefix(300))")
}

func main() throws -> Int32 {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let seed = UInt64(try options.number("--seed", default: 1))
    switch options.command {
    case "case":
        guard options.values["--index"] != nil else { throw Failure(message: "case needs --index") }
        print(try mutator(options).makeCase(seed: seed, index: try options.number("--index", default: 0)).text, terminator: "")
    case "emit":
        guard let output = options.values["--output"] else { throw Failure(message: "emit needs -o DIR") }
        let mutator = try mutator(options)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for index in 0..<(try options.number("--cases", default: 1000)) {
            let fuzzCase = mutator.makeCase(seed: seed, index: index)
            try Data(fuzzCase.text.utf8).write(to: URL(fileURLWithPath: "\(output)/\(fuzzCase.name).jsonl"))
        }
    case "shrink":
        guard !options.files.isEmpty else { throw Failure(message: "shrink needs FILE...") }
        let runner = runner(options)
        for file in options.files {
            let lines = try readCase(file).split(separator: "\n").map(String.init)
            let verdict = runner.run(lines.joined(separator: "\n") + "\n")
            guard verdict.outcome.isFailure else { print("\(file): \(describe(verdict)), nothing to shrink"); continue }
            let (smaller, check) = Campaign.shrink(lines, failing: verdict, runner: runner, budget: 400)
            try Data((smaller.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
            print("\(file): \(lines.count) -> \(smaller.count) lines: \(describe(check))")
        }
    case "replay":
        guard !options.files.isEmpty else { throw Failure(message: "replay needs FILE...") }
        let runner = runner(options)
        var failed = false
        for file in options.files {
            let verdict = runner.run(try readCase(file))
            failed = failed || verdict.outcome.isFailure
            print("\(file): \(describe(verdict))")
        }
        return failed ? 1 : 0
    case "run":
        let campaign = Campaign(mutator: try mutator(options), runner: runner(options), seed: seed,
                                cases: try options.number("--cases", default: 1000), jobs: max(1, try options.number("--jobs", default: 2)))
        let total = campaign.cases
        let result = campaign.run { done in
            if done % 500 == 0 || done == total { FileHandle.standardError.write(Data("\(done)/\(total) cases\n".utf8)) }
        }
        print(String(format: "%d cases in %.1f s: %.1f cases/s (seed %llu, %d jobs)", total, result.seconds,
                     result.casesPerSecond, seed, campaign.jobs))
        for outcome in Outcome.allCases { print("  \(outcome.rawValue): \(result.counts[outcome] ?? 0)") }
        for failure in result.failures.prefix(20) {
            print("\(failure.fuzzCase.name) [\(failure.fuzzCase.source); \(failure.fuzzCase.mutations.map(\.rawValue).joined(separator: ", "))]: \(describe(failure.verdict))")
        }
        if let directory = options.values["--save"], !result.failures.isEmpty {
            for failure in campaign.minimizedFailures(result.failures, limit: 8, budget: 400) {
                // Saved cases are test fixtures: one that stayed large is reported, not kept.
                guard failure.fuzzCase.text.utf8.count <= 16_384 else {
                    print("not saved (\(failure.fuzzCase.text.utf8.count / 1024) KiB after shrinking; rebuild it with "
                          + "`shotter-fuzz case --seed \(seed) --index \(failure.fuzzCase.index)`): \(describe(failure.verdict))")
                    continue
                }
                let url = try Campaign.save(failure, in: URL(fileURLWithPath: directory))
                print("saved \(url.path) (\(failure.fuzzCase.lines.count) lines): \(describe(failure.verdict))")
            }
        }
        return result.failures.isEmpty ? 0 : 1
    default:
        throw Failure(message: usage)
    }
    return 0
}

do {
    exit(try main())
} catch let failure as Failure {
    FileHandle.standardError.write(Data("shotter-fuzz: \(failure.message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("shotter-fuzz: \(error.localizedDescription)\n".utf8))
    exit(2)
}

import SnapshotRunner

/// A small command-line parser: positionals, `--flag`, `--option value` and `--option=value`.
/// Anything it does not know is a usage error (exit 2) with a one-line hint.
struct UsageError: Error {
    var message: String
    var command: String
}

struct Arguments {
    let command: String
    private(set) var positionals: [String] = []
    /// Every value of each option, in order: the last counts, but for a repeatable option's (`--assets`).
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// `valueOptions` take a value; `flagOptions` do not. Short aliases map to long names.
    init(command: String, _ args: [String], valueOptions: Set<String>, flagOptions: Set<String> = [],
         aliases: [String: String] = [:]) throws(UsageError) {
        self.command = command
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "-" || !arg.hasPrefix("-") { positionals.append(arg); continue }
            var name = arg
            var inlineValue: String? = nil
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            name = aliases[name] ?? name
            if flagOptions.contains(name) {
                if inlineValue != nil { throw UsageError(message: "\(name) takes no value", command: command) }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                if let inlineValue { options[name, default: []].append(inlineValue); continue }
                guard i < args.count else { throw UsageError(message: "\(name) needs a value", command: command) }
                options[name, default: []].append(args[i])
                i += 1
            } else {
                throw UsageError(message: "unknown option \(arg)", command: command)
            }
        }
    }

    func value(_ name: String) -> String? { options[name]?.last }
    /// Every value an option was given, in order.
    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The value of an option naming an output directory: empty or the file-system root is a
    /// usage error, not the working directory or `/`.
    func outputDirectory(_ name: String) throws(UsageError) -> String? {
        guard let path = value(name) else { return nil }
        if let problem = OutputPaths.problem(withDirectory: path) { throw fail("\(name) \(problem): give a directory of its own") }
        return path
    }

    /// The value of an option naming an output file, which cannot be empty.
    func outputFile(_ name: String) throws(UsageError) -> String? {
        guard let path = value(name) else { return nil }
        if path.isEmpty { throw fail("\(name) is empty: give a file path") }
        return path
    }

    func has(_ name: String) -> Bool { flags.contains(name) }
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: command) }
}

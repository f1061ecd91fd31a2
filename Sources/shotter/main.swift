import Foundation
import LayoutEngine
import SnapshotRunner
import TextMeasure

/// Entry point: picks the subcommand, maps errors to exit statuses
/// (0 success, 1 input or comparison failure, 2 usage).
func run(_ argv: [String]) -> Int32 {
    guard let command = argv.first else {
        print(Help.main)
        return 2
    }
    let rest = Array(argv.dropFirst())
    do {
        switch command {
        case "render": return try RenderCommand.run(rest)
        case "layout": return try LayoutCommand.run(rest)
        case "events": return try EventsCommand.run(rest)
        case "diff": return try DiffCommand.run(rest)
        case "test": return try TestCommand.run(rest)
        case "--help", "-h", "help":
            print(Help.main)
            return 0
        default:
            throw UsageError(message: "unknown command \"\(command)\"", command: "")
        }
    } catch let error as UsageError {
        let hint = error.command.isEmpty ? "shotter --help" : "shotter \(error.command) --help"
        printError("shotter: \(error.message) (see `\(hint)`)")
        return 2
    } catch let error as InputError {
        printError(error.description)
        return 1
    } catch let error as WriteError {
        printError(error.description)
        return 1
    } catch {
        printError("shotter: \(error)")
        return 1
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reads INPUT: a path, or `-` for standard input.
func readInput(_ path: String) throws(InputError) -> (name: String, bytes: [UInt8]) {
    if path == "-" {
        return ("<stdin>", [UInt8](FileHandle.standardInput.readDataToEndOfFile()))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        throw InputError(file: path, line: 0, message: exists ? (isDirectory.boolValue ? "is a directory" : "cannot be read")
                                                              : "no such file")
    }
    return (path, [UInt8](data))
}

/// Layout and painting recurse once per nesting level; a large stack keeps the deepest tree a
/// stream may hold (`ElementTree.maxDepth`) far from overflowing, in debug builds too.
nonisolated(unsafe) var status: Int32 = 0
let finished = DispatchSemaphore(value: 0)
let worker = Thread {
    status = run(Array(CommandLine.arguments.dropFirst()))
    finished.signal()
}
worker.stackSize = 1 << 29
worker.start()
finished.wait()
exit(status)

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import LayoutEngine
import SnapshotRunner
import LayoutModel

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
        case "sheet": return try SheetCommand.run(rest)
        case "report": return try ReportCommand.run(rest)
        case "accept": return try AcceptCommand.run(rest)
        case "audit": return try AuditCommand.run(rest)
        case "fuzz-server": return FuzzServer.serve()
        case "--help", "-h", "help":
            print(Help.main)
            return 0
        default:
            throw UsageError(message: "unknown command \(MessageText.quoted(command))", command: "")
        }
    } catch let error as UsageError {
        let hint = error.command.isEmpty ? "shotter --help" : "shotter \(error.command) --help"
        printError("shotter: \(error.message) (see `\(hint)`)")
        return 2
    } catch let error as InputError {
        printError(error.description)
        return 1
    } catch let error as ResultsError {
        printError(error.message)
        return 1
    } catch let error as WriteError {
        printError(error.description)
        return 1
    } catch {
        printError("shotter: \(error)")
        return 1
    }
}

/// One line on standard error; control characters in it (from file names, flags, stream
/// values) are escaped so that it cannot move the cursor or forge more lines.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((MessageText.escaped(message) + "\n").utf8))
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

/// Screens at 3x are 9-12 MB buffers (Cairo surfaces, pixels, PNG rows), allocated and freed
/// for every snapshot. Above glibc's mmap threshold each one goes back to the system when
/// freed and costs its page faults again when the next is allocated: 280,000 faults and a sixth
/// of the CPU time of `shotter test` over 100 phone screens. Kept in the heap, they are reused.
#if canImport(Glibc)
/// glibc's `mallopt`; Swift's Glibc module leaves out <malloc.h>, which declares it.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1 // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
_ = mallopt(mmapThreshold, 32 << 20)
_ = mallopt(trimThreshold, 512 << 20)
#endif

/// Layout and painting recurse once per nesting level: the command runs on a thread with the
/// stack the deepest tree a stream may hold needs (`ElementTree.threadStackSize`).
func runOnCommandThread(_ argv: [String]) -> Int32 {
    nonisolated(unsafe) var status: Int32 = 0
    let finished = DispatchSemaphore(value: 0)
    let worker = Thread {
        status = run(argv)
        finished.signal()
    }
    worker.stackSize = ElementTree.threadStackSize
    worker.start()
    finished.wait()
    return status
}

let status = runOnCommandThread(Array(CommandLine.arguments.dropFirst()))
// Output that could not be written (`> /dev/full`, a full disk) is a failure, not a success.
if fflush(stdout) != 0 || ferror(stdout) != 0 {
    printError("shotter: cannot write to standard output: \(String(cString: strerror(errno)))")
    exit(status == 0 ? 1 : status)
}
exit(status)

import Foundation
import ImageDiff
import RenderPipeline

extension Arguments {
    /// Parses the command line, taking the flags of `settings` (parsed by `OptionParser`, the
    /// parser `shotter.json` shares) besides the command's own.
    init(command: String, _ args: [String], settings: [Setting], valueOptions: Set<String> = [], flagOptions: Set<String> = [],
         aliases: [String: String] = [:]) throws(UsageError) {
        try self.init(command: command, args,
                      valueOptions: valueOptions.union(settings.filter { !$0.isSwitch }.map(\.flag)),
                      flagOptions: flagOptions.union(settings.filter(\.isSwitch).map(\.flag)).union(settings.compactMap(\.shorthand?.flag)),
                      aliases: aliases)
    }

    /// The values the flags of `settings` give; `single` are those the command takes one value of.
    func optionValues(_ settings: [Setting], single: Set<Setting> = []) throws(UsageError) -> OptionValues {
        do {
            return try OptionParser.values(flags: settings, single: single, given: values, isSet: has)
        } catch {
            throw fail(error.message)
        }
    }

    /// `--jobs N`: render threads, 1 to 256; the number of cores by default.
    func jobs() throws(UsageError) -> Int {
        guard let value = value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let n = Int(value), n >= 1, n <= 256 else { throw fail("--jobs takes a number from 1 to 256") }
        return n
    }

    /// `--max-pixels N`: the most pixels one image may have (`PixelLimit`).
    func pixelLimit() throws(UsageError) -> PixelLimit {
        guard let value = value("--max-pixels") else { return PixelLimit() }
        guard let n = Int(value), n >= 1 else { throw fail("--max-pixels takes a whole number of pixels from 1") }
        return PixelLimit(maxPixels: n)
    }
}

/// Prints what the pipeline notes (a `--scheme` that overrides the stream's own).
func printNote(_ message: String) {
    printError("note: \(message)")
}

import LayoutEngine

/// Accepted findings (`--write-baseline`, `--baseline`): keyed by check, stream and a selector
/// that survives re-recording, each with an optional `reason` a person writes in the file.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var check: String
        public var stream: String
        public var selector: String
        public var part: String?
        public var related: String?
        public var fingerprint: String
        public var reason: String?

        var json: JSON {
            var fields: [String: JSON] = ["check": .string(check), "stream": .string(stream), "selector": .string(selector),
                                          "fingerprint": .string(fingerprint)]
            if let part { fields["part"] = .string(part) }
            if let related { fields["related"] = .string(related) }
            if let reason { fields["reason"] = .string(reason) }
            return .object(fields)
        }
    }

    public var entries: [Entry]

    /// The findings as a baseline, keeping the reason `previous` gave an entry with the same
    /// fingerprint.
    public init(findings: [Finding], keepingReasonsFrom previous: Baseline? = nil) {
        let reasons = Dictionary((previous?.entries ?? []).compactMap { e in e.reason.map { (e.fingerprint, $0) } },
                                 uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        entries = findings.compactMap { f in
            guard seen.insert(f.fingerprint).inserted else { return nil }
            return Entry(check: f.check.rawValue, stream: f.stream, selector: f.element.selector, part: f.part,
                         related: f.related?.selector, fingerprint: f.fingerprint, reason: reasons[f.fingerprint])
        }
    }

    /// One entry per line, so a reviewer's diff shows each accepted finding.
    public var serialized: String {
        "{\"version\":1,\"findings\":[\n" + entries.map { $0.json.serialized() }.joined(separator: ",\n") + "\n]}\n"
    }


    /// Reads a baseline file; a finding without `fingerprint` has it recomputed from its keys.
    public init(file: String, bytes: [UInt8]) throws(InputError) {
        var parser = JSONParser(bytes)
        let document: JSON
        do { document = try parser.parseDocument() } catch {
            throw InputError(file: file, line: error.line, message: error.message)
        }
        guard case .array(let items) = document["findings"] ?? .null else {
            throw InputError(file: file, line: 1, message: "a baseline is an object with a \"findings\" array")
        }
        entries = []
        for (i, item) in items.enumerated() {
            func string(_ key: String) -> String? {
                if case .string(let s) = item[key] ?? .null { return s }
                return nil
            }
            guard let check = string("check"), let stream = string("stream"), let selector = string("selector") else {
                throw InputError(file: file, line: 1, message: "finding \(i + 1) needs \"check\", \"stream\" and \"selector\" strings")
            }
            let fingerprint = string("fingerprint") ?? Finding.fingerprint(check: check, stream: stream, selector: selector,
                                                                              part: string("part"), related: string("related"))
            entries.append(Entry(check: check, stream: stream, selector: selector, part: string("part"),
                                 related: string("related"), fingerprint: fingerprint, reason: string("reason")))
        }
    }
}

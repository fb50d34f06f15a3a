import CYAML
import Dispatch
import Foundation
import Synchronization

/// Parses YAML text into `YAMLNode`s that know their positions. The only file that touches libyaml.
package struct YAMLReader: Sendable {
    /// The file name used in locations and messages.
    package var file: String
    /// Where the text read starts in the file: the 0-based line, and the characters before it as libyaml
    /// counts them (for a part of a file cut at the start of a line).
    var origin = (line: 0, character: 0)

    /// Creates a reader whose diagnostics name `file`.
    package init(file: String) {
        self.file = file
    }

    /// Parses one YAML document; nil when the text holds no document (empty or only comments).
    ///
    /// Aliases are expanded within a budget (so a small file cannot grow into millions of nodes);
    /// duplicate keys, a second document, unknown aliases and tags, syntax errors and invalid UTF-8
    /// are reported as diagnostics with positions.
    package func read(_ bytes: [UInt8]) throws(DiagnosticError) -> YAMLNode? {
        // On one core the two threads would only take turns. Two threads: Benchmarks/run.sh 10000, site.yml read ~8 ms
        // sooner; callgrind --separate-threads, generate_site.py 10000: 324M instructions of libyaml off the main thread.
        try read(bytes, pipelineFrom: Self.pipelineStart)
    }

    /// From how many bytes on `read(_:)` parses on two threads: `pipelineThreshold` when there are several cores.
    static var pipelineStart: Int {
        ProcessInfo.processInfo.activeProcessorCount > 1 ? pipelineThreshold : .max
    }

    /// From this many bytes on (a site of some thousands of accounts), libyaml parses on one core
    /// while the tree is built from its events on another.
    static let pipelineThreshold = 256 << 10

    /// `read(_:)`, parsing and building the tree on two threads when `bytes` has at least `pipelineFrom`
    /// bytes, however many cores there are (so tests can force either path: 0 or `.max`).
    func read(_ bytes: [UInt8], pipelineFrom threshold: Int) throws(DiagnosticError) -> YAMLNode? {
        if bytes.isEmpty { return nil }
        let builder = bytes.withUnsafeBufferPointer { build($0, pipelineFrom: threshold, aliasBudget: Self.aliasBudget(forByteCount: bytes.count)) }
        try builder.diagnostics.throwIfErrors()
        return builder.root
    }

    /// The tree builder after reading `buffer` (not empty), with libyaml's failure among its diagnostics;
    /// positions are counted from `origin` (so that a part of a file is read with the file's positions), and its depth from
    /// `outerDepth` (the lists and maps around that part in the file).
    func build(_ buffer: UnsafeBufferPointer<UInt8>, pipelineFrom threshold: Int, aliasBudget: Int, outerDepth: Int = 0) -> YAMLTreeBuilder {
        var builder = YAMLTreeBuilder(file: file, aliasBudget: aliasBudget, outerDepth: outerDepth)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            builder.diagnostics.add(Diagnostic(at: location(0, 0), "out of memory while starting the YAML parser"))
            return builder
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        let failure: Diagnostic? = {
            if buffer.count >= threshold { return readPipelined(buffer, parser: &parser, into: &builder) }
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return parserFailure(parser, bytes: buffer)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let stop = builder.consume(makeEvent(event)) { return stop }
            }
        }()
        if let failure { builder.diagnostics.add(failure) }
        return builder
    }

    /// Runs libyaml on another thread, which hands over its events in batches, while this thread
    /// builds the tree; returns what the sequential loop would: the builder's stop, or libyaml's failure.
    private func readPipelined(_ buffer: UnsafeBufferPointer<UInt8>, parser: inout yaml_parser_t,
                               into builder: inout YAMLTreeBuilder) -> Diagnostic? {
        // Large batches: each hand-over can wake a waiting thread, which costs more than parsing a few events
        // (with events moved, not copied: callgrind at 10,000 accounts, builder thread 221M -> 160M instructions).
        let batchSize = 4096
        let queue = Mutex<(batches: [[YAMLEvent]], finished: Bool, failure: Diagnostic?)>(([], false, nil))
        let available = DispatchSemaphore(value: 0)
        let space = DispatchSemaphore(value: 8)
        let stop = Atomic<Bool>(false)
        return withUnsafeMutablePointer(to: &parser) { pointer in
            nonisolated(unsafe) let parser = pointer
            nonisolated(unsafe) let buffer = buffer
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                var batch: [YAMLEvent] = []
                batch.reserveCapacity(batchSize)
                var failure: Diagnostic?
                var event = yaml_event_t()
                while !stop.load(ordering: .relaxed) {
                    guard yaml_parser_parse(parser, &event) == 1 else {
                        failure = parserFailure(parser.pointee, bytes: buffer)
                        break
                    }
                    let isEnd = event.type == YAML_STREAM_END_EVENT
                    if !isEnd { batch.append(makeEvent(event)) }
                    yaml_event_delete(&event)
                    if isEnd { break }
                    if batch.count == batchSize {
                        space.wait()
                        queue.withLock { $0.batches.append(batch) }
                        available.signal()
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                space.wait()
                queue.withLock { [batch, failure] in
                    $0.batches.append(batch)
                    $0.finished = true
                    $0.failure = failure
                }
                available.signal()
                done.signal()
            }
            var stopped: Diagnostic?
            while true {
                available.wait()
                var (events, last, failure) = queue.withLock { queue in
                    let events = queue.batches.removeFirst()
                    return (events, queue.finished && queue.batches.isEmpty, queue.failure)
                }
                space.signal()
                if stopped == nil {
                    stopped = Self.consumeMoving(&events, into: &builder)
                    if stopped != nil { stop.store(true, ordering: .relaxed) }
                }
                if last {
                    // The parser is used by the other thread until it has handed over its last batch.
                    done.wait()
                    return stopped ?? failure
                }
            }
        }
    }

    /// Feeds `events` to `builder` in order, moving each one out of the array instead of copying it
    /// (a slot left behind holds a payload-free event); returns the builder's stop, if any.
    private static func consumeMoving(_ events: inout [YAMLEvent], into builder: inout YAMLTreeBuilder) -> Diagnostic? {
        events.withUnsafeMutableBufferPointer { buffer -> Diagnostic? in
            guard let base = buffer.baseAddress else { return nil }
            for index in 0..<buffer.count {
                let event = (base + index).move()
                (base + index).initialize(to: .other)
                if let stop = builder.consume(event) { return stop }
            }
            return nil
        }
    }

    /// The plain values of the given top-level keys, read without building a tree (for the no-op
    /// check, which only needs to know where the templates and the output are). Nil on any error.
    package func topLevelValues(_ bytes: [UInt8], keys: Set<String>) -> [String: String]? {
        if bytes.isEmpty { return [:] }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer -> [String: String]? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            var depth = 0
            var expectingKey = true
            var pendingKey: String?
            var values: [String: String] = [:]
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return values
                case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    if depth == 1 { expectingKey = true; pendingKey = nil }
                    depth += 1
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    depth -= 1
                case YAML_SCALAR_EVENT where depth == 1:
                    let scalar = event.data.scalar
                    let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                    if expectingKey {
                        pendingKey = keys.contains(text) ? text : nil
                    } else if let key = pendingKey {
                        values[key] = text
                    }
                    expectingKey.toggle()
                case YAML_ALIAS_EVENT where depth == 1:
                    expectingKey.toggle()
                default:
                    break
                }
            }
        }
    }

    /// How many nodes aliases may add in a file of this size: generous for real files,
    /// far below what an alias bomb needs.
    package static func aliasBudget(forByteCount count: Int) -> Int {
        min(2_000_000, 50_000 + 4 * count)
    }
}

private extension YAMLReader {
    /// Copies what the tree builder needs out of a libyaml event.
    func makeEvent(_ event: yaml_event_t) -> YAMLEvent {
        let at = location(Int(event.start_mark.line), Int(event.start_mark.column))
        func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            let start = event.data.document_start
            return .documentStart(at, marked: start.implicit == 0,
                                  directives: start.version_directive != nil || start.tag_directives.start != start.tag_directives.end)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd(marked: event.data.document_end.implicit == 0)
        case YAML_ALIAS_EVENT:
            return .alias(text(event.data.alias.anchor) ?? "", at)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            return .scalar(value, style: Self.style(scalar.style), start: origin.character + Int(event.start_mark.index),
                           anchor: text(scalar.anchor), tag: text(scalar.tag), at)
        case YAML_SEQUENCE_START_EVENT:
            return .sequenceStart(anchor: text(event.data.sequence_start.anchor), tag: text(event.data.sequence_start.tag), at)
        case YAML_MAPPING_START_EVENT:
            return .mappingStart(anchor: text(event.data.mapping_start.anchor), tag: text(event.data.mapping_start.tag), at)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return .collectionEnd
        default:
            return .other
        }
    }

    static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: origin.line + line + 1, column: column + 1)
    }

    /// Turns libyaml's error into a diagnostic worded for people.
    func parserFailure(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.context.map { String(cString: $0) }
        if parser.error == YAML_READER_ERROR {
            var offset = parser.problem_offset
            if problem.contains("trailing") {
                // libyaml points at the bad trailing byte; people need the start of the broken character.
                var back = offset
                while back > 0, offset - back < 3, bytes[back - 1] & 0x80 != 0 {
                    back -= 1
                    if bytes[back] & 0xC0 == 0xC0 {
                        offset = back
                        break
                    }
                }
            }
            let at = SourceText(Array(bytes), file: file).location(of: offset)
            if problem.contains("UTF-8") || problem.contains("Unicode") {
                let byte = offset < bytes.count ? bytes[offset] : 0
                return Diagnostic(at: at, "the file is not valid UTF-8 (\(problem) 0x\(String(byte, radix: 16, uppercase: true)))",
                                  hint: "save the file with UTF-8 encoding")
            }
            if problem.contains("control characters") {
                let scalar = String(parser.problem_value, radix: 16, uppercase: true)
                return Diagnostic(at: at, "control character U+\(String(repeating: "0", count: max(0, 4 - scalar.count)))\(scalar) is not allowed in YAML",
                                  hint: "remove it, or write it as an escape such as \"\\t\" inside double quotes")
            }
            return Diagnostic(at: at, "cannot read the file: \(problem)")
        }
        let mark = parser.problem_mark
        let at = location(Int(mark.line), Int(mark.column))
        let contextAt = location(Int(parser.context_mark.line), Int(parser.context_mark.column))
        let source = SourceText(Array(bytes), file: file)
        // libyaml points after the `\u`; people need the whole escape, from its backslash.
        if problem == YAMLSyntaxMessages.invalidCodePointProblem,
           let escape = Self.unicodeEscape(before: Int(mark.column), atLine: Int(mark.line) + 1, in: source) {
            return YAMLSyntaxMessages.invalidCodePoint(escape.text, value: escape.value, at: location(Int(mark.line), escape.column))
        }
        let character = Self.character(atLine: Int(mark.line) + 1, column: Int(mark.column), in: source)
        return YAMLSyntaxMessages.diagnostic(problem: problem, context: context, at: at, contextAt: contextAt, character: character)
    }

    /// The `\uXXXX` or `\UXXXXXXXX` escape whose hex digits start at 0-based `column` (in characters) of
    /// the 1-based `line`: its text, the value it stands for and the 0-based column of its backslash.
    static func unicodeEscape(before column: Int, atLine line: Int, in text: SourceText) -> (text: String, value: UInt32, column: Int)? {
        guard column >= 2, let range = text.range(ofLine: line) else { return nil }
        let scalars = Array(String(decoding: text.bytes[range], as: UTF8.self).unicodeScalars)
        guard column <= scalars.count, scalars[column - 2] == "\\", scalars[column - 1] == "u" || scalars[column - 1] == "U" else { return nil }
        let digits = scalars[column...].prefix(scalars[column - 1] == "u" ? 4 : 8).prefix { $0.properties.isASCIIHexDigit }
        guard let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else { return nil }
        return (String(String.UnicodeScalarView(scalars[(column - 2)..<(column + digits.count)])), value, column - 2)
    }

    /// The character at a 1-based `line` and 0-based `column` (in characters, as libyaml counts), for messages about it.
    static func character(atLine line: Int, column: Int, in text: SourceText) -> Character? {
        guard let range = text.range(ofLine: line) else { return nil }
        let scalars = String(decoding: text.bytes[range], as: UTF8.self).unicodeScalars
        guard column >= 0, let index = scalars.index(scalars.startIndex, offsetBy: column, limitedBy: scalars.endIndex),
              index < scalars.endIndex else { return nil }
        return Character(scalars[index])
    }
}

import Foundation

/// Finds JSON in an answer: a fenced ```json block, the whole answer, or the first balanced
/// `{…}`/`[…]` inside chatter. Models often add trailing commas, which are repaired.
package enum JSONExtraction {
    /// The first JSON object or array found, as `JSONSerialization` values.
    package static func extract(_ text: String) -> Any? {
        let text = TextCleanup.stripThinking(text)
        // Fences need ``` or ~~~, JSON needs { or [: most text answers have neither.
        let fenced = text.contains(exactly: "```") || text.contains(exactly: "~~~") ? fencedBlocks(text) : []
        for candidate in fenced + [text] {
            if let value = decode(candidate) { return value }
        }
        guard text.contains(exactly: "{") || text.contains(exactly: "[") else { return nil }
        return firstBalanced(in: text)
    }

    /// Whether a `{` in the text could begin a JSON object: followed, after JSON's white space,
    /// by `"`, `}` or `,` (a trailing comma is repaired). A cloze answer's `{{c1::…}}` cannot;
    /// trying each of its braces was most of parsing it (`primer-bench overhead`). On the bytes:
    /// every Character `{` is the byte, so no object the Characters hold is missed.
    private static func mayHoldObject(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "{") else { continue }
                var next = index + 1
                while next < bytes.count, isJSONSpace(bytes[next]) { next += 1 }
                if next < bytes.count, [UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: ",")].contains(bytes[next]) { return true }
            }
            return false
        }
    }

    /// JSON's white space: space, tab, line feed, carriage return.
    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the Character after `start` (past JSON's white space) can follow a `{` that
    /// begins an object; a `[` may begin an array with anything.
    private static func mayBegin(_ chars: [Character], at start: Int) -> Bool {
        guard chars[start] == "{" else { return true }
        var next = start + 1
        while next < chars.count, [" ", "\t", "\n", "\r", "\r\n"].contains(chars[next]) { next += 1 }
        // A Character of more than one scalar (a quote with a combining mark joined to it) is
        // left to the decoder: its first scalar may be the quote a key begins with.
        return next < chars.count && (chars[next].unicodeScalars.count > 1 || ["\"", "}", ","].contains(chars[next]))
    }

    private static func decode(_ text: String) -> Any? {
        let trimmed = LineSyntax.trim(text)
        guard trimmed.hasPrefix("{") || trimmed.hasPrefix("[") else { return nil }
        // The repaired text only when the answer as written does not parse.
        return parse(trimmed) ?? parse(removingTrailingCommas(trimmed))
    }

    private static func parse(_ attempt: String) -> Any? {
        if let data = attempt.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data),
            value is [Any] || value is [String: Any]
        {
            return value
        }
        return nil
    }

    private static func removingTrailingCommas(_ text: String) -> String {
        guard text.contains(exactly: ",") else { return text }
        return text.replacing(trailingComma) { $0.output.1 }
    }

    private static func fencedBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in TextCleanup.splitLines(text) {
            if TextCleanup.isFence(line) {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Tries each `{` or `[` as the start of a balanced value, skipping brackets inside
    /// strings. Bounded so a long answer full of brackets stays cheap.
    /// `everyStart` tries every `{` as the rule is written (`ParsingHelperTests` holds the two
    /// equal); else a `{` no object can begin is passed over, and a text with none is not read.
    package static func firstBalanced(in text: String, everyStart: Bool = false) -> Any? {
        guard everyStart || text.contains(exactly: "[") || mayHoldObject(text) else { return nil }
        let chars = Array(text)
        var attempts = 0
        for start in chars.indices where chars[start] == "{" || chars[start] == "[" {
            attempts += 1
            if attempts > 40 { return nil }
            // A `{` no object can begin is no candidate (its decoding would fail), still counted.
            guard everyStart || mayBegin(chars, at: start), let end = balancedEnd(chars, from: start) else { continue }
            if let value = decode(String(chars[start...end])) { return value }
        }
        return nil
    }

    private static func balancedEnd(_ chars: [Character], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<chars.count {
            let char = chars[index]
            if inString {
                if escaped { escaped = false } else if char == "\\" { escaped = true } else if char == "\"" { inString = false }
                continue
            }
            switch char {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

/// Tolerant access to decoded JSON: keys match ignoring case, `_`, `-` and spaces, so
/// `correct_index`, `correctIndex` and `Correct Index` are the same key.
package enum JSONAccess {
    package static func normalize(_ key: String) -> String {
        key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
    }

    package static func value(_ object: [String: Any], _ keys: [String]) -> Any? {
        for key in keys {
            let wanted = normalize(key)
            if let match = object.first(where: { normalize($0.key) == wanted }) { return match.value }
        }
        return nil
    }

    /// A string field; numbers are accepted and written out, since models sometimes emit them.
    package static func string(_ object: [String: Any], _ keys: [String]) -> String? {
        switch value(object, keys) {
        case let text as String: LineSyntax.trim(text)
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    /// The list of items: the value itself when it is an array, else the array under one of
    /// the container keys, else the only array in the object (one level of nesting is
    /// searched, for `{"quiz": {"questions": […]}}`).
    package static func items(_ json: Any, containers: [String]) -> [Any]? {
        if let array = json as? [Any] { return array }
        guard let object = json as? [String: Any] else { return nil }
        if let array = value(object, containers) as? [Any] { return array }
        let arrays = object.values.compactMap { $0 as? [Any] }
        if arrays.count == 1 { return arrays[0] }
        for nested in object.values.compactMap({ $0 as? [String: Any] }) {
            if let array = items(nested, containers: containers) { return array }
        }
        return nil
    }
}

// Built once: a regex literal is compiled each time it is evaluated.
nonisolated(unsafe) private let trailingComma = /,(\s*[}\]])/

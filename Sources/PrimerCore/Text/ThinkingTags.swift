/// The `<think>`, `</think>`, `<thinking>` and `</thinking>` tags of an answer (ASCII case
/// ignored), found in one pass over its UTF-8 bytes.
///
/// Reasoning models wrap their reasoning in these tags, and a hostile or broken answer can hold
/// thousands of them; removing them one search-and-remove at a time from the start of the text
/// cost seconds per attempt (quadratic). Everything here is linear in the answer's length.
public struct ThinkingTag: Equatable, Sendable {
    public enum Name: Sendable { case think, thinking }
    public var name: Name
    public var isClosing: Bool
    /// Byte offsets of the whole tag in the text's UTF-8.
    public var range: Range<Int>

    /// The tags of `bytes`, in order.
    public static func all(in bytes: [UInt8]) -> [ThinkingTag] {
        var tags: [ThinkingTag] = []
        var i = 0
        while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            if let tag = tag(in: bytes, at: open) {
                tags.append(tag)
                i = tag.range.upperBound
            } else {
                i = open + 1
            }
        }
        return tags
    }

    /// The tag starting at `start` (a "<"), if there is one.
    private static func tag(in bytes: [UInt8], at start: Int) -> ThinkingTag? {
        var i = start + 1
        let isClosing = i < bytes.count && bytes[i] == UInt8(ascii: "/")
        if isClosing { i += 1 }
        guard matches(bytes, at: i, "think") else { return nil }
        i += 5
        if matches(bytes, at: i, ">") { return ThinkingTag(name: .think, isClosing: isClosing, range: start..<(i + 1)) }
        if matches(bytes, at: i, "ing>") { return ThinkingTag(name: .thinking, isClosing: isClosing, range: start..<(i + 4)) }
        return nil
    }

    /// Whether `word` (lowercase ASCII) is at `offset`, ignoring ASCII case.
    private static func matches(_ bytes: [UInt8], at offset: Int, _ word: StaticString) -> Bool {
        guard offset + word.utf8CodeUnitCount <= bytes.count else { return false }
        let pointer = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            var byte = bytes[offset + k]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != pointer[k] { return false }
        }
        return true
    }
}

/// Removing reasoning blocks in one pass over the tags.
public enum ThinkingBlocks {
    /// Drops every `<think>…</think>` (or `<thinking>`) block. A closing tag outside a block
    /// means the chat template opened the block, so everything before it is dropped (what was
    /// kept so far too); an opening tag never closed means the answer was cut off while
    /// thinking, so the rest is dropped. An opening tag inside a block is part of the block.
    public static func removeAll(from text: String) -> String {
        let bytes = Array(text.utf8)
        let tags = ThinkingTag.all(in: bytes)
        guard !tags.isEmpty else { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var segmentStart = 0
        var inside = false
        for tag in tags {
            switch (inside, tag.isClosing) {
            case (false, true):
                kept.removeAll(keepingCapacity: true)
                segmentStart = tag.range.upperBound
            case (false, false):
                kept += bytes[segmentStart..<tag.range.lowerBound]
                inside = true
            case (true, true):
                inside = false
                segmentStart = tag.range.upperBound
            case (true, false):
                break
            }
        }
        if !inside { kept += bytes[segmentStart...] }
        return String(decoding: kept, as: UTF8.self)
    }
}

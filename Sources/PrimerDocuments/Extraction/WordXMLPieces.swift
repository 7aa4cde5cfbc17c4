import Foundation

/// Cuts a large word/document.xml into well-formed pieces that XMLParser can read.
///
/// On Linux, Foundation's XMLParser feeds libxml2's push parser, which keeps everything it has
/// read and stops with "Huge input lookup" (XML_ERR_INTERNAL_ERROR) past 10,000,000 bytes
/// unless XML_PARSE_HUGE is set, and XMLParser offers no way to set it. So a document.xml of
/// more than about 10 MB failed as "not well-formed". Each piece here is the document's opening
/// (XML declaration, root and `<w:body>` start tags, with their namespaces), a run of whole
/// body children (paragraphs, tables), and closing tags: read one after the other with the
/// same delegate, they give the paragraphs of the whole document.
enum WordXMLPieces {
    /// Documents up to this size are parsed whole; larger ones in pieces of about this size,
    /// well under `parserLimit`.
    static let pieceBytes = 6_000_000
    /// Bytes libxml2's push parser reads before it stops ("Huge input lookup").
    static let parserLimit = 10_000_000

    /// The pieces, or nil when the document is small enough to parse whole or its structure is
    /// not the expected root › body › children (then it is parsed whole, and any error is
    /// libxml2's). A piece is larger than `pieceBytes` only when one body child is.
    static func split(_ xml: Data, pieceBytes: Int = pieceBytes) -> [Data]? {
        guard xml.count > pieceBytes else { return nil }
        return xml.withUnsafeBytes { raw -> [Data]? in
            guard let outline = BodyOutline(raw.bindMemory(to: UInt8.self)) else { return nil }
            let prefix = xml.subdata(in: 0..<outline.bodyContentStart)
            let closers = Data("</\(outline.bodyName)></\(outline.rootName)>".utf8)
            var pieces: [Data] = []
            var start = outline.bodyContentStart
            var lastCut = start
            for cut in outline.childEnds + [outline.bodyContentEnd] {
                if cut - start > pieceBytes && lastCut > start {
                    pieces.append(prefix + xml.subdata(in: start..<lastCut) + closers)
                    start = lastCut
                }
                lastCut = cut
            }
            pieces.append(prefix + xml.subdata(in: start..<xml.count))
            return pieces
        }
    }
}

/// Where the body's content starts and ends and where each of its children ends, found by
/// reading the tags (comments, CDATA, processing instructions and quoted attribute values are
/// skipped, so a ">" or "<" inside them does not count).
private struct BodyOutline {
    var rootName = ""
    var bodyName = ""
    /// Just after the `<w:body …>` start tag.
    var bodyContentStart = 0
    /// At the `</w:body>` end tag.
    var bodyContentEnd = 0
    /// Just after each child of the body.
    var childEnds: [Int] = []

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        var depth = 0
        var inBody = false
        var i = 0
        let n = bytes.count
        func find(_ needle: String, from start: Int) -> Int? {
            let needle = Array(needle.utf8)
            var j = start
            while j + needle.count <= n {
                guard let k = Self.index(of: needle[0], in: bytes, from: j) else { return nil }
                if k + needle.count <= n && (0..<needle.count).allSatisfy({ bytes[k + $0] == needle[$0] }) { return k }
                j = k + 1
            }
            return nil
        }
        func hasPrefix(_ text: String, at offset: Int) -> Bool {
            let text = Array(text.utf8)
            return offset + text.count <= n && (0..<text.count).allSatisfy { bytes[offset + $0] == text[$0] }
        }
        while let open = Self.index(of: lt, in: bytes, from: i) {
            guard open + 1 < n else { return nil }
            let next = bytes[open + 1]
            if next == UInt8(ascii: "!") {
                if hasPrefix("<!--", at: open) {
                    guard let end = find("-->", from: open + 4) else { return nil }
                    i = end + 3
                } else if hasPrefix("<![CDATA[", at: open) {
                    guard let end = find("]]>", from: open + 9) else { return nil }
                    i = end + 3
                } else {
                    // A DOCTYPE; Word never writes one, and an internal subset could declare entities.
                    return nil
                }
            } else if next == UInt8(ascii: "?") {
                guard let end = find("?>", from: open + 2) else { return nil }
                i = end + 2
            } else {
                // A start, end or empty-element tag: up to the ">" outside quoted values.
                var j = open + 1
                var quote: UInt8? = nil
                while j < n {
                    let byte = bytes[j]
                    if let q = quote {
                        if byte == q { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == gt {
                        break
                    }
                    j += 1
                }
                guard j < n else { return nil }
                let isEnd = next == slash
                let isEmpty = !isEnd && bytes[j - 1] == slash
                let after = j + 1
                if isEnd {
                    depth -= 1
                    if inBody && depth == 1 {
                        bodyContentEnd = open
                        return
                    }
                    if inBody && depth == 2 { childEnds.append(after) }
                } else if isEmpty {
                    if inBody && depth == 2 { childEnds.append(after) }
                } else {
                    depth += 1
                    let name = Self.name(bytes, from: open + 1, to: j)
                    if depth == 1 { rootName = name }
                    if depth == 2 && !inBody && (name == "body" || name.hasSuffix(":body")) {
                        bodyName = name
                        bodyContentStart = after
                        inBody = true
                    }
                }
                guard depth >= 0 else { return nil }
                i = after
            }
        }
        return nil
    }

    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The element name of a start tag: up to whitespace, "/" or the end of the tag.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var k = start
        while k < end, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/")].contains(bytes[k]) { k += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<k]), as: UTF8.self)
    }
}

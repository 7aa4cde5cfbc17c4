import Foundation

/// Cuts a document into passages along its structure: a passage never crosses a heading,
/// keeps the path of headings above it, small paragraphs of one section are packed together
/// up to the size limit, and a section too long for one passage is cut at paragraph
/// boundaries (then lines, sentences, words when a single paragraph is too long).
public enum PassageSplitter {
    public static func split(_ doc: ExtractedDocument, maxCharacters: Int = 1200) -> [Passage] {
        let limit = max(80, maxCharacters)
        let sections = DocumentSections.read(doc, headings: true)
        var passages = passages(from: sections, doc: doc, limit: limit)
        if passages.isEmpty {
            // Nothing but headings: keep them as text rather than returning nothing.
            passages = self.passages(from: DocumentSections.read(doc, headings: false), doc: doc, limit: limit)
        }
        locate(&passages, in: doc.text)
        return passages
    }

    /// Finds each passage in the document's text, in order: from its first line to the end of
    /// its last, searching after the previous passage (the provenance of what it grounds).
    static func locate(_ passages: inout [Passage], in text: String) {
        var cursor = text.startIndex
        var offset = 0  // characters from the start to `cursor`
        for index in passages.indices {
            let lines = passages[index].text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let first = lines.first, let last = lines.last,
                let start = text.range(of: first, range: cursor..<text.endIndex),
                let end = text.range(of: last, range: start.lowerBound..<text.endIndex)
            else { continue }
            let lower = offset + text.distance(from: cursor, to: start.lowerBound)
            let upper = lower + text.distance(from: start.lowerBound, to: end.upperBound)
            passages[index].characters = lower..<upper
            offset = lower
            cursor = start.lowerBound
        }
    }

    private static func passages(from sections: [DocumentSections.Section], doc: ExtractedDocument, limit: Int) -> [Passage] {
        var result: [Passage] = []
        for section in sections {
            var pieces: [(text: String, page: Int?)] = []
            for paragraph in section.paragraphs {
                for piece in TextPacking.cut(paragraph.text, limit: limit) {
                    pieces.append((piece, paragraph.page))
                }
            }
            var current: [(text: String, page: Int?)] = []
            var length = 0
            func flush() {
                guard !current.isEmpty else { return }
                let pages = current.compactMap(\.page)
                result.append(Passage(
                    documentName: doc.name, documentHash: doc.contentHash, ordinal: result.count,
                    headingPath: section.headingPath,
                    pages: pages.min().map { $0...(pages.max() ?? $0) },
                    text: current.map(\.text).joined(separator: "\n\n")))
                current = []
                length = 0
            }
            for piece in pieces {
                let added = (current.isEmpty ? 0 : 2) + piece.text.count
                if !current.isEmpty && length + added > limit { flush() }
                length += current.isEmpty ? piece.text.count : added
                current.append(piece)
            }
            flush()
        }
        return result
    }
}

/// Cuts text that is longer than a limit into pieces at the largest boundary that works:
/// lines, then sentences, then words, then characters.
enum TextPacking {
    static func cut(_ text: String, limit: Int) -> [String] {
        guard text.count > limit else { return [text] }
        let lines = text.split(separator: "\n").map(String.init)
        if lines.count > 1 {
            return pack(lines.flatMap { cut($0, limit: limit) }, separator: "\n", limit: limit)
        }
        let sentences = sentences(of: text)
        if sentences.count > 1 {
            return pack(sentences.flatMap { cut($0, limit: limit) }, separator: " ", limit: limit)
        }
        let words = text.split(separator: " ").map(String.init)
        if words.count > 1 {
            return pack(words.flatMap { cut($0, limit: limit) }, separator: " ", limit: limit)
        }
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(limit)))
            rest = rest.dropFirst(limit)
        }
        return pieces
    }

    /// Joins consecutive pieces while they fit in the limit.
    static func pack(_ pieces: [String], separator: String, limit: Int) -> [String] {
        var result: [String] = []
        var current = ""
        for piece in pieces {
            if current.isEmpty {
                current = piece
            } else if current.count + separator.count + piece.count <= limit {
                current += separator + piece
            } else {
                result.append(current)
                current = piece
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Sentences end at ".", "?" or "!" followed by a space.
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character? = nil
        for character in text {
            if character == " ", let previous, ".?!".contains(previous) {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { result.append(current) }
        return result.filter { !$0.isEmpty }
    }
}

import Foundation
import PrimerCore
import SwiftCSV

/// Anki's plain-text notes export and the anki-text Primer writes: header lines (`#separator:tab`,
/// `#html:true`, `#guid column:1`, `#notetype column:2`, `#deck column:3`, `#tags column:6`,
/// `#deck:`, `#notetype:`, `#tags:`), then one note a row, quoted CSV-style. The columns that are
/// not guid, note type, deck or tags are the note's fields in order: Front and Back, or — for a
/// Cloze note type — Text and Back Extra. Anki's cards export (`#html:false`, question and answer)
/// reads the same way.
enum AnkiTextReader {
    static func isAnkiText(_ text: String) -> Bool {
        text.hasPrefix("#separator:") || text.hasPrefix("#html:") || text.hasPrefix("#notetype") || text.hasPrefix("#deck")
            || text.hasPrefix("#tags") || text.hasPrefix("#columns:") || text.hasPrefix("#guid")
    }

    struct Headers {
        var separator: Character = "\t"
        var html = false
        var guidColumn: Int?
        var notetypeColumn: Int?
        var deckColumn: Int?
        var tagsColumn: Int?
        var notetype = "Basic"
        var deck = ""
        var tags: [String] = []
    }

    static func read(_ text: String, name: String, limits: ImportLimits) throws -> ImportedDeck {
        var headers = Headers()
        var bodyStart = text.startIndex
        var line = 1
        var headerLines = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard raw.hasPrefix("#") else { break }
            let entry = raw.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
            let parts = entry.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { try apply(parts[0].lowercased(), parts[1], to: &headers, at: "\(name):\(line)") }
            bodyStart = text.index(raw.endIndex, offsetBy: 1, limitedBy: text.endIndex) ?? text.endIndex
            line += 1
            headerLines += 1
        }
        let body = String(text[bodyStart...])
        let starts: [Int]
        do { starts = try CSVRecordLines.starts(of: body, delimiter: headers.separator) } catch {
            throw ImportError(.malformed, "\(name):\(error.line + headerLines): a quoted field is not closed; add the closing \"")
        }
        let table: CSV<Enumerated>
        do { table = try CSV<Enumerated>(string: body, delimiter: .character(headers.separator), loadColumns: false) } catch {
            throw ImportError(.malformed, "\(name) is not valid Anki text: \(error)")
        }
        let rows = body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? [] : [table.header] + table.rows
        let special = Set([headers.guidColumn, headers.notetypeColumn, headers.deckColumn, headers.tagsColumn].compactMap { $0 })
        var cards: [ImportedCard] = []
        var unreadable: [String: Int] = [:]
        for (index, cells) in rows.enumerated() {
            let location = "\(name):\((index < starts.count ? starts[index] : index + 1) + headerLines)"
            func column(_ number: Int?) -> String? { number.flatMap { $0 >= 1 && $0 <= cells.count ? cells[$0 - 1] : nil } }
            let fields = try cells.enumerated().filter { !special.contains($0.offset + 1) }.map {
                try CardText.checked(headers.html ? CardText.fromHTML($0.element) : CardText.tidy($0.element), location, limits: limits)
            }
            if fields.allSatisfy(\.isEmpty) { continue }
            let notetype = column(headers.notetypeColumn) ?? headers.notetype
            let front = fields.first ?? "", back = fields.count > 1 ? fields[1] : ""
            let content: ItemContent?
            if notetype.lowercased().contains("cloze") {
                content = ClozeText.problem(front) == nil ? .cloze(ClozeItem(text: front, extra: back)) : nil
            } else {
                content = CardText.content(front: front, back: back)
            }
            guard let content else {
                unreadable[notetype.lowercased().contains("cloze") ? "a cloze note without a deletion" : "a note with an empty front or back", default: 0] += 1
                continue
            }
            let deck = column(headers.deckColumn) ?? headers.deck
            cards.append(ImportedCard(
                deck: deck.isEmpty ? [] : deck.components(separatedBy: "::"),
                content: content, tags: headers.tags + CardText.tags(column(headers.tagsColumn) ?? "")))
            guard cards.count <= limits.cards else {
                throw ImportError(.tooLarge, "\(name) holds more than \(limits.cards) notes; split it into smaller files")
            }
        }
        return ImportedDeck(format: .ankiText, cards: cards, unreadable: unreadable)
    }

    static let separators: [String: Character] = [
        "tab": "\t", "comma": ",", "semicolon": ";", "space": " ", "pipe": "|", "colon": ":",
    ]

    static func apply(_ key: String, _ value: String, to headers: inout Headers, at location: String) throws {
        func columnNumber() throws -> Int {
            guard let number = Int(value), number >= 1 else {
                throw ImportError(.malformed, "\(location): #\(key) needs a column number from 1, not '\(value)'")
            }
            return number
        }
        switch key {
        case "separator":
            guard let separator = separators[value.lowercased()] ?? (value.count == 1 ? value.first : nil) else {
                throw ImportError(.malformed, "\(location): #separator:\(value) is not a separator; use Tab, Comma, Semicolon, Space, Pipe or Colon")
            }
            headers.separator = separator
        case "html": headers.html = value.lowercased() == "true"
        case "guid column": headers.guidColumn = try columnNumber()
        case "notetype column": headers.notetypeColumn = try columnNumber()
        case "deck column": headers.deckColumn = try columnNumber()
        case "tags column": headers.tagsColumn = try columnNumber()
        case "notetype": headers.notetype = value
        case "deck": headers.deck = value
        case "tags": headers.tags = CardText.tags(value)
        default: break  // #columns:, #if matches: and others do not change what a card holds
        }
    }
}

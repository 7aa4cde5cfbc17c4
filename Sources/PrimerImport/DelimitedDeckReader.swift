import Foundation
import PrimerCore
import SwiftCSV

/// CSV and Quizlet files: one card a row. A first row made only of column names is a header
/// (`Question,Answer`, `Front,Back,Tags`, `Term<TAB>Definition`…); without one, two columns are
/// front and back and a third is tags. A front that is a cloze note (`{{c1::…}}`) is a cloze
/// card. A header naming a Note column (`Note,Context`) makes the rows notes, not cards.
enum DelimitedDeckReader {
    enum Column: Equatable { case front, back, tags, hint, note, context }

    /// Column names, lowercased, and what they hold.
    static let columnNames: [String: Column] = [
        "front": .front, "question": .front, "term": .front, "prompt": .front, "word": .front, "text": .front,
        "back": .back, "answer": .back, "definition": .back, "meaning": .back, "response": .back, "extra": .back,
        "tags": .tags, "tag": .tags, "hint": .hint, "note": .note, "notes": .note, "context": .context,
    ]

    static func read(_ text: String, name: String, format: ImportFormat, limits: ImportLimits) throws -> ImportedDeck {
        let rows = try format == .quizlet ? quizletRows(text) : csvRows(text, name: name)
        guard let first = rows.first else {
            throw ImportError(.malformed, "\(name) has no rows; a \(format == .quizlet ? "Quizlet export" : "CSV file") holds one card a line")
        }
        let header = try self.header(first.cells, name: name)
        let columns = try header ?? positional(first.cells, name: name, format: format)
        var cards: [ImportedCard] = []
        var notes: [ImportedNote] = []
        var unreadable: [String: Int] = [:]
        for row in rows.dropFirst(header == nil ? 0 : 1) {
            func cell(_ column: Column) throws -> String {
                guard let index = columns.firstIndex(of: column), index < row.cells.count else { return "" }
                return try CardText.checked(CardText.tidy(row.cells[index]), "\(name):\(row.line)", limits: limits)
            }
            if row.cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            // A cell past the named columns is part of a field that was split (an unquoted comma).
            if row.cells.dropFirst(columns.count).contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw ImportError(
                    .malformed,
                    "\(name):\(row.line): \(row.cells.count) fields, but \(columns.count) columns; "
                        + (format == .quizlet
                            ? "a Quizlet export has one tab a line, between the term and the definition"
                            : "quote a field that holds the separator (\"1,000\")"))
            }
            if columns.contains(.note) {
                let note = try cell(.note)
                if note.isEmpty {
                    unreadable["a row without a note", default: 0] += 1
                } else {
                    notes.append(ImportedNote(note: note, context: try cell(.context)))
                }
                guard notes.count <= limits.cards else {
                    throw ImportError(.tooLarge, "\(name) holds more than \(limits.cards) notes; split it into smaller files")
                }
                continue
            }
            guard let content = CardText.content(front: try cell(.front), back: try cell(.back), hint: try cell(.hint)) else {
                unreadable["a row with an empty front or back", default: 0] += 1
                continue
            }
            cards.append(ImportedCard(content: content, tags: CardText.tags(try cell(.tags))))
            guard cards.count <= limits.cards else {
                throw ImportError(.tooLarge, "\(name) holds more than \(limits.cards) cards; split it into smaller files")
            }
        }
        return ImportedDeck(format: format, cards: cards, notes: notes, unreadable: unreadable)
    }

    /// The columns a header names; nil when the first row is a card, not a header.
    static func header(_ cells: [String], name: String) throws -> [Column?]? {
        let names = cells.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names.contains(where: { columnNames[$0] != nil }), names.allSatisfy({ $0.isEmpty || columnNames[$0] != nil }) else {
            return nil
        }
        let columns = names.map { columnNames[$0] }
        if columns.contains(.note) {
            if columns.contains(.front) || columns.contains(.back) {
                throw ImportError(.unsupported, "\(name): a file holds cards (Front,Back) or notes (Note,Context), not both; split it in two")
            }
            return columns
        }
        guard columns.contains(.front), columns.contains(.back) || columns.contains(.front) && cells.count == 1 else {
            throw ImportError(
                .unsupported,
                "\(name): the header names no \(columns.contains(.front) ? "back" : "front") column; name them Front and Back (or Question and Answer, Term and Definition)")
        }
        return columns
    }

    /// Columns by position, for a file without a header.
    static func positional(_ cells: [String], name: String, format: ImportFormat) throws -> [Column?] {
        switch cells.count {
        case 2: return [.front, .back]
        case 3 where format == .csv: return [.front, .back, .tags]
        default:
            throw ImportError(
                .unsupported,
                "\(name): the first row has \(cells.count) column\(cells.count == 1 ? "" : "s") and no header; "
                    + (format == .quizlet
                        ? "a Quizlet export has a term, a tab and a definition on each line"
                        : "add a header row naming them, such as Front,Back,Tags (or Question,Answer)"))
        }
    }

    struct Row {
        var line: Int
        var cells: [String]
    }

    /// RFC 4180 rows (SwiftCSV), comma-separated — or semicolon-separated when the first line
    /// has semicolons and no comma, as spreadsheets write CSV where the comma is the decimal mark.
    static func csvRows(_ text: String, name: String) throws -> [Row] {
        let firstLine = text.prefix { !$0.isNewline }
        let delimiter: CSVDelimiter = firstLine.contains(";") && !firstLine.contains(",") ? .semicolon : .comma
        let starts: [Int]
        do { starts = try CSVRecordLines.starts(of: text, delimiter: delimiter.rawValue) } catch {
            throw ImportError(
                .malformed,
                "\(name):\(error.line): a quoted field is not closed, so every row after it would be read as part of it; "
                    + "add the closing \" (write a quote inside a quoted field as \"\")")
        }
        let table: CSV<Enumerated>
        do { table = try CSV<Enumerated>(string: text, delimiter: delimiter, loadColumns: false) } catch {
            throw ImportError(.malformed, "\(name) is not valid CSV: \(error)")
        }
        return ([table.header] + table.rows).enumerated().map { index, cells in
            Row(line: index < starts.count ? starts[index] : index + 1, cells: cells)
        }
    }

    /// Quizlet's "Copy text" export: a term, a tab and a definition a line, without quoting (a
    /// quote is part of the text).
    static func quizletRows(_ text: String) -> [Row] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return Row(line: index + 1, cells: line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
        }
    }
}

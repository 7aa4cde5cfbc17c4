import Foundation
import GRDB
import PrimerCore

/// Reads an Anki collection (schema 11 or 18) into cards: one card a Primer item, so each keeps
/// its own review history. A normal note type's first card asks field 1 and answers field 2, any
/// later card (a reversed card) the other way round; a cloze card keeps its own deletion number as
/// the deletion and shows the others as text, with Back Extra as the extra. Reviews are the
/// revlog's answers (Again to Easy) — manual reschedules and cram reviews that did not reschedule
/// are not reviews of memory.
enum AnkiCollectionReader {
    struct NoteType {
        var name: String
        var isCloze: Bool
    }

    static func read(_ file: URL, name: String, limits: ImportLimits) throws -> ImportedDeck {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try read(db, name: name, limits: limits) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(.malformed, "\(name): its collection is not a readable Anki collection (\(error)); export it again from Anki")
        }
    }

    static func read(_ db: Database, name: String, limits: ImportLimits) throws -> ImportedDeck {
        // Tables, not views: a view can compute rows without end.
        let kinds = Dictionary(
            try Row.fetchAll(db, sql: "SELECT name, type FROM sqlite_master WHERE name IN ('notes', 'cards', 'revlog')")
                .map { ($0["name"] as String? ?? "", $0["type"] as String? ?? "") }, uniquingKeysWith: { a, _ in a })
        guard ["notes", "cards", "revlog"].allSatisfy({ kinds[$0] == "table" }) else {
            throw ImportError(.malformed, "\(name): its collection lacks Anki's notes, cards and revlog tables; export it again from Anki")
        }
        let counts = (
            notes: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes") ?? 0, reviews: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revlog") ?? 0)
        guard counts.notes <= limits.cards * 2, counts.reviews <= limits.reviews else {
            throw ImportError(
                .tooLarge, "\(name) holds \(counts.notes) notes and \(counts.reviews) reviews; Primer imports at most \(limits.cards * 2) notes "
                    + "and \(limits.reviews) reviews at once: export one deck at a time")
        }
        let modern = try db.tableExists("notetypes")
        let noteTypes = modern ? try noteTypes18(db) : try noteTypes11(db)
        let decks = modern ? try decks18(db) : try decks11(db)
        var notes: [Int64: (mid: Int64, tags: [String], fields: [String])] = [:]
        let noteRows = try Row.fetchCursor(db, sql: "SELECT id, mid, tags, flds FROM notes")
        // Columns are read as optionals: a crafted collection may hold NULLs where Anki never does.
        while let row = try noteRows.next() {
            guard let id = row["id"] as Int64?, let flds = row["flds"] as String? else { continue }
            // Checked before the HTML is read: a field of hundreds of megabytes is refused, not parsed.
            guard flds.utf8.count <= limits.fieldBytes * 16 else {
                throw ImportError(.tooLarge, "\(name): note \(id) holds \(flds.utf8.count / 1024) KB; a card's field is at most \(limits.fieldBytes / 1024) KB")
            }
            let fields = flds.components(separatedBy: "\u{1f}").map(CardText.fromHTML)
            notes[id] = (row["mid"] as Int64? ?? 0, CardText.tags(row["tags"] as String? ?? ""), fields)
        }
        var reviews: [Int64: [PastReview]] = [:]
        let reviewRows = try Row.fetchCursor(db, sql: "SELECT id, cid, ease, type, ivl, time FROM revlog ORDER BY cid, id")
        while let row = try reviewRows.next() {
            guard let ms = row["id"] as Int64?, let card = row["cid"] as Int64?, let ease = row["ease"] as Int?,
                let rating = ReviewRating(rawValue: ease), let type = row["type"] as Int?
            else { continue }
            guard type <= 2 || (type == 3 && (row["ivl"] as Int? ?? 0) != 0) else { continue }
            // Anki keeps at most a minute of answer time; a day is the most Primer records.
            let duration = min(max(0, row["time"] as Int? ?? 0), 86_400_000)
            reviews[card, default: []].append(
                PastReview(time: Date(timeIntervalSince1970: Double(ms) / 1000), rating: rating, durationMs: duration))
            if reviews[card]!.count > limits.reviewsPerCard {
                throw ImportError(.tooLarge, "\(name): card \(card) has more than \(limits.reviewsPerCard) reviews; its log is damaged")
            }
        }
        var cards: [ImportedCard] = []
        var unreadable: [String: Int] = [:]
        let cardRows = try Row.fetchCursor(db, sql: "SELECT id, nid, did, odid, ord FROM cards ORDER BY nid, ord")
        while let row = try cardRows.next() {
            guard let cardID = row["id"] as Int64?, let noteID = row["nid"] as Int64?, let ord = row["ord"] as Int?, (0..<1000).contains(ord),
                let note = notes[noteID]
            else { continue }
            let odid = row["odid"] as Int64? ?? 0, did = row["did"] as Int64? ?? 0
            let location = "\(name): note \(noteID)"
            let fields = try note.fields.map { try CardText.checked($0, location, limits: limits) }
            let type = noteTypes[note.mid] ?? NoteType(name: "?", isCloze: fields.first.map { ClozeText.problem($0) == nil } ?? false)
            let content: ItemContent?
            if type.isCloze {
                content = cloze(fields, number: ord + 1)
            } else if fields.count >= 2 {
                content = ord == 0
                    ? CardText.content(front: fields[0], back: fields[1]) : CardText.content(front: fields[1], back: fields[0])
            } else {
                content = nil
            }
            guard let content else {
                let reason = fields.contains(where: { $0.isEmpty }) || type.isCloze
                    ? "a card with only images or sound, or an empty side" : "a card of a note type with one field (\(type.name))"
                unreadable[reason, default: 0] += 1
                continue
            }
            let deck = decks[odid != 0 ? odid : did] ?? []
            cards.append(ImportedCard(deck: deck, content: content, tags: note.tags, reviews: reviews[cardID] ?? []))
            guard cards.count <= limits.cards else {
                throw ImportError(.tooLarge, "\(name) holds more than \(limits.cards) cards; export one deck at a time")
            }
        }
        return ImportedDeck(format: .apkg, cards: cards, unreadable: unreadable)
    }

    /// The cloze card of deletion `number`: that deletion kept, the others shown as their text.
    static func cloze(_ fields: [String], number: Int) -> ItemContent? {
        guard let text = fields.first, ClozeText.deletions(text).contains(where: { $0.number == number }) else { return nil }
        let own = ClozeText.replacingDeletions(text) { deletion in
            guard deletion.number == number else { return deletion.answer }
            return "{{c1::\(deletion.answer)\(deletion.hint.map { "::\($0)" } ?? "")}}"
        }
        guard ClozeText.problem(own) == nil else { return nil }
        return .cloze(ClozeItem(text: own, extra: fields.count > 1 ? fields[1] : ""))
    }

    // MARK: - Schema 11: note types and decks as JSON in `col`

    static func noteTypes11(_ db: Database) throws -> [Int64: NoteType] {
        guard let json = try String?.fetchOne(db, sql: "SELECT models FROM col") ?? nil,
            let models = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return [:] }
        var types: [Int64: NoteType] = [:]
        for (id, value) in models {
            guard let id = Int64(id), let model = value as? [String: Any] else { continue }
            types[id] = NoteType(name: model["name"] as? String ?? "?", isCloze: (model["type"] as? Int) == 1)
        }
        return types
    }

    static func decks11(_ db: Database) throws -> [Int64: [String]] {
        guard let json = try String?.fetchOne(db, sql: "SELECT decks FROM col") ?? nil,
            let decks = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { return [:] }
        var paths: [Int64: [String]] = [:]
        for (id, value) in decks {
            guard let id = Int64(id), let name = (value as? [String: Any])?["name"] as? String else { continue }
            paths[id] = deckPath(name)
        }
        return paths
    }

    // MARK: - Schema 18: tables of their own; a note type's kind is field 1 of its protobuf config

    static func noteTypes18(_ db: Database) throws -> [Int64: NoteType] {
        var types: [Int64: NoteType] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name, config FROM notetypes") {
            // A crafted collection may hold any type in any column: decoded without trapping.
            guard let id = Self.decoded(Int64.self, row, "id") else { continue }
            let config = Self.decoded(Data.self, row, "config") ?? Data()
            // NotetypeConfig { Kind kind = 1; … }: key 0x08, then the kind (0 normal, 1 cloze);
            // proto3 leaves it out when it is 0.
            let isCloze = config.count >= 2 && config[config.startIndex] == 0x08 && config[config.startIndex + 1] == 0x01
            types[id] = NoteType(name: Self.decoded(String.self, row, "name") ?? "?", isCloze: isCloze)
        }
        return types
    }

    static func decks18(_ db: Database) throws -> [Int64: [String]] {
        var paths: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM decks") {
            guard let id = Self.decoded(Int64.self, row, "id"), let name = Self.decoded(String.self, row, "name") else { continue }
            paths[id] = deckPath(name)
        }
        return paths
    }

    /// A column's value as `T`, nil when it is NULL or of another type (GRDB's subscript traps on
    /// a value it cannot convert from a copied row).
    static func decoded<T: DatabaseValueConvertible>(_ type: T.Type, _ row: Row, _ column: String) -> T? {
        guard let value = row[column] as DatabaseValue? else { return nil }
        return T.fromDatabaseValue(value)
    }

    /// `Biology::Cells` (schema 11) or `Biology\u{1f}Cells` (schema 18); Anki's `Default` deck is no place.
    static func deckPath(_ name: String) -> [String] {
        let parts = name.replacingOccurrences(of: "\u{1f}", with: "::").components(separatedBy: "::")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts == ["Default"] ? [] : parts
    }
}

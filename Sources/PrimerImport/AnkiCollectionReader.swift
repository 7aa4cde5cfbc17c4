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
        let modern = try db.tableExists("notetypes")
        let noteTypes = modern ? try noteTypes18(db) : try noteTypes11(db)
        let decks = modern ? try decks18(db) : try decks11(db)
        var notes: [Int64: (mid: Int64, tags: [String], fields: [String])] = [:]
        let noteRows = try Row.fetchCursor(db, sql: "SELECT id, mid, tags, flds FROM notes")
        while let row = try noteRows.next() {
            let fields = (row["flds"] as String).components(separatedBy: "\u{1f}").map(CardText.fromHTML)
            notes[row["id"]] = (row["mid"], CardText.tags(row["tags"]), fields)
        }
        var reviews: [Int64: [PastReview]] = [:]
        let reviewRows = try Row.fetchCursor(db, sql: "SELECT id, cid, ease, type, ivl, time FROM revlog ORDER BY cid, id")
        while let row = try reviewRows.next() {
            let type: Int = row["type"], ivl: Int = row["ivl"]
            guard let rating = ReviewRating(rawValue: row["ease"]), type <= 2 || (type == 3 && ivl != 0) else { continue }
            let ms: Int64 = row["id"]
            reviews[row["cid"], default: []].append(
                PastReview(time: Date(timeIntervalSince1970: Double(ms) / 1000), rating: rating, durationMs: max(0, row["time"] as Int)))
        }
        var cards: [ImportedCard] = []
        var unreadable: [String: Int] = [:]
        let cardRows = try Row.fetchCursor(db, sql: "SELECT id, nid, did, odid, ord FROM cards ORDER BY nid, ord")
        while let row = try cardRows.next() {
            let cardID: Int64 = row["id"], ord: Int = row["ord"], odid: Int64 = row["odid"], did: Int64 = row["did"]
            guard let note = notes[row["nid"]] else { continue }
            let location = "\(name): note \(row["nid"] as Int64)"
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
        guard let json = try String.fetchOne(db, sql: "SELECT models FROM col"),
            let models = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]]
        else { return [:] }
        var types: [Int64: NoteType] = [:]
        for (id, model) in models {
            guard let id = Int64(id) else { continue }
            types[id] = NoteType(name: model["name"] as? String ?? "?", isCloze: (model["type"] as? Int) == 1)
        }
        return types
    }

    static func decks11(_ db: Database) throws -> [Int64: [String]] {
        guard let json = try String.fetchOne(db, sql: "SELECT decks FROM col"),
            let decks = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]]
        else { return [:] }
        var paths: [Int64: [String]] = [:]
        for (id, deck) in decks {
            guard let id = Int64(id), let name = deck["name"] as? String else { continue }
            paths[id] = deckPath(name)
        }
        return paths
    }

    // MARK: - Schema 18: tables of their own; a note type's kind is field 1 of its protobuf config

    static func noteTypes18(_ db: Database) throws -> [Int64: NoteType] {
        var types: [Int64: NoteType] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name, config FROM notetypes") {
            let config = row["config"] as Data? ?? Data()
            // NotetypeConfig { Kind kind = 1; … }: key 0x08, then the kind (0 normal, 1 cloze);
            // proto3 leaves it out when it is 0.
            let isCloze = config.count >= 2 && config[config.startIndex] == 0x08 && config[config.startIndex + 1] == 0x01
            types[row["id"]] = NoteType(name: row["name"], isCloze: isCloze)
        }
        return types
    }

    static func decks18(_ db: Database) throws -> [Int64: [String]] {
        var paths: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM decks") {
            paths[row["id"]] = deckPath(row["name"])
        }
        return paths
    }

    /// `Biology::Cells` (schema 11) or `Biology\u{1f}Cells` (schema 18); Anki's `Default` deck is no place.
    static func deckPath(_ name: String) -> [String] {
        let parts = name.replacingOccurrences(of: "\u{1f}", with: "::").components(separatedBy: "::")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts == ["Default"] ? [] : parts
    }
}

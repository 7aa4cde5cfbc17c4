import Foundation
import GRDB
import PrimerCore
import ZIPFoundation

/// The .apkg export: a zip of `collection.anki2` (an SQLite collection in the legacy schema 11
/// that genanki writes and every Anki version imports) and `media` (`{}`).
///
/// - Decks: one per `Subject::Topic::Subtopic`, every parent deck (`Subject`,
///   `Subject::Topic`) and `Default` (id 1); ids derived from the deck names. A subtopic with
///   nothing to study (no flashcards, terms or questions) gets no deck.
/// - Two note types with names of their own, so they neither clash with nor alter the user's:
///   "Primer Basic" (fields Front and Back, one card, Anki's Basic templates) for pairs and
///   choice questions (see `StudyItem.ankiFront`), and "Primer Cloze" (fields Text and Back
///   Extra, Anki's Cloze templates) for cloze notes, one card per deletion number.
/// - Notes: stable guids (`StudyItem.guid`), tags `primer`, the family and the learner's, `csum`
///   of the stripped first field. Cards are new (type 0, queue 0), due in kit order — or, for
///   items the learner reviewed when `learner` has their memory, carry Anki's scheduling fields
///   (`AnkiSchedule`), the FSRS memory in `cards.data` and the review log as `revlog` rows
///   (`AnkiReviewLog`).
public enum AnkiPackageExport {
    public static let noteTypeName = "Primer Basic"
    public static var noteTypeID: Int64 { AnkiIdentity.modelID(noteTypeName) }
    public static let clozeNoteTypeName = "Primer Cloze"
    public static var clozeNoteTypeID: Int64 { AnkiIdentity.modelID(clozeNoteTypeName) }

    public static func write(_ kits: [Kit], to url: URL, now: Date, learner: LearnerRecords = LearnerRecords()) throws {
        let fileManager = FileManager.default
        let dir = fileManager.temporaryDirectory.appendingPathComponent("primer-anki-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: dir) }

        let collection = dir.appendingPathComponent("collection.anki2")
        do {
            try writeCollection(StudyItems.collect(kits), to: collection, now: now, learner: learner)
        } catch let error as DatabaseError {
            throw ExportError.packageFailed("SQLite: \(error.message ?? error.description)")
        }
        let media = dir.appendingPathComponent("media")
        try Data("{}".utf8).write(to: media)

        // Zipped next to the target, then renamed over it: see `OutputFile`.
        try OutputFile.write(to: url) { temporary in
            do {
                let archive = try Archive(url: temporary, accessMode: .create)
                try archive.addEntry(with: "collection.anki2", fileURL: collection, compressionMethod: .deflate)
                try archive.addEntry(with: "media", fileURL: media, compressionMethod: .deflate)
            } catch {
                throw ExportError.packageFailed("zip: \(error)")
            }
        }
    }

    static func writeCollection(_ items: [StudyItem], to path: URL, now: Date, learner: LearnerRecords = LearnerRecords()) throws {
        let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let nowS = nowMs / 1000
        let leafDecks = items.map(\.deckName)
        let deckNames = AnkiIdentity.decksWithParents(leafDecks)
        let modelID = noteTypeID
        let firstDeck = leafDecks.first.map(AnkiIdentity.deckID) ?? AnkiIdentity.defaultDeckID

        let created = AnkiSchema11.collectionCreated(now)
        let queue = try DatabaseQueue(path: path.path)
        try queue.write { db in
            for statement in AnkiSchema11.statements { try db.execute(sql: statement) }
            try db.execute(
                sql: "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
                arguments: [
                    created, nowMs, nowMs,
                    try AnkiSchema11.json(AnkiSchema11.conf),
                    try AnkiSchema11.json([
                        String(modelID): AnkiSchema11.basicModel(id: modelID, name: noteTypeName, deck: firstDeck, mod: nowS),
                        String(clozeNoteTypeID): AnkiSchema11.clozeModel(id: clozeNoteTypeID, name: clozeNoteTypeName, deck: firstDeck, mod: nowS),
                    ]),
                    try AnkiSchema11.json(AnkiSchema11.decks(deckNames, mod: nowS)),
                    try AnkiSchema11.json(AnkiSchema11.dconf),
                ])
            var due = 0
            var revlog = AnkiReviewLog()
            for (index, item) in items.enumerated() {
                let noteID = nowMs + Int64(index)
                let front = item.ankiFront
                let isCloze = item.shape == .cloze
                try db.execute(
                    sql: "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')",
                    arguments: [
                        noteID, item.guid, isCloze ? clozeNoteTypeID : modelID, nowS, " " + learner.tags(of: item).joined(separator: " ") + " ",
                        front + "\u{1f}" + item.ankiBack, AnkiHTML.strip(front.replacingOccurrences(of: "<br>", with: " ")),
                        AnkiIdentity.checksum(firstField: front),
                    ])
                // A cloze note has a card per deletion number. The card of ord 0 takes the note's
                // id, as a Basic card does; the others take ids above every note id.
                let ords = isCloze ? ClozeText.cardNumbers(item.front).map { $0 - 1 } : [0]
                for ord in ords {
                    due += 1
                    let cardID = ord == 0 ? noteID : nowMs + Int64(items.count) + Int64(due)
                    let memory = learner.memories[item.itemID]
                    let schedule = memory.map { AnkiSchedule($0, collectionCreated: created) } ?? AnkiSchedule(newAt: due)
                    try db.execute(
                        sql: "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)",
                        arguments: [
                            cardID, noteID, AnkiIdentity.deckID(item.deckName), ord, nowS, schedule.type, schedule.queue,
                            schedule.due, schedule.interval, schedule.factor, schedule.reps, schedule.lapses, schedule.left,
                            memory.map(AnkiReviewLog.memoryData) ?? "",
                        ])
                    // The history goes with the first card only: Anki's optimizer reads each review once.
                    if let memory, ord == ords.first, let reviews = learner.reviews[item.itemID] {
                        try revlog.insert(reviews, card: cardID, memory: memory, into: db)
                    }
                }
            }
        }
        try queue.close()
    }
}

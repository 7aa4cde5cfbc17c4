import Crypto
import Foundation
import GRDB
import PrimerCore
import PrimerExport
import Testing

@Suite struct AnkiPackageTests {
    let kits = [Fixtures.biology, Fixtures.spanish]

    func exported(at date: Date = Date(timeIntervalSince1970: 1_760_000_000)) throws -> (dir: URL, db: DatabaseQueue) {
        let dir = try Fixtures.temporaryDirectory()
        let package = dir.appendingPathComponent("kit.apkg")
        try KitExporter(exportedAt: date).export(kits, format: .apkg, to: package)
        let unzipped = try Fixtures.unzip(package)
        return (unzipped, try DatabaseQueue(path: unzipped.appendingPathComponent("collection.anki2").path))
    }

    @Test func packageHoldsCollectionAndEmptyMedia() throws {
        let (dir, db) = try exported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let media = try Data(contentsOf: dir.appendingPathComponent("media"))
        #expect(String(decoding: media, as: UTF8.self) == "{}")
        let tables = try db.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        #expect(tables == ["cards", "col", "graves", "notes", "revlog"])
        try db.close()
    }

    @Test func colRowHoldsValidJSON() throws {
        let (dir, db) = try exported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let row = try #require(try db.read { try Row.fetchOne($0, sql: "SELECT * FROM col") })
        #expect(row["ver"] as Int64 == 11)
        for column in ["conf", "models", "decks", "dconf", "tags"] {
            let text: String = row[column]
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any], "col.\(column)")
        }
        let decks = try #require(try JSONSerialization.jsonObject(with: Data((row["decks"] as String).utf8)) as? [String: [String: Any]])
        #expect(decks["1"]?["name"] as? String == "Default")
        let names = Set(decks.values.compactMap { $0["name"] as? String })
        #expect(names == [
            "Default", "Cell Biology", "Cell Biology::Cells", "Cell Biology::Cells::Membranes",
            "Cell Biology::Cells::Organelles", "Cell Biology::Genetics: basics:advanced",
            "Cell Biology::Genetics: basics:advanced::Genes", "Spanish", "Spanish::Greetings", "Spanish::Greetings::Hello",
        ])
        for (key, deck) in decks {
            let id = try #require(deck["id"] as? Int64)
            #expect(String(id) == key)
            #expect(id > 0 && id < 1 << 53)
        }
        let models = try #require(try JSONSerialization.jsonObject(with: Data((row["models"] as String).utf8)) as? [String: [String: Any]])
        #expect(models.count == 2)
        let model = try #require(models[String(AnkiPackageExport.noteTypeID)])
        #expect(model["name"] as? String == "Primer Basic")
        #expect(model["type"] as? Int == 0)
        #expect((model["flds"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Front", "Back"])
        let template = try #require((model["tmpls"] as? [[String: Any]])?.first)
        #expect(template["qfmt"] as? String == "{{Front}}")
        let cloze = try #require(models[String(AnkiPackageExport.clozeNoteTypeID)])
        #expect(cloze["name"] as? String == "Primer Cloze" && cloze["type"] as? Int == 1)
        #expect((cloze["flds"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Text", "Back Extra"])
        #expect((cloze["tmpls"] as? [[String: Any]])?.first?["qfmt"] as? String == "{{cloze:Text}}")
        try db.close()
    }

    @Test func notesAndCardsMatchTheKit() throws {
        let (dir, db) = try exported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let counts = Fixtures.counts(kits)
        let total = counts.flashcards + counts.terms + counts.questions
        try db.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") == total)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cards") == total)
            #expect(try Int.fetchOne(db, sql: "SELECT count(DISTINCT guid) FROM notes") == total)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cards WHERE nid NOT IN (SELECT id FROM notes)") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE mid != ?", arguments: [AnkiPackageExport.noteTypeID]) == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE tags = ' primer flashcards '") == counts.flashcards)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE tags = ' primer terms '") == counts.terms)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notes WHERE tags = ' primer quiz '") == counts.questions)

            for row in try Row.fetchAll(db, sql: "SELECT flds, sfld, csum FROM notes") {
                let fields = (row["flds"] as String).split(separator: "\u{1f}", omittingEmptySubsequences: false)
                #expect(fields.count == 2)
                let first = AnkiHTML.strip(String(fields[0]))
                let digest = Insecure.SHA1.hash(data: Data(first.utf8)).map { String(format: "%02x", $0) }.joined()
                #expect(row["csum"] as Int64 == Int64(digest.prefix(8), radix: 16))
            }
            let membraneDeck = AnkiIdentity.deckID("Cell Biology::Cells::Membranes")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cards WHERE did = ?", arguments: [membraneDeck]) == 4)
            let tricky = try #require(try String.fetchOne(db, sql: "SELECT flds FROM notes WHERE flds LIKE 'Tab%'"))
            #expect(tricky == "Tab\u{9}here, &lt;b&gt;not bold&lt;/b&gt; &amp; more\u{1f}Line one<br>Line two"
                .replacingOccurrences(of: "\u{9}", with: "&#9;"))
        }
        try db.close()
    }

    @Test func guidsAndIdsAreStableAcrossExports() throws {
        let first = try exported(at: Date(timeIntervalSince1970: 1_700_000_000))
        let second = try exported(at: Date(timeIntervalSince1970: 1_760_000_000))
        defer {
            try? FileManager.default.removeItem(at: first.dir)
            try? FileManager.default.removeItem(at: second.dir)
        }
        let sql = "SELECT notes.guid, cards.did, notes.mid FROM notes JOIN cards ON cards.nid = notes.id ORDER BY notes.guid"
        let a = try first.db.read { try Row.fetchAll($0, sql: sql) }
        let b = try second.db.read { try Row.fetchAll($0, sql: sql) }
        #expect(!a.isEmpty)
        #expect(a == b)
        // The same items in the text export carry the same guids.
        let textGuids = AnkiTextExport.render(kits).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: "\t")[0]) }
        #expect(textGuids.sorted() == a.map { $0["guid"] as String })
        try first.db.close()
        try second.db.close()
    }

    @Test func guidDependsOnPlaceAndFamily() {
        let items = StudyItems.collect(kits)
        let holas = items.filter { $0.front == "hola" }
        #expect(holas.count == 2)
        #expect(holas[0].guid != holas[1].guid)
        let moved = Kit(subject: KitSubject(title: "Spanish 2", kind: .language), topics: Fixtures.spanish.topics)
        #expect(StudyItems.collect([moved]).first?.guid != holas[0].guid)
        #expect(StudyItems.collect([Fixtures.spanish]).map(\.guid) == items.filter { $0.subject == "Spanish" }.map(\.guid))
        #expect(items.allSatisfy { $0.guid.count == 11 && $0.guid.allSatisfy { $0.isLetter || $0.isNumber } })
    }

    @Test func idsArePositiveAndBelow2To53() {
        for name in ["Default", "Cell Biology", "x", "Spanish::Greetings::Hello"] {
            let id = AnkiIdentity.deckID(name)
            #expect(id > 1 && id < 1 << 53)
            #expect(id == AnkiIdentity.deckID(name))
        }
        #expect(AnkiIdentity.deckID("a") != AnkiIdentity.deckID("b"))
        #expect(AnkiPackageExport.noteTypeID > 0 && AnkiPackageExport.noteTypeID < 1 << 53)
    }
}

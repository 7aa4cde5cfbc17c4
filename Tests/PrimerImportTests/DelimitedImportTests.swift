import Foundation
import PrimerCore
import Testing

@testable import PrimerImport

/// CSV, Quizlet and Anki text files as learners have them, read from real files.
@Suite struct DelimitedImportTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func pairs(_ deck: ImportedDeck) -> [[String]] {
        deck.cards.map { card in
            switch card.content {
            case .pair(let pair): [pair.front, pair.back]
            case .cloze(let cloze): [cloze.text, cloze.extra]
            default: []
            }
        }
    }

    @Test func questionAnswerCSVWithQuotesAndLineBreaks() async throws {
        let deck = try await ImportReader.read(file("qa.csv", "Question,Answer\r\n\"What is ATP?\",\"The cell's \"\"energy currency\"\"\"\r\nWhat is DNA?,\"Deoxyribo-\nnucleic acid\"\r\n"))
        #expect(deck.format == .csv)
        #expect(pairs(deck) == [["What is ATP?", "The cell's \"energy currency\""], ["What is DNA?", "Deoxyribo-\nnucleic acid"]])
        #expect(deck.cards.allSatisfy { $0.tags.isEmpty && $0.deck.isEmpty && $0.reviews.isEmpty })
    }

    @Test func frontBackTagsCSVKeepsTagsAndReadsClozeNotes() async throws {
        let deck = try await ImportReader.read(file("fbt.csv", "front,BACK,Tags\nMitosis,Cell division,cells bio\n\"{{c1::Ribosomes}} make proteins\",,\"cells, organelles\"\n,,\nOrphan,,\n"))
        #expect(pairs(deck) == [["Mitosis", "Cell division"], ["{{c1::Ribosomes}} make proteins", ""]])
        #expect(deck.cards.map(\.tags) == [["cells", "bio"], ["cells", "organelles"]])
        #expect(deck.cards[1].content.shape == .cloze)
        #expect(deck.unreadable == ["a row with an empty front or back": 1])
    }

    @Test func headerlessCSVIsFrontBackAndTagsAndSemicolonsAreDetected() async throws {
        let three = try await ImportReader.read(file("three.csv", "Osmosis,Water crossing a membrane,cells\nDiffusion,Spreading out,\n"))
        #expect(pairs(three) == [["Osmosis", "Water crossing a membrane"], ["Diffusion", "Spreading out"]])
        #expect(three.cards.map(\.tags) == [["cells"], []])
        let semicolons = try await ImportReader.read(file("semi.csv", "Question;Answer\nHund;dog, a pet\n"))
        #expect(pairs(semicolons) == [["Hund", "dog, a pet"]])
    }

    @Test func quizletExportIsTabSeparatedWithoutQuoting() async throws {
        let deck = try await ImportReader.read(file("spanish.txt", "perro\tdog\n\"gato\"\tcat (\"el gato\")\r\n\nla casa\tthe house\n"))
        #expect(deck.format == .quizlet)
        #expect(pairs(deck) == [["perro", "dog"], ["\"gato\"", "cat (\"el gato\")"], ["la casa", "the house"]])
    }

    @Test func ankiTextExportReadsHeadersDecksTagsAndHTML() async throws {
        let text = """
            #separator:tab
            #html:true
            #guid column:1
            #notetype column:2
            #deck column:3
            #tags column:6
            abc\tBasic\tBiology::Cells\tWhat is <b>ATP</b>?\tEnergy<br>currency &amp; more\tcells primer
            def\tCloze\tBiology::Cells\t{{c1::ATP}} is made by {{c2::ATP synthase}}\t\t

            """
        let deck = try await ImportReader.read(file("anki.txt", text))
        #expect(deck.format == .ankiText)
        #expect(pairs(deck) == [["What is ATP?", "Energy\ncurrency & more"], ["{{c1::ATP}} is made by {{c2::ATP synthase}}", ""]])
        #expect(deck.cards.map(\.deck) == [["Biology", "Cells"], ["Biology", "Cells"]])
        #expect(deck.cards[0].tags == ["cells", "primer"] && deck.cards[1].content.shape == .cloze)
    }

    @Test func aNoteContextFileHoldsNotesNotCards() async throws {
        let deck = try await ImportReader.read(file("notes.csv", "Note,Context\nMitochondria make ATP,Cell energy\n\"Diffusion needs no energy, only a gradient\",\n,Orphan context\n"))
        #expect(deck.cards.isEmpty)
        #expect(deck.notes == [
            ImportedNote(note: "Mitochondria make ATP", context: "Cell energy"), ImportedNote(note: "Diffusion needs no energy, only a gradient"),
        ])
        #expect(deck.unreadable == ["a row without a note": 1])
    }

    @Test func badFilesGetOneClearErrorEach() async throws {
        func error(_ url: URL, limits: ImportLimits = .standard) async -> ImportError? {
            do { _ = try await ImportReader.read(url, limits: limits); return nil } catch { return error as? ImportError }
        }
        var broken = Data("Question,Answer\nok,fine\nbad,".utf8)
        broken.append(contentsOf: [0xC3, 0x28])
        broken.append(Data("\n".utf8))
        let encoding = try #require(await error(folder.appendingPathComponent("broken.csv").writing(broken)))
        #expect(encoding.kind == .malformed && encoding.message.contains("broken.csv:3") && encoding.message.contains("UTF-8"))

        let quote = try #require(await error(file("quote.csv", "Front,Back\n\"open,never closed\nnext,row\n")))
        #expect(quote.kind == .malformed && quote.message.contains("quote.csv:2"))

        var small = ImportLimits()
        small.fieldBytes = 1024
        let huge = try #require(await error(file("huge.csv", "Front,Back\nbig," + String(repeating: "x", count: 5000) + "\n"), limits: small))
        #expect(huge.kind == .tooLarge && huge.message.contains("huge.csv:2"))

        small.cards = 3
        let many = try #require(await error(file("many.csv", (1...10).map { "q\($0),a\($0)" }.joined(separator: "\n")), limits: small))
        #expect(many.kind == .tooLarge)

        let split = try #require(await error(file("split.csv", "Question,Answer\nHow many?,1,000\n")))
        #expect(split.kind == .malformed && split.message.contains("split.csv:2") && split.message.contains("quote"))
        let wide = try #require(await error(file("wide.csv", "a,b,c,d\n")))
        #expect(wide.kind == .unsupported && wide.message.contains("Front,Back,Tags"))
        let mixed = try #require(await error(file("mixed.csv", "Front,Back,Note\na,b,c\n")))
        #expect(mixed.kind == .unsupported && mixed.message.contains("not both"))
        let word = try #require(await error(file("deck.docx", "x")))
        #expect(word.kind == .unsupported && word.message.contains(".apkg"))
        #expect(await error(folder.appendingPathComponent("missing.csv"))?.kind == .unreadable)
        let utf16 = try #require(await error(folder.appendingPathComponent("utf16.csv").writing(Data([0xFF, 0xFE, 0x41, 0x00]))))
        #expect(utf16.kind == .malformed && utf16.message.contains("UTF-16"))
    }
}

extension URL {
    func writing(_ data: Data) throws -> URL {
        try data.write(to: self)
        return self
    }
}

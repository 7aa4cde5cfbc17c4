import Foundation
import PrimerCore
import PrimerExport
import Testing
import PrimerProcess

/// Imports the exports with the real Anki library (PyPI `anki`) through
/// scripts/anki_import_check.py. These tests FAIL, never skip, when `anki` is missing.
@Suite struct AnkiImportTests {
    static let pipCommand = "python3 -m pip install anki==26.9.3"
    let kits = [Fixtures.biology, Fixtures.spanish]

    struct Report: Decodable {
        var anki_version: String
        var notes: Int
        var cards: Int
        var decks: Int
        var deck_names: [String]
        var guids: [String]
        var notetypes: [String]
        var tags: [String]
        var imports: [[String: Int]]
    }

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/anki_import_check.py")
    }

    /// Runs the check through ProcessRunner, which collects both outputs while the script runs
    /// and holds no thread of the async pool meanwhile.
    func runCheck(_ mode: String, _ files: [URL]) async throws -> Report {
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", Self.script.path, mode] + files.map(\.path),
            limits: ProcessRunner.Limits(timeout: .seconds(600)))
        let stderr = result.standardError
        if result.status == 3 {
            Issue.record("The real Anki library is needed for this test: \(Self.pipCommand). \(stderr)")
            throw CheckFailed()
        }
        guard result.status == 0 else {
            Issue.record("anki_import_check.py \(mode) exited \(result.status): \(stderr)")
            throw CheckFailed()
        }
        return try JSONDecoder().decode(Report.self, from: result.standardOutput)
    }

    struct CheckFailed: Error {}

    var expectedDecks: [String] {
        ["Default"] + AnkiIdentity.decksWithParents(StudyItems.collect(kits).map(\.deckName))
    }

    @Test func ankiImportsThePackage() async throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let package = dir.appendingPathComponent("kits.apkg")
        try KitExporter().export(kits, format: .apkg, to: package)
        let report = try await runCheck("apkg", [package])

        let counts = Fixtures.counts(kits)
        let notes = counts.flashcards + counts.terms + counts.questions
        #expect(report.notes == notes)
        #expect(report.cards == notes)
        // subtopics + their parent decks (subjects, topics) + Default
        let parents = Set(kits.flatMap { kit in [kit.subject.title] + kit.topics.map { "\(kit.subject.title)/\($0.title)" } }).count
        #expect(report.decks == counts.subtopics + parents + 1)
        #expect(report.deck_names.sorted() == expectedDecks.sorted())
        #expect(report.guids == StudyItems.collect(kits).map(\.guid).sorted())
        #expect(report.notetypes == ["Primer Basic"])
        #expect(Set(report.tags) == ["primer", "flashcards", "terms", "quiz"])
    }

    @Test func reimportingUpdatesInsteadOfDuplicating() async throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("first.apkg")
        let second = dir.appendingPathComponent("second.apkg")
        try KitExporter(exportedAt: Date(timeIntervalSince1970: 1_700_000_000)).export(kits, format: .apkg, to: first)
        try KitExporter(exportedAt: Date(timeIntervalSince1970: 1_760_000_000)).export(kits, format: .apkg, to: second)
        let report = try await runCheck("apkg", [first, second])

        let counts = Fixtures.counts(kits)
        let notes = counts.flashcards + counts.terms + counts.questions
        #expect(report.notes == notes)
        #expect(report.cards == notes)
        #expect(report.deck_names.sorted() == expectedDecks.sorted())
        #expect(report.notetypes == ["Primer Basic"])
        #expect(report.imports.count == 2)
        #expect(report.imports.first?["new"] == notes)
        #expect(report.imports.last?["new"] == 0)
        #expect(report.imports.last?["updated"] == notes)
    }

    @Test func ankiImportsTheTextFile() async throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("kits.txt")
        let again = dir.appendingPathComponent("again.txt")
        try KitExporter().export(kits, format: .ankiText, to: text)
        try KitExporter().export(kits, format: .ankiText, to: again)
        let counts = Fixtures.counts(kits)
        let notes = counts.flashcards + counts.terms + counts.questions

        let report = try await runCheck("text", [text])
        #expect(report.notes == notes)
        #expect(report.cards == notes)
        #expect(report.deck_names.sorted() == expectedDecks.sorted())
        #expect(report.guids == StudyItems.collect(kits).map(\.guid).sorted())
        #expect(report.notetypes == ["Basic"])
        #expect(Set(report.tags) == ["primer", "flashcards", "terms", "quiz"])

        let twice = try await runCheck("text", [text, again])
        #expect(twice.notes == notes)
        #expect(twice.cards == notes)
    }
}

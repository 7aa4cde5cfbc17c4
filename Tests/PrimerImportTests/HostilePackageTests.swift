import Foundation
import GRDB
import PrimerCore
import Testing
import ZIPFoundation

@testable import PrimerImport

/// .apkg files that are not what they claim: each gets one clear error, and nothing is read.
@Suite struct HostilePackageTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-apkg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func package(_ name: String, members: [(String, Data)]) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (member, data) in members {
            try archive.addEntry(with: member, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    func error(_ url: URL, limits: ImportLimits = .standard, tools: ToolLocator = ToolLocator()) async -> ImportError? {
        do { _ = try await ImportReader.read(url, limits: limits, tools: tools); return nil } catch { return error as? ImportError }
    }

    @Test func notAZipNoCollectionAndADamagedCollection() async throws {
        let text = folder.appendingPathComponent("text.apkg")
        try Data("hello".utf8).write(to: text)
        #expect(await error(text)?.kind == .malformed)
        #expect(await error(text)?.message.contains("not a zip") == true)

        let empty = try package("media-only.apkg", members: [("media", Data("{}".utf8))])
        #expect(await error(empty)?.message.contains("holds no Anki collection") == true)

        let junk = try package("junk.apkg", members: [("collection.anki2", Data(repeating: 7, count: 4096))])
        let damaged = try #require(await error(junk))
        #expect(damaged.kind == .malformed && damaged.message.contains("not a readable Anki collection"))
    }

    @Test func aCollectionThatInflatesPastTheLimitIsRefused() async throws {
        // 8 MB of zeros deflate to a few KB: the unpacked bytes are counted, not the zip's word.
        let bomb = try package("bomb.apkg", members: [("collection.anki21", Data(count: 8 * 1024 * 1024))])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: bomb.path)[.size] as? Int)
        #expect(size < 100_000)
        var limits = ImportLimits()
        limits.collectionBytes = 1024 * 1024
        let refused = try #require(await error(bomb, limits: limits))
        #expect(refused.kind == .tooLarge && refused.message.contains("more than 1 MB"))
    }

    @Test func nullsAndOddValuesInACraftedCollectionAreSkippedNotFatal() async throws {
        // Anki's columns are NOT NULL; a crafted file's need not be. One good card survives.
        let collection = folder.appendingPathComponent("collection.anki2")
        let queue = try DatabaseQueue(path: collection.path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE col (models TEXT, decks TEXT);
                CREATE TABLE notes (id INTEGER, mid INTEGER, tags TEXT, flds TEXT);
                CREATE TABLE cards (id INTEGER, nid INTEGER, did INTEGER, odid INTEGER, ord INTEGER);
                CREATE TABLE revlog (id INTEGER, cid INTEGER, ease INTEGER, type INTEGER, ivl INTEGER, time INTEGER);
                INSERT INTO col VALUES ('{"1": {"name": "Basic", "type": 0}}', '{"1": {"name": "Bio::Cells"}, "x": null}');
                INSERT INTO notes VALUES (10, 1, NULL, 'What is ATP?' || char(31) || 'Energy'), (11, NULL, NULL, NULL), (NULL, 1, 'a', 'x');
                INSERT INTO cards VALUES (100, 10, 1, NULL, 0), (101, 11, 1, 0, 0), (102, NULL, NULL, NULL, NULL), (103, 10, 1, 0, -4);
                INSERT INTO revlog VALUES (1700000000000, 100, 3, 0, 1, 5000), (1700086400000, 100, NULL, 1, 3, 5000),
                    (NULL, 100, 3, 1, 1, 0), (1700172800000, 100, 9, 1, 1, 0), (1700259200000, 100, 4, 1, 5, 99999999999);
                """)
        }
        try queue.close()
        let crafted = try package("crafted.apkg", members: [("collection.anki2", try Data(contentsOf: collection))])
        let deck = try await ImportReader.read(crafted)
        #expect(deck.cards.count == 1)
        #expect(deck.cards.first?.deck == ["Bio", "Cells"])
        #expect(deck.cards.first?.reviews.map(\.rating) == [.good, .easy])
        #expect(deck.cards.first?.reviews.last?.durationMs == 86_400_000)
    }

    @Test func aZstdCollectionNeedsZstdAndMustBeValid() async throws {
        let modern = try package("modern.apkg", members: [("collection.anki21b", Data(repeating: 1, count: 100)), ("collection.anki2", Data())])
        let missing = try #require(await error(modern, tools: ToolLocator(searchPath: [folder.path])))
        #expect(missing.kind == .toolMissing && missing.message.contains("apt install zstd"))
        let invalid = try #require(await error(modern))
        #expect(invalid.kind == .malformed && invalid.message.contains("not valid zstd"))
    }
}

import Foundation
import PrimerCore
import ZIPFoundation

/// An Anki package (`.apkg`, also a collection backup `.colpkg`): a zip holding the collection,
/// an SQLite file. Anki 2.1.50+ writes `collection.anki21b` (zstd-compressed, schema 18) next to
/// a dummy `collection.anki2` that only says "please update"; its legacy export writes
/// `collection.anki21`; older Ankis and genanki (and Primer) `collection.anki2`. The newest one
/// is read. Media are not unpacked.
enum AnkiPackageReader {
    static let members = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    static func read(_ url: URL, limits: ImportLimits, tools: ToolLocator = ToolLocator()) async throws -> ImportedDeck {
        let name = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw ImportError(.unreadable, "\(url.path) cannot be read; check the path") }
        guard size <= limits.packageBytes else {
            throw ImportError(.tooLarge, "\(name) is \(size / (1024 * 1024)) MB; an .apkg to import is at most \(limits.packageBytes / (1024 * 1024)) MB")
        }
        if let problem = ZipHeaders.problem(in: url) {
            throw ImportError(.malformed, "\(name) is a damaged package (\(problem)); export it again from Anki with File › Export")
        }
        let archive: Archive
        do { archive = try Archive(url: url, accessMode: .read) } catch {
            throw ImportError(.malformed, "\(name) is not an Anki package (not a zip archive); export it again from Anki with File › Export")
        }
        guard let member = members.first(where: { archive[$0] != nil }), let entry = archive[member] else {
            throw ImportError(.malformed, "\(name) holds no Anki collection (\(members.joined(separator: ", "))); export it again from Anki")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-import-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let packed = folder.appendingPathComponent(member)
        try unzip(entry, of: archive, to: packed, name: name, limit: limits.collectionBytes)
        var collection = packed
        if member.hasSuffix("b") {
            collection = folder.appendingPathComponent("collection.sqlite")
            try await ZstdFile.decompress(packed, to: collection, name: name, limit: limits.collectionBytes, tools: tools)
        }
        return try AnkiCollectionReader.read(collection, name: name, limits: limits)
    }

    /// Unpacks one member, counting its bytes: a crafted zip can declare a small size and still
    /// inflate to far more.
    static func unzip(_ entry: Entry, of archive: Archive, to file: URL, name: String, limit: Int) throws {
        let tooLarge = ImportError(
            .tooLarge, "\(name): its collection unpacks to more than \(limit / (1024 * 1024)) MB, which Primer does not import")
        guard entry.uncompressedSize <= UInt64(limit) else { throw tooLarge }
        struct TooLarge: Error {}
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else {
            throw ImportError(.unreadable, "cannot write a temporary file in \(file.deletingLastPathComponent().path)")
        }
        defer { try? handle.close() }
        var written = 0
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                written += chunk.count
                guard written <= limit else { throw TooLarge() }
                try handle.write(contentsOf: chunk)
            }
        } catch is TooLarge {
            throw tooLarge
        } catch {
            throw ImportError(.malformed, "\(name): its collection cannot be unpacked (a damaged zip); export it again from Anki")
        }
    }
}

import Foundation
import PrimerCore
import Testing

/// The rules every untrusted number and text goes through: checked arithmetic that refuses
/// instead of trapping, zip headers checked before the zip library reads them, and the one text
/// rule for what reaches the store.
@Suite struct UntrustedInputTests {
    @Test func productsAndConversionsRefuseInsteadOfTrapping() {
        #expect(UntrustedSize.product(0xFFFF_FFFF, 0xFFFF_FFFF, limit: 40_000_000) == nil)
        #expect(UntrustedSize.product(Int.max, 2, limit: .max) == nil)
        #expect(UntrustedSize.product(-1, 5, limit: 100) == nil)
        #expect(UntrustedSize.product(4_000, 5_000, limit: 40_000_000) == 20_000_000)
        #expect(UntrustedSize.sum(Int.max, 1) == nil)
        #expect(UntrustedSize.int(UInt64.max) == nil)
        #expect(UntrustedSize.int(UInt64(1) << 63) == nil)
        #expect(UntrustedSize.int(UInt32(70_000), limit: 65_535) == nil)
        #expect(UntrustedSize.int(Double.nan, in: 0...10) == nil)
        #expect(UntrustedSize.int(Double.infinity, in: 0...10) == nil)
        #expect(UntrustedSize.int(1e300, in: 0...Int.max) == nil)
        #expect(UntrustedSize.int(7.9, in: 0...10) == 7)
        #expect(UntrustedSize.clamp(-1, 0...8) == 0)
        #expect(UntrustedSize.clamp(99, 0...8) == 8)
    }

    @Test func zipHeadersThatPointOutsideTheFileAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ bytes: [UInt8]) throws -> URL {
            let url = folder.appendingPathComponent("\(UUID().uuidString).zip")
            try Data(bytes).write(to: url)
            return url
        }
        func le(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        // An empty zip: its end record only.
        let empty = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(0, 2)
        #expect(ZipHeaders.problem(in: try write(empty)) == nil)
        // A directory said to start far beyond the end.
        let beyond = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(46, 4) + le(0xFFFF_FFF0, 4) + le(0, 2)
        #expect(ZipHeaders.problem(in: try write(beyond))?.contains("outside the file") == true)
        // A ZIP64 record putting the directory at 2^63.
        let record = le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(1, 8) + le(1, 8) + le(46, 8) + le(1 << 63, 8)
        let locator = le(0x0706_4B50, 4) + le(0, 4) + le(0, 8) + le(1, 4)
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        #expect(ZipHeaders.problem(in: try write(record + locator + end))?.contains("outside the file") == true)
        // Not a zip at all (no end record in its last 64 KB, where every zip has one).
        #expect(ZipHeaders.problem(in: try write(Array("plain text".utf8))) == "not a zip archive")
        #expect(ZipHeaders.problem(in: try write(Array(repeating: 0x50, count: 42))) == "not a zip archive")
        // A locator whose record is not 56 bytes before it (where ZIPFoundation reads it), or a file too short for one.
        let shortLocator = le(0x0706_4B50, 4) + le(0, 4) + le(0, 8) + le(1, 4)
        #expect(ZipHeaders.problem(in: try write(shortLocator + end))?.contains("locator") == true)
        let moved = Array(repeating: UInt8(0), count: 10) + record + locator + end
        #expect(ZipHeaders.problem(in: try write(moved))?.contains("locator") == true)
    }

    @Test func storedTextRefusesControlCharactersButKeepsLineBreaks() throws {
        #expect(StoredText.problem(in: "line\none\ttab\r\n", field: "notes") == nil)
        #expect(StoredText.problem(in: "abc\u{0}def", field: "password")?.contains("U+0000 at character 4") == true)
        #expect(StoredText.problem(in: "red \u{1B}[31m", field: "name")?.contains("U+001B") == true)
        #expect(StoredText.problem(in: "a\u{85}b", field: "notes")?.contains("U+0085") == true)
        #expect(StoredText.problem(in: "Ünïcödé ✓ 中文", field: "title") == nil)
        // JSON read as the decoder reads it: every escape that stands for a control, raw C1 and DEL
        // bytes, both copies of a duplicate key, and no UTF-16; an escaped backslash is text.
        func json(_ text: String) -> String? { StoredText.problem(inJSON: Array(text.utf8)) }
        #expect(json(#"{"a":"\u0000"}"#)?.hasPrefix("a holds the control character U+0000") == true)
        #expect(json(#"{"a":"\\u0000"}"#) == nil)
        #expect(json(#"{"a":"\\\u0000"}"#) != nil)
        #expect(json(#"{"a":"plain \n text \t \" \/ \u00e9"}"#) == nil)
        #expect(json(#"{"name":"x\by"}"#)?.contains("U+0008") == true)
        #expect(json(#"{"name":"x\fy"}"#)?.contains("U+000C") == true)
        #expect(json("{\"a\":\"\u{85}\"}")?.contains("U+0085") == true)
        #expect(json("{\"a\":\"\u{7F}\"}")?.contains("U+007F") == true)
        #expect(json(#"{"name":"A\u0000","name":"Ann"}"#) != nil)
        #expect(json(#"{"items":[{"front":"ok"},{"front":"bad\u0007"}]}"#)?.hasPrefix("front holds") == true)
        #expect(StoredText.problem(inJSON: Array("{\"a\":1}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })?.contains("UTF-8") == true)
    }

    @Test func emailsAreComparedInOneForm() {
        #expect(Account.emailKey("jos\u{E9}@example.com") == Account.emailKey("jose\u{301}@EXAMPLE.com"))
        #expect(Account.emailKey("\u{FF41}na@example.com") == Account.emailKey("ana@example.com"))
        #expect(Account.emailProblem("ana@example.com\u{200B}") != nil)
        #expect(Account.emailProblem("an\u{AD}a@example.com") != nil)
        #expect(Account.emailProblem("jos\u{E9}@example.com") == nil)
        // Keys stored before (lowercased only) are recomputed; a collision keeps the older account's.
        let stored: [(id: Int64, email: String, key: String)] = [
            (1, "jose\u{301}@example.com", "jose\u{301}@example.com"), (2, "ANA@example.com", "ana@example.com"),
            (3, "jos\u{E9}@example.com", "jos\u{E9}@example.com"), (4, "\u{FF42}en@example.com", "\u{FF42}en@example.com"),
        ]
        let changes = EmailKeyMigration.changes(stored)
        #expect(changes.map(\.id) == [4], "the account already holding a key keeps it; #1 keeps its own")
        #expect(changes.last?.key == "ben@example.com")
    }
}

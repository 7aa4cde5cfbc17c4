import Testing

@testable import PrimerCore

/// Spellings that look the same are one subject.
@Suite struct SubjectTitleTests {
    static let nfc = "Caf\u{00E9}"
    static let nfd = "Cafe\u{0301}"

    @Test func lookalikeSpellingsShareOneKey() {
        let spellings = [Self.nfc, Self.nfd, "Ca\u{200B}f\u{00E9}", "\u{FEFF}Caf\u{00E9}", "  caf\u{00E9}\u{200E} ", "CAF\u{00C9}", "Caf\u{00AD}e\u{0301}"]
        // Compared as bytes: Swift's == already takes NFC and NFD to be equal; SQLite does not.
        #expect(Set(spellings.map { Array(SubjectTitle.key($0).utf8) }) == [Array("caf\u{00E9}".utf8)])
        #expect(Array(SubjectTitle.normalized(Self.nfd).utf8) == Array(Self.nfc.utf8))
        #expect(SubjectTitle.normalized("Ca\u{200B}f\u{00E9}").unicodeScalars.count == 4)
    }

    @Test func whitespaceIsCollapsed() {
        #expect(SubjectTitle.normalized("  Linear\t\tAlgebra \n I\u{00A0} ") == "Linear Algebra I")
        #expect(SubjectTitle.key("Linear  Algebra") == SubjectTitle.key("linear algebra"))
        #expect(SubjectTitle.normalized("\u{200B} \u{2060}") == "")
    }

    @Test func joinersStayInTheShownTitleButNotInTheKey() {
        let persian = "می\u{200C}خواهم"
        #expect(SubjectTitle.normalized(persian) == persian)
        #expect(Array(SubjectTitle.key(persian).utf8) == Array("میخواهم".utf8))
        #expect(SubjectTitle.normalized("Family 👨\u{200D}👩\u{200D}👧") == "Family 👨\u{200D}👩\u{200D}👧")
    }
}

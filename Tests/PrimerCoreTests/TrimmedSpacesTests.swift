import Foundation
import Testing
@testable import PrimerCore

/// `trimmedSpaces` is Foundation's `trimmingCharacters(in: .whitespaces)` without the bridge.
struct TrimmedSpacesTests {
    @Test func trimsWhatFoundationTrims() {
        let ends = ["", " ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\r", "\n", " \n ", "\u{200B}", "\u{85}", "x"]
        let middles = ["", "a", "a b", "Week 2: Coral reefs", "é", "\u{301}x", "日本 語", " \t "]
        for start in ends {
            for middle in middles {
                for end in ends {
                    let text = start + middle + end
                    #expect(text.trimmedSpaces == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
                }
            }
        }
    }
}

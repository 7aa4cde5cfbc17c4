import Foundation
import Testing

@testable import PrimerCore

/// The content rules both store engines apply, over plain values (the engines' contract tests
/// run them against SQLite and PostgreSQL).
@Suite struct ContentRulesTests {
    @Test func newItemsSkipWhatAKeptItemAsksAndGoAfterTheKeptOnes() {
        let kept = [(position: 4, content: ItemContent.pair(PairItem(front: "What is ATP?", back: "The learner's answer")))]
        let output = GeneratedOutput.pairs([
            PairItem(front: "what is ATP", back: "Energy currency"),
            PairItem(front: "What is DNA?", back: "The genome"),
            PairItem(front: "What is DNA?", back: "Said twice"),
            PairItem(front: "What is RNA?", back: "A messenger"),
        ])
        let sources = [[], [Citation(url: "https://example.org/dna", title: "DNA")], [], []]
        let items = ContentRules.newItems(of: output, after: kept, sources: sources)
        #expect(items.map(\.position) == [5, 6])
        #expect(items.map { CardFaces($0.content).front } == ["What is DNA?", "What is RNA?"])
        #expect(items[0].sources.map(\.url) == ["https://example.org/dna"] && items[1].sources.isEmpty)
        #expect(ContentRules.newItems(of: output, after: [], sources: []).first?.position == 0)
    }

    @Test func aRewriteIsLeftAloneWhenTheLeechChangedDuringTheRun() {
        let content = ItemContent.pair(PairItem(front: "Q", back: "A"))
        let leech = Leech(itemID: 7, subtopicID: 3, family: "flashcards", content: content, lapses: 4, reviews: 9)
        let same = (subtopicID: Int64(3), content: content)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: same, memory: (reps: 9, lapses: 4)) == nil)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: nil, memory: nil) == .deleted)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: (subtopicID: 8, content: content), memory: (9, 4)) == .deleted)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: (3, .pair(PairItem(front: "Q", back: "B"))), memory: (9, 4)) == .edited)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: same, memory: (reps: 10, lapses: 4)) == .rated)
        #expect(ContentRules.rewriteConflict(leech, subtopicID: 3, stored: same, memory: nil) == .rated)
    }
}

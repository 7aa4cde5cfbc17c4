import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// Which passages an item came from: the ones it shares content words with, most first.
@Suite struct PassageMatchTests {
    static let passages = [
        GroundingPassage(document: "ch05.md", heading: "Vision", text: "The retina holds rods and cones; cones see colour in bright light.", characters: 0..<66),
        GroundingPassage(document: "ch05.md", heading: "Hearing", text: "The cochlea turns sound waves into nerve signals; pitch follows frequency.", characters: 67..<140),
    ]

    @Test func eachItemKeepsThePassagesItShares() {
        let items: [ItemContent] = [
            .pair(PairItem(front: "Which cells of the retina see colour?", back: "The cones, in bright light")),
            .choice(ChoiceItem(question: "What does the cochlea turn sound waves into?", choices: ["Nerve signals", "Heat", "Smell", "Pressure"], correctIndex: 0, explanation: "")),
            .pair(PairItem(front: "What is attention?", back: "Focus on one thing")),
            .lesson("Rods and cones sit in the retina; the cochlea hears sound waves and pitch."),
        ]
        let sources = PassageMatch.sources(for: items, passages: Self.passages)
        #expect(sources[0] == [0])
        #expect(sources[1] == [1])
        #expect(sources[2].isEmpty, "an item sharing nothing with the document came from the model")
        #expect(Set(sources[3]) == [0, 1])
        let none = PassageMatch.sources(for: items, passages: [])
        #expect(none.count == items.count && none.allSatisfy { $0.isEmpty })
    }
}

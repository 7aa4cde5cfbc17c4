import Testing
@testable import PrimerCore
import PrimerRendering

/// Control characters from models, providers and titles are shown, never sent to the terminal.
struct TerminalSafeTests {
    static let hostile = "Bio\u{1B}]0;pwned\u{07}logy \u{1B}[2J\u{9B}31m"

    @Test func controlCharactersBecomeVisibleAndLayoutStays() {
        #expect(TerminalSafe.text(Self.hostile) == "Bio^[]0;pwned^Glogy ^[[2J\u{FFFD}31m")
        #expect(TerminalSafe.text("a\tb\nc") == "a\tb\nc")
        #expect(TerminalSafe.text("line\r\nnext") == "line\nnext")
        #expect(TerminalSafe.text("over\rwrite") == "over^Mwrite")
        #expect(TerminalSafe.text("nul\u{0}del\u{7F}") == "nul^@del^?")
        #expect(TerminalSafe.text("Café — ünïcödé ✓") == "Café — ünïcödé ✓")
    }

    @Test func theKitRenderersSendNoEscape() {
        let kit = Kit(
            subject: KitSubject(title: Self.hostile, kind: .general, notes: Self.hostile),
            topics: [KitTopic(title: Self.hostile, overview: Self.hostile, subtopics: [
                KitSubtopic(
                    title: Self.hostile,
                    content: [
                        KitContent(family: "lesson", shape: .lesson, role: .lesson, items: [KitItem(id: 1, content: .lesson("# Lesson\n\n\(Self.hostile)"))]),
                        KitContent(family: "flashcards", shape: .pair, items: [KitItem(id: 2, content: .pair(PairItem(front: Self.hostile, back: Self.hostile)))]),
                        KitContent(family: "quiz", shape: .choice, items: [KitItem(id: 3, content: .choice(ChoiceItem(question: Self.hostile, choices: [Self.hostile, "b"], correctIndex: 0, explanation: Self.hostile)))]),
                        KitContent(family: "cloze", shape: .cloze, items: [KitItem(id: 4, content: .cloze(ClozeItem(text: "{{c1::\(Self.hostile)}}", extra: Self.hostile)))]),
                    ],
                    sources: [Citation(url: "https://example.org/\(Self.hostile)", title: Self.hostile)],
                    generations: [KitGeneration(
                        family: "quiz", familyVersion: 1, provider: "p", model: "m", status: "failed", attempts: 1,
                        promptTokens: 0, completionTokens: 0, cost: nil, latencyMs: 0, error: Self.hostile)]),
            ])])
        for (name, text) in [("text", KitText.render(kit)), ("markdown", KitMarkdown.render(kit))] {
            #expect(!text.unicodeScalars.contains { TerminalSafe.needsReplacing($0) }, "\(name)")
            #expect(text.contains("Bio^[]0;pwned^Glogy"), "\(name)")
        }
    }
}

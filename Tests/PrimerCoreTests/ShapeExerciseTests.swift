import Foundation
import Testing

@testable import PrimerCore
@testable import PrimerGeneration

/// The shipped registered shapes, matching and ordering: read from the line syntax and JSON,
/// refused by `shape-rules` when they break their rules, studied (faces never in the right
/// order, answers scored part by part), exported as plain notes, and stored as `{shape, fields}`.
@Suite struct ShapeExerciseTests {
    static let matchingAnswer = """
        Sure, here is the exercise:

        Match: Leaders of 1914 and their countries
        - Wilhelm II | Germany: the Kaiser
        - Franz Joseph | Austria-Hungary
        - Nicholas II | Russia
        - George V | Britain

        **Match:** Alliances
        1. Triple Entente — France, Russia, Britain
        2. Triple Alliance — Germany, Austria-Hungary, Italy
        """

    @Test func matchingIsReadFromLinesAndJSON() throws {
        let output = try OutputParser.parse(Self.matchingAnswer, as: Shape(named: "matching"))
        guard case .shaped(let shape, let items) = output else { Issue.record("not shaped: \(output)"); return }
        #expect(shape.rawValue == "matching")
        #expect(items.count == 2)
        #expect(items[0].text("prompt") == "Leaders of 1914 and their countries")
        #expect(items[0].list("lefts") == ["Wilhelm II", "Franz Joseph", "Nicholas II", "George V"])
        // A bar wins over a colon or a dash anywhere on the line.
        #expect(items[0].list("rights") == ["Germany: the Kaiser", "Austria-Hungary", "Russia", "Britain"])
        #expect(items[1].list("lefts") == ["Triple Entente", "Triple Alliance"])

        let json = #"```json{"exercises": [{"prompt": "Capitals", "pairs": [{"left": "France", "right": "Paris"}, ["Spain", "Madrid"]]}]}```"#
        guard case .shaped(_, let fromJSON) = try OutputParser.parse(json, as: Shape(named: "matching")) else { Issue.record("not shaped"); return }
        #expect(fromJSON.first?.list("lefts") == ["France", "Spain"] && fromJSON.first?.list("rights") == ["Paris", "Madrid"])

        #expect(throws: ParseFailure.self) { try OutputParser.parse("I cannot help with that.", as: Shape(named: "matching")) }
        // One exercise as a bare object.
        let bare = #"{"prompt": "Mitosis", "steps": ["Prophase", "Metaphase", "Anaphase"]}"#
        guard case .shaped(_, let single) = try OutputParser.parse(bare, as: Shape(named: "ordering")) else { Issue.record("not shaped"); return }
        #expect(single.first?.list("steps") == ["Prophase", "Metaphase", "Anaphase"])
    }

    @Test func shapeRulesDropWhatBreaksTheShape() throws {
        let output = try OutputParser.parse(Self.matchingAnswer, as: Shape(named: "matching"))
        let verdict = ShapeRulesGate().apply(output, context: GateContext(subject: "World War I"))
        // The second exercise has two pairs: 4–8 are wanted.
        #expect(verdict.output.itemCount == 1)
        #expect(verdict.dropped.count == 1 && verdict.dropped[0].contains("2 terms (4–8 wanted)"), "\(verdict.dropped)")

        let repeated = try OutputParser.parse("Order: Steps\n1. Mix\n2. Bake\n3. Mix", as: Shape(named: "ordering"))
        let dropped = ShapeRulesGate().apply(repeated, context: GateContext(subject: "Baking")).dropped
        #expect(dropped.first?.contains("a step appears twice") == true, "\(dropped)")
    }

    @Test func matchingIsShownShuffledAndScoredPerPair() throws {
        guard case .shaped(_, let items) = try OutputParser.parse(Self.matchingAnswer, as: Shape(named: "matching")) else { return }
        let item = items[0]
        let shape = MatchingShape()
        let shown = shape.shownRights(item)
        #expect(Set(shown) == Set(item.list("rights")))
        #expect(shown != item.list("rights"), "never shown in the right order")
        #expect(shape.shownRights(item) == shown, "the same order every time")

        let letters = item.list("rights").map { right in ChoiceLetter.of(shown.firstIndex(of: right)!).lowercased() }
        let allRight = letters.enumerated().map { "\($0.offset + 1)\($0.element)" }.joined(separator: " ")
        let content = ItemContent.shaped(item)
        #expect(content.isExercise)
        #expect(content.check(answer: allRight) == ExerciseCheck(right: 4, total: 4, feedback: content.check(answer: allRight)!.feedback))
        #expect(content.check(answer: allRight)?.suggestedRating == .good)
        // Two pairs swapped: two right, two wrong, hard.
        let swapped = "1\(letters[1]) 2\(letters[0]) 3\(letters[2]) 4\(letters[3])"
        let check = try #require(content.check(answer: swapped))
        #expect(check.right == 2 && check.suggestedRating == .hard)
        #expect(check.feedback[0].contains("is wrong — Germany"))
        #expect(content.check(answer: "")?.right == 0)

        let faces = CardFaces(content)
        #expect(faces.front.contains("1. Wilhelm II") && faces.front.contains("A) \(shown[0])"))
        #expect(faces.back.contains("Wilhelm II — Germany"))
        // Answers written the other ways learners write them score the same.
        let spaced = letters.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ")
        #expect(content.check(answer: spaced)?.right == 4, "\(spaced)")
        // A stored item whose terms and matches differ in number is no exercise (never a trap).
        let uneven = ShapedItem(shape: item.shape, fields: ["prompt": .text("x"), "lefts": .list(["a", "b", "c"]), "rights": .list(["1"])])
        #expect(ItemContent.shaped(uneven).check(answer: "1a 2a 3a") == nil && !ItemContent.shaped(uneven).isExercise)
        #expect(shape.flashcards(item) == [
            .basic(front: "Wilhelm II (Leaders of 1914 and their countries)", back: "Germany: the Kaiser"),
            .basic(front: "Franz Joseph (Leaders of 1914 and their countries)", back: "Austria-Hungary"),
            .basic(front: "Nicholas II (Leaders of 1914 and their countries)", back: "Russia"),
            .basic(front: "George V (Leaders of 1914 and their countries)", back: "Britain"),
        ])
    }

    @Test func orderingIsScoredByPlaceAndExportedAsOneCloze() throws {
        let text = "Order: The July Crisis\n1. Assassination in Sarajevo\n2. The ultimatum to Serbia\n3. Austria-Hungary declares war\n4. Russia mobilises"
        guard case .shaped(_, let items) = try OutputParser.parse(text, as: Shape(named: "ordering")) else { Issue.record("not shaped"); return }
        let item = try #require(items.first)
        #expect(item.list("steps").count == 4)
        let shape = OrderingShape()
        let shown = shape.shownSteps(item)
        #expect(shown != item.list("steps"))
        let right = item.list("steps").map { ChoiceLetter.of(shown.firstIndex(of: $0)!) }.joined(separator: " ")
        #expect(ItemContent.shaped(item).check(answer: right)?.right == 4)
        let reversed = String(right.reversed())
        #expect((ItemContent.shaped(item).check(answer: reversed)?.right ?? 4) < 4)
        #expect(shape.flashcards(item) == [
            .cloze(
                text: "The July Crisis\n1. {{c1::Assassination in Sarajevo}}\n2. {{c2::The ultimatum to Serbia}}\n3. {{c3::Austria-Hungary declares war}}\n4. {{c4::Russia mobilises}}",
                extra: "")
        ])
        // A step that holds cloze syntax cannot end its deletion early.
        #expect(OrderingShape.deletable("a}}b::c") == "a} }b: :c")
    }

    @Test func aShapedItemIsStoredAsItsFieldsAndReadBack() throws {
        let item = ShapedItem(shape: Shape(named: "ordering"), fields: ["prompt": .text("Steps"), "steps": .list(["a", "b", "c"])])
        let json = try ItemFieldsJSON.encode(.shaped(item))
        #expect(json == #"{"prompt":"Steps","steps":["a","b","c"]}"#)
        #expect(try ItemFieldsJSON.decode(json, shape: Shape(named: "ordering")) == .shaped(item))
        // A shape nobody registered is refused by name, never read as another shape.
        #expect(Shape(rawValue: "no-such-shape") == nil)
        #expect(Shape(rawValue: "matching") != nil && Shape.allCases.contains(Shape(named: "ordering")))
        // A shape may not take a built-in shape's or kind's name: it would be read as that one.
        #expect(!ShapeRegistry.isFree(Shape(named: "quiz")) && !ShapeRegistry.isFree(Shape(named: "pair")) && ShapeRegistry.isFree(Shape(named: "true-false")))
        #expect(throws: (any Error).self) { try ItemFieldsJSON.decode(json, shape: Shape(named: "no-such-shape")) }
    }
}

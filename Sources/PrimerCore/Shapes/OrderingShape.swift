import Foundation

/// Put them in order: 3–7 steps of a process or events of a period, stored in their right order,
/// studied by ordering them from a shuffled list, scored step by step, exported to Anki as one
/// cloze of the sequence (each step a deletion).
///
/// Line syntax, one sequence per `Order:` line:
///
///     Order: The July Crisis of 1914
///     1. Assassination of Franz Ferdinand
///     2. Austria-Hungary's ultimatum to Serbia
///     3. Austria-Hungary declares war on Serbia
public struct OrderingShape: ContentShape {
    public init() {}

    public var id: Shape { Shape(named: "ordering") }

    public var fields: [ShapeField] {
        [ShapeField("prompt", maxCharacters: 300), ShapeField("steps", isList: true, maxCharacters: 300, count: 3...7)]
    }

    public var labels: ItemLabels {
        ItemLabels(noun: "ordering exercise", title: "Put in order", fields: ["prompt": "task", "steps": "steps"])
    }

    public var format: String {
        "write `Order: <what to put in order>` on a line, then 3 to 7 numbered lines in their right order, e.g. `Order: Steps of mitosis` then `1. Prophase`"
    }

    public var jsonContainers: [String] { ["sequences", "exercises", "orderings", "items"] }

    public func parseLines(_ lines: [String]) -> [ShapedItem] {
        var items: [ShapedItem] = []
        var prompt: String?
        var steps: [String] = []
        func finish() {
            if let prompt, !steps.isEmpty { items.append(make(prompt, steps)) }
            steps = []
        }
        for line in lines {
            if let title = ShapeLines.labelled(line, ["Order", "Ordering", "Sequence"]) {
                finish()
                prompt = title
            } else if prompt != nil, ShapeLines.isListEntry(line) {
                let step = ShapeLines.clean(line)
                if !step.isEmpty { steps.append(step) }
            }
        }
        finish()
        return items
    }

    public func parseJSON(_ object: [String: Any]) -> ShapedItem? {
        let prompt = JSONAccess.string(object, ["prompt", "title", "task", "instruction"]) ?? ""
        guard let list = JSONAccess.value(object, ["steps", "events", "sequence", "order", "items"]) as? [Any] else { return nil }
        let steps = list.compactMap { entry -> String? in
            if let text = entry as? String { return ShapeLines.trim(text) }
            return (entry as? [String: Any]).flatMap { JSONAccess.string($0, ["text", "step", "event", "title"]) }
        }.filter { !$0.isEmpty }
        return steps.isEmpty ? nil : make(prompt.isEmpty ? "Put these in order" : prompt, steps)
    }

    private func make(_ prompt: String, _ steps: [String]) -> ShapedItem {
        ShapedItem(shape: id, fields: ["prompt": .text(prompt), "steps": .list(steps)])
    }

    public func problem(with item: ShapedItem) -> String? {
        if let problem = fieldProblem(item) { return problem }
        let steps = item.list("steps")
        if Set(steps.map { GateText.normalize($0) }).count < steps.count { return "a step appears twice" }
        return nil
    }

    public func primaryText(_ item: ShapedItem) -> String { item.text("prompt") }

    public func identity(_ item: ShapedItem) -> String { GateText.normalize(item.list("steps").joined(separator: " ")) }

    /// The steps in the order shown (`shownOrder`).
    public func shownSteps(_ item: ShapedItem) -> [String] {
        let steps = item.list("steps")
        return shownOrder(of: item, count: steps.count).map { steps[$0] }
    }

    public func faces(_ item: ShapedItem) -> CardFaces {
        let shown = shownSteps(item)
        let front = [item.text("prompt")] + shown.enumerated().map { "\(ChoiceLetter.of($0.offset))) \($0.element)" }
        let back = item.list("steps").enumerated().map { index, step in
            "\(index + 1). \(step) (\(shown.firstIndex(of: step).map { ChoiceLetter.of($0) } ?? "?"))"
        }
        return CardFaces(front: front.joined(separator: "\n"), back: back.joined(separator: "\n"))
    }

    public func lineText(_ item: ShapedItem) -> String {
        (["Order: \(item.text("prompt"))"] + item.list("steps").enumerated().map { "\($0.offset + 1). \($0.element)" }).joined(separator: "\n")
    }

    public func markdown(_ item: ShapedItem, labels: ItemLabels) -> String {
        (["**\(MarkdownSafe.text(item.text("prompt")))**", ""] + item.list("steps").enumerated().map { "\($0.offset + 1). \(MarkdownSafe.text($0.element))" })
            .joined(separator: "\n")
    }

    /// One cloze of the whole sequence: each step is a deletion, numbered in order.
    public func flashcards(_ item: ShapedItem) -> [PlainFlashcard] {
        let steps = item.list("steps").enumerated().map { "\($0.offset + 1). {{c\($0.offset + 1)::\(Self.deletable($0.element))}}" }
        return [.cloze(text: ([item.text("prompt")] + steps).joined(separator: "\n"), extra: "")]
    }

    public var answerHint: String? { "the letters in their right order, e.g. c a d b" }

    /// A step as a deletion's text: `}}` and `::` would end the deletion early.
    static func deletable(_ step: String) -> String {
        step.replacingOccurrences(of: "}}", with: "} }").replacingOccurrences(of: "::", with: ": :")
    }

    /// An answer is the letters of the shown steps in the order the learner puts them (`c a d b`
    /// or `cadb`). Each position scores on its own.
    public func check(_ item: ShapedItem, answer: String) -> ExerciseCheck? {
        let steps = item.list("steps"), shown = shownSteps(item)
        let letters = answer.uppercased().filter { $0.isLetter }.map(String.init)
        let picked = letters.compactMap { ChoiceLetter.index(of: $0) }.filter { shown.indices.contains($0) }.map { shown[$0] }
        let parts = steps.indices.map { (label: "", answered: picked.indices.contains($0) ? picked[$0] : nil, correct: steps[$0]) }
        return ExerciseCheck(parts: parts, wrong: "is out of place")
    }

    public func sample(_ request: ShapeSampleRequest, rng: inout SplitMix64) -> [ShapedItem] {
        let s = request.subtopic
        let stages = [
            "The conditions for \(s) build up",
            "Early signs of \(s) appear",
            "A trigger sets \(s) in motion",
            "The first responses to \(s) follow",
            "\(s) spreads beyond its starting point",
            "\(s) reaches its peak",
            "The consequences of \(s) become clear",
            "\(s) is brought to an end",
            "\(s) leaves a lasting legacy",
        ]
        // 4–6 of the stages, kept in their order.
        let chosen = rng.sample(Array(stages.indices), rng.int(4...6)).sorted().map { stages[$0] }
        return [make("Put the stages of \(s) in order", chosen)]
    }
}

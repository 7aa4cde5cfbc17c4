import PrimerCore

/// Entry point: turns a model's raw answer into the typed output of one family's shape.
///
/// Parsers are tolerant of the many ways models format the same content, but they only parse:
/// deduplication, counts and quality are the gates' job. They never invent items, and they throw
/// `ParseFailure` with an actionable reason when nothing usable is found.
public enum OutputParser {
    public static func parse(_ text: String, as shape: Shape, pairLines: PairLines = .questionAnswer) throws -> GeneratedOutput {
        switch shape {
        case .outline: .plan(try PlanParser.parse(text))
        case .lesson: .lesson(try LessonParser.parse(text))
        case .pair:
            switch pairLines {
            case .questionAnswer: .pairs(try FlashcardParser.parse(text))
            case .termDefinition: .pairs(try TermParser.parse(text))
            }
        case .choice: .choices(try QuizParser.parse(text))
        case .cloze: .clozes(try ClozeParser.parse(text))
        default: .shaped(shape, try Self.definition(of: shape).parse(text))
        }
    }

    /// The family's answer in its shape (a question family's answer by `AnswerParser`).
    public static func parse(_ text: String, for family: PromptFamily) throws -> GeneratedOutput {
        if family.scope == .question { return .lesson(try AnswerParser.parse(text)) }
        return try parse(text, as: family.shape, pairLines: family.pairLines)
    }

    static func definition(of shape: Shape) throws -> any ContentShape {
        guard let definition = ShapeRegistry.shape(shape) else { throw ParseFailure("no shape named '\(shape)' is registered") }
        return definition
    }
}

/// Entry point: turns a model's raw answer into the typed output of one family.
///
/// Parsers are tolerant of the many ways models format the same content, but they only parse:
/// deduplication, counts and quality are the gates' job. They never invent items, and they throw
/// `ParseFailure` with an actionable reason when nothing usable is found.
public enum OutputParser {
    public static func parse(_ text: String, as kind: OutputKind) throws -> GeneratedOutput {
        switch kind {
        case .plan: .plan(try PlanParser.parse(text))
        case .notes: .notes(try NotesParser.parse(text))
        case .flashcards: .flashcards(try FlashcardParser.parse(text))
        case .quiz: .quiz(try QuizParser.parse(text))
        case .terms: .terms(try TermParser.parse(text))
        }
    }
}

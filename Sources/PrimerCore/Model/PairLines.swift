import Foundation

/// How answers of the `pair` shape are read line by line: flashcards write `question | answer`
/// (or `Q:`/`A:` blocks), glossaries `term: definition`. Both read JSON alike.
public enum PairLines: String, Sendable, CaseIterable {
    case questionAnswer = "question-answer"
    case termDefinition = "term-definition"
}

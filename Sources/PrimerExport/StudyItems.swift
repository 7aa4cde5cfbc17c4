import Foundation
import PrimerCore

/// One studiable item of a kit, flattened with where it belongs: what the CSV, Anki text and
/// Anki package exports write a row or a note for.
public struct StudyItem: Sendable, Equatable {
    public enum Family: String, Sendable, CaseIterable {
        case flashcard
        case term
        case question

        /// The Anki tag (and the family of prompts it came from).
        public var tag: String {
            switch self {
            case .flashcard: "flashcards"
            case .term: "terms"
            case .question: "quiz"
            }
        }
    }

    public var subject: String
    public var topic: String
    public var subtopic: String
    public var family: Family
    /// Plain text: the flashcard front, the term, or the question.
    public var front: String
    /// Plain text: the flashcard back, the definition, or the correct choice.
    public var back: String
    /// Quiz questions only.
    public var choices: [String]
    /// Quiz questions only; nil when the question has no valid answer.
    public var correctIndex: Int?
    public var explanation: String
    public var sources: [Citation]
    /// Stable across exports of the same content: Anki updates the note instead of adding it.
    public var guid: String

    /// `Subject::Topic::Subtopic`, each part made safe for an Anki deck name.
    public var deckName: String { AnkiIdentity.deckName(subject, topic, subtopic) }

    public var answerLetter: String {
        guard let index = correctIndex else { return "" }
        return StudyItems.letter(index)
    }

    /// Anki tags: `primer` and the family.
    public var tags: [String] { ["primer", family.tag] }
}

public enum StudyItems {
    /// Every flashcard, term and question of the kits, in kit order; per subtopic the
    /// flashcards, then the terms, then the questions. Guids are unique within the result.
    public static func collect(_ kits: [Kit]) -> [StudyItem] {
        var items: [StudyItem] = []
        var seen: [String: Int] = [:]
        for kit in kits {
            for topic in kit.topics {
                for subtopic in topic.subtopics {
                    func add(_ family: StudyItem.Family, _ front: String, _ back: String,
                             choices: [String] = [], correct: Int? = nil, explanation: String = "") {
                        let key = AnkiIdentity.guidKey(kit.subject.title, topic.title, subtopic.title, family.rawValue, front)
                        let occurrence = seen[key, default: 0]
                        seen[key] = occurrence + 1
                        // A repeated item gets its own guid, the same one on every export.
                        let guid = AnkiIdentity.guid(occurrence == 0 ? key : key + "\u{1f}\(occurrence)")
                        items.append(StudyItem(
                            subject: kit.subject.title, topic: topic.title, subtopic: subtopic.title, family: family,
                            front: front, back: back, choices: choices, correctIndex: correct, explanation: explanation,
                            sources: subtopic.sources, guid: guid))
                    }
                    for card in subtopic.flashcards { add(.flashcard, card.front, card.back) }
                    for term in subtopic.terms { add(.term, term.term, term.definition) }
                    for question in subtopic.questions {
                        let valid = question.choices.indices.contains(question.correctIndex)
                        add(.question, question.question, valid ? question.choices[question.correctIndex] : "",
                            choices: question.choices, correct: valid ? question.correctIndex : nil,
                            explanation: question.explanation)
                    }
                }
            }
        }
        return items
    }

    static func letter(_ index: Int) -> String {
        guard (0..<26).contains(index) else { return "?" }
        return String(UnicodeScalar(UInt8(65 + index)))
    }
}

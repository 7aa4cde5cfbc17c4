import Foundation
import PrimerCore

/// One studiable item of a kit, flattened with where it belongs: what the CSV, Anki text and
/// Anki package exports write a row or a note for. Lessons are not items to study here (the
/// Markdown guide carries them).
public struct StudyItem: Sendable, Equatable {
    public var subject: String
    public var topic: String
    public var subtopic: String
    /// The family that made it: the Anki tag and the CSV's `family` column.
    public var family: String
    public var shape: Shape
    /// Plain text: the front, the question, or the cloze text with its `{{c1::…}}` deletions.
    public var front: String
    /// Plain text: the back, the correct choice, or the cloze note's extra text.
    public var back: String
    /// Pairs only, when the family wrote one.
    public var hint: String?
    /// Choice questions only.
    public var choices: [String]
    /// Choice questions only; nil when the question has no valid answer.
    public var correctIndex: Int?
    public var explanation: String
    public var sources: [Citation]
    /// Stable across exports of the same content: Anki updates the note instead of adding it.
    public var guid: String
    /// The stored item's id (0 for an item not read from a store).
    public var itemID: Int64 = 0

    /// `Subject::Topic::Subtopic`, each part made safe for an Anki deck name.
    public var deckName: String { AnkiIdentity.deckName(subject, topic, subtopic) }

    public var answerLetter: String {
        guard let index = correctIndex else { return "" }
        return ChoiceLetter.of(index)
    }

    /// Anki tags: `primer` and the family.
    public var tags: [String] { ["primer", AnkiIdentity.tag(family)] }
}

public enum StudyItems {
    /// Every pair, choice and cloze item of the kits, in kit order, per subtopic family by
    /// family. Guids are unique within the result.
    public static func collect(_ kits: [Kit]) -> [StudyItem] {
        var items: [StudyItem] = []
        var seen: [String: Int] = [:]
        for kit in kits {
            for topic in kit.topics {
                for subtopic in topic.subtopics {
                    for content in subtopic.content {
                        func add(
                            _ id: Int64, _ front: String, _ back: String, hint: String? = nil, choices: [String] = [], correct: Int? = nil,
                            explanation: String = "", as shape: Shape? = nil
                        ) {
                            // The item's noun keys the guid ("flashcard", "term", "question"):
                            // the names the first releases used, so notes exported before the
                            // item store keep their guids and Anki updates them.
                            let key = AnkiIdentity.guidKey(kit.subject.title, topic.title, subtopic.title, content.labels.noun, front)
                            let occurrence = seen[key, default: 0]
                            seen[key] = occurrence + 1
                            // A repeated item gets its own guid, the same one on every export.
                            let guid = AnkiIdentity.guid(occurrence == 0 ? key : key + "\u{1f}\(occurrence)")
                            items.append(StudyItem(
                                subject: kit.subject.title, topic: topic.title, subtopic: subtopic.title, family: content.family,
                                shape: shape ?? content.shape, front: front, back: back, hint: hint, choices: choices, correctIndex: correct,
                                explanation: explanation, sources: subtopic.sources, guid: guid, itemID: id))
                        }
                        for item in content.items {
                            switch item.content {
                            case .lesson: break
                            case .pair(let pair): add(item.id, pair.front, pair.back, hint: pair.hint)
                            case .choice(let question):
                                let valid = question.choices.indices.contains(question.correctIndex)
                                add(item.id, question.question, valid ? question.choices[question.correctIndex] : "",
                                    choices: question.choices, correct: valid ? question.correctIndex : nil,
                                    explanation: question.explanation)
                            case .cloze(let cloze): add(item.id, cloze.text, cloze.extra)
                            case .shaped(let shaped):
                                // A registered shape exports as the plain notes it makes (one
                                // Basic note per pair of a matching exercise, one cloze of an
                                // ordering). Notes that split one item carry no learner state.
                                let notes = shaped.definition?.flashcards(shaped) ?? []
                                for note in notes {
                                    let id = notes.count == 1 ? item.id : 0
                                    switch note {
                                    case .basic(let front, let back): add(id, front, back, as: .pair)
                                    case .cloze(let text, let extra): add(id, text, extra, as: .cloze)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return items
    }
}

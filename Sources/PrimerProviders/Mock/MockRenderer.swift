import Foundation
import PrimerCore

/// Writes mock content out as text, in the canonical formats the prompts ask for or, in the
/// `varied` style, in one of the other formats real models answer in.
struct MockRenderer {
    /// The formats the `varied` style rotates through, per output kind.
    enum Format: String, CaseIterable {
        case markdownOutline, numberedOutline, planJSON
        case lessonMarkdown, lessonChatty
        case pipeLines, flashcardsJSON, questionAnswerBlocks, numberedPipeLines
        case quizBlocks, quizJSON
        case colonLines, boldBullets
        case clozeLines, clozeJSON
        /// A registered shape's line syntax (`ContentShape.lineText`).
        case shapeLines
    }

    static func canonicalFormat(_ kind: ContentKind) -> Format {
        switch kind {
        case .plan: .markdownOutline
        case .lesson: .lessonMarkdown
        case .flashcards: .pipeLines
        case .quiz: .quizBlocks
        case .terms: .colonLines
        case .cloze: .clozeLines
        default: .shapeLines
        }
    }

    static func variedFormats(_ kind: ContentKind) -> [Format] {
        switch kind {
        case .plan: [.numberedOutline, .planJSON]
        case .lesson: [.lessonChatty]
        case .flashcards: [.flashcardsJSON, .questionAnswerBlocks, .numberedPipeLines]
        case .quiz: [.quizJSON]
        case .terms: [.boldBullets]
        case .cloze: [.clozeJSON]
        default: [.shapeLines]
        }
    }

    static func format(for kind: ContentKind, style: MockStyle, rng: inout SplitMix64) -> Format {
        switch style {
        case .canonical: canonicalFormat(kind)
        case .varied: rng.pick(variedFormats(kind))
        }
    }

    static func render(_ content: MockContent, format: Format, rng: inout SplitMix64) -> String {
        switch content {
        case .plan(let topics): return plan(topics, format, &rng)
        case .lesson(let text):
            return format == .lessonChatty ? "Sure! Here are your notes:\n\n\(text)\n\nI hope this helps!" : text
        case .flashcards(let cards): return flashcards(cards, format, &rng)
        case .quiz(let questions): return quiz(questions, format, &rng)
        case .terms(let terms):
            if format == .boldBullets {
                return terms.map { "- **\($0.front)** — \(upperFirst($0.back))" }.joined(separator: "\n")
            }
            return terms.map { AnswerFormat.text(.pair($0), pairLines: .termDefinition) }.joined(separator: "\n")
        case .cloze(let items):
            if format == .clozeJSON {
                struct Note: Encodable { var text: String; var extra: String }
                struct Body: Encodable { var clozes: [Note] }
                return json(Body(clozes: items.map { Note(text: $0.text, extra: $0.extra) }), &rng)
            }
            return items.map { AnswerFormat.text(.cloze($0)) }.joined(separator: "\n")
        case .shaped(_, let items):
            return items.map { AnswerFormat.text(.shaped($0)) }.joined(separator: "\n\n")
        }
    }

    static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    static func plan(_ topics: [PlanTopic], _ format: Format, _ rng: inout SplitMix64) -> String {
        switch format {
        case .numberedOutline:
            return topics.enumerated().map { index, topic in
                (["\(index + 1). \(topic.title)"]
                    + topic.subtopics.enumerated().map { "   \(index + 1).\($0.offset + 1) \($0.element)" })
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        case .planJSON:
            struct Topic: Encodable { var title: String; var overview: String; var subtopics: [String] }
            struct Body: Encodable { var topics: [Topic] }
            return json(Body(topics: topics.map { Topic(title: $0.title, overview: $0.overview, subtopics: $0.subtopics) }), &rng)
        default:
            return topics.map { topic in
                let heading = topic.overview.isEmpty ? "## \(topic.title)" : "## \(topic.title) — \(topic.overview)"
                return ([heading] + topic.subtopics.map { "- \($0)" }).joined(separator: "\n")
            }.joined(separator: "\n\n")
        }
    }

    static func flashcards(_ cards: [PairItem], _ format: Format, _ rng: inout SplitMix64) -> String {
        switch format {
        case .flashcardsJSON:
            return json(cards, &rng)
        case .questionAnswerBlocks:
            return cards.map { "Q: \($0.front)\nA: \($0.back)" }.joined(separator: "\n\n")
        case .numberedPipeLines:
            return cards.enumerated().map { "\($0.offset + 1). \(AnswerFormat.text(.pair($0.element)))" }.joined(separator: "\n")
        default:
            return cards.map { AnswerFormat.text(.pair($0)) }.joined(separator: "\n")
        }
    }

    static func quiz(_ questions: [ChoiceItem], _ format: Format, _ rng: inout SplitMix64) -> String {
        if format == .quizJSON {
            struct Question: Encodable {
                var question: String
                var choices: [String]
                var answer_index: Int
                var explanation: String
            }
            struct Body: Encodable { var questions: [Question] }
            return json(Body(questions: questions.map {
                Question(question: $0.question, choices: $0.choices, answer_index: $0.correctIndex, explanation: $0.explanation)
            }), &rng)
        }
        return questions.enumerated().map { "\($0.offset + 1). \(AnswerFormat.text(.choice($0.element)))" }.joined(separator: "\n\n")
    }

    /// Pretty JSON with sorted keys (deterministic), fenced as ```json half of the time, as models do.
    static func json<T: Encodable>(_ value: T, _ rng: inout SplitMix64) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return rng.chance(50) ? "```json\n\(text)\n```" : text
    }

    /// Chatter with no parsable item, as a confused model writes it.
    static let chatter = [
        "Sure! I'd be happy to help with that.",
        "Of course! Let me know if you would like me to go into more detail on anything.",
        "Great question! This is a fascinating area, and there is a lot we could explore together.",
    ]

    /// The first half of `text`, cut at a word boundary, as a model that hit its token limit writes it.
    static func truncate(_ text: String) -> String {
        let half = text.index(text.startIndex, offsetBy: text.count / 2)
        var cut = text[..<half]
        if let space = cut.lastIndex(where: { $0 == " " || $0 == "\n" }), space > text.startIndex {
            cut = text[..<space]
        }
        return String(cut)
    }
}

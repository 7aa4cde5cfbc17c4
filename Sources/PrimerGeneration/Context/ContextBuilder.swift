import PrimerCore

/// What the context knows about the subject.
public struct SubjectFacts: Sendable, Equatable {
    public var title: String
    public var notes: String
    public var kind: SubjectKind
    /// The language being learned, for language subjects.
    public var language: String
    public var instructions: String
    /// An attached syllabus or outline: the plan must follow its structure.
    public var outline: [PlanTopic]
    public init(title: String, notes: String = "", kind: SubjectKind = .general, language: String = "", instructions: String = "", outline: [PlanTopic] = []) {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.language = language
        self.instructions = instructions
        self.outline = outline
    }
}

/// What the context knows about one subtopic and its surroundings.
public struct SubtopicFacts: Sendable, Equatable {
    public var topic: String
    public var topicOverview: String
    public var subtopic: String
    /// The other subtopics of the same topic: the prompt names them and excludes them.
    public var siblings: [String]
    /// The lesson already written for this subtopic (empty for the lesson itself).
    public var lesson: String
    /// Terms already defined for the subject, so they are not defined again.
    public var terms: [String]
    /// Passages of the learner's documents chosen for this subtopic (already within budget).
    public var passages: [GroundingPassage]
    public init(topic: String, topicOverview: String = "", subtopic: String, siblings: [String] = [], lesson: String = "", terms: [String] = [], passages: [GroundingPassage] = []) {
        self.passages = passages
        self.topic = topic
        self.topicOverview = topicOverview
        self.subtopic = subtopic
        self.siblings = siblings
        self.lesson = lesson
        self.terms = terms
    }
}

/// Builds the template variables, including `context`: one block of text that puts the subject,
/// the topic, the subtopic and its siblings (to exclude) in front of the model. The block does
/// not depend on the family, so the families of a subtopic share its text.
public struct ContextBuilder: Sendable {
    /// Characters the flexible parts (notes, overview, instructions, terms) may take together.
    /// Titles and siblings are never cut: scope depends on them.
    public var budget: Int

    public init(budget: Int = 6000) { self.budget = budget }

    public func values(subject: SubjectFacts) -> [String: Any] {
        let fitted = TextBudget.fit([subject.notes, subject.instructions], within: budget)
        var values = subjectValues(subject, notes: fitted[0], instructions: fitted[1])
        var block = subjectBlock(subject, notes: fitted[0], instructions: fitted[1])
        if !subject.outline.isEmpty {
            block += "\n\n## The learner's syllabus (the plan must follow its structure and order)\n"
            block += DocumentFence.wrap(OutlineText.render(subject.outline), label: "syllabus outline")
        }
        values["context"] = block
        values["outline"] = !subject.outline.isEmpty
        return values
    }

    public func values(subject: SubjectFacts, subtopic: SubtopicFacts) -> [String: Any] {
        let termsText = subtopic.terms.joined(separator: ", ")
        let fitted = TextBudget.fit(
            [subject.notes, subject.instructions, subtopic.topicOverview, subtopic.lesson, termsText], within: budget)
        var values = subjectValues(subject, notes: fitted[0], instructions: fitted[1])
        values["topic"] = subtopic.topic
        values["topic_overview"] = fitted[2]
        values["subtopic"] = subtopic.subtopic
        values["siblings"] = subtopic.siblings
        values["lesson"] = fitted[3]
        values["notes"] = fitted[3]  // the variable's name before the lesson family was `lesson`
        values["terms"] = subtopic.terms
        values["outline"] = false

        var block = subjectBlock(subject, notes: fitted[0], instructions: fitted[1])
        block += "\n\n## Topic\n\(subtopic.topic)"
        if !fitted[2].isEmpty { block += "\n\(fitted[2])" }
        block += "\n\n## This subtopic\n\(subtopic.subtopic)"
        if !subtopic.siblings.isEmpty {
            block += "\n\n## Sibling subtopics (each has its own lesson: do NOT cover them here)\n"
            block += subtopic.siblings.map { "- \($0)" }.joined(separator: "\n")
        }
        if !fitted[4].isEmpty {
            block += "\n\n## Terms already defined in this subject (do not define them again)\n\(fitted[4])"
        }
        // The same fenced passages as `passages`, for families that place them themselves.
        let passages = subtopic.passages.isEmpty
            ? ""
            : DocumentFence.preface + subtopic.passages.map { "\n\n" + DocumentFence.wrap($0.text, label: $0.label) }.joined()
        values["passages"] = passages
        values["key_sentences"] = KeySentences.render(
            KeySentences.select(from: subtopic.passages, subtopic: subtopic.subtopic, topic: subtopic.topic, siblings: subtopic.siblings),
            from: subtopic.passages)
        if !passages.isEmpty {
            block += "\n\n## Material from the learner's documents\n" + passages
        }
        // The lesson comes last: families that have it share everything before it.
        if !fitted[3].isEmpty {
            block += "\n\n## Study notes for this subtopic\n\(fitted[3])"
        }
        values["context"] = block
        return values
    }

    func subjectValues(_ subject: SubjectFacts, notes: String, instructions: String) -> [String: Any] {
        [
            "subject": subject.title,
            "subject_notes": notes,
            "kind": subject.kind.rawValue,
            "language": subject.language,
            "instructions": instructions,
        ]
    }

    func subjectBlock(_ subject: SubjectFacts, notes: String, instructions: String) -> String {
        var block = "## Subject\n\(subject.title)"
        if subject.kind == .language, !subject.language.isEmpty {
            block += "\n(a language subject: the learner is studying \(subject.language))"
        }
        if !notes.isEmpty { block += "\n\n## Learner's notes on the subject\n\(notes)" }
        if !instructions.isEmpty { block += "\n\n## Instructions from the learner (apply them to everything you write)\n\(instructions)" }
        return block
    }
}

/// The outline of a syllabus as indented text for the plan prompt.
enum OutlineText {
    static func render(_ outline: [PlanTopic]) -> String {
        outline.enumerated().map { index, topic in
            ([ "\(index + 1). \(topic.title)" ] + topic.subtopics.map { "   - \($0)" }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

import PrimerCore

/// Whether a case asks for a plan (a subject → topics → subtopics) or for one subtopic's content.
public enum EvalCaseKind: String, Sendable, Codable, CaseIterable {
    case plan
    case subtopic
}

/// The subject a case generates for, as a user would enter it.
public struct EvalSubject: Sendable, Equatable, Codable {
    public var title: String
    public var notes: String
    public var kind: SubjectKind
    public var instructions: String
    /// The learner's documents (`generate --doc`), as the case file names them: relative paths
    /// are relative to the suite folder.
    public var documents: [String]
    public init(title: String, notes: String = "", kind: SubjectKind = .general, instructions: String = "", documents: [String] = []) {
        self.title = title
        self.notes = notes
        self.kind = kind
        self.instructions = instructions
        self.documents = documents
    }
}

/// One golden topic of a plan: a chapter and its sections.
public struct GoldenTopic: Sendable, Equatable, Codable {
    public var title: String
    public var sections: [String]
    public init(title: String, sections: [String]) {
        self.title = title
        self.sections = sections
    }
}

/// What a good plan should cover.
///
/// Book level: `topics` (chapters, each with its sections). Chapter level: `topics` is empty and
/// `sections` lists the chapter's sections. Coverage is scored over `allSections` either way, and
/// over `topics` when there are any.
public struct GoldenPlan: Sendable, Equatable, Codable {
    public enum Level: String, Sendable, Codable {
        case book
        case chapter
    }
    public var topics: [GoldenTopic]
    public var sections: [String]
    public init(topics: [GoldenTopic] = [], sections: [String] = []) {
        self.topics = topics
        self.sections = sections
    }
    /// `.book` when there are golden topics, else `.chapter`.
    public var level: Level { topics.isEmpty ? .chapter : .book }
    /// Every golden section: the topics' sections in order, then the flat `sections`.
    public var allSections: [String] { topics.flatMap(\.sections) + sections }
}

/// A reference multiple-choice question from the source (never shown to the generator).
public struct ReferenceMCQ: Sendable, Equatable, Codable {
    public var stem: String
    public var choices: [String]
    /// Index of the correct choice, 0-based.
    public var answer: Int
    public init(stem: String, choices: [String], answer: Int) {
        self.stem = stem
        self.choices = choices
        self.answer = answer
    }
}

/// Where a subtopic sits, and what its content should contain.
public struct GoldenSubtopic: Sendable, Equatable, Codable {
    public var topic: String
    /// The topic's overview, as a plan gives it.
    public var topicOverview: String
    public var subtopic: String
    /// The other subtopics of the same topic: content about them is scope leakage.
    public var siblings: [String]
    /// Terms the subject already defines when this subtopic is generated (earlier subtopics'
    /// glossaries): the prompt lists them so they are not defined again.
    public var definedTerms: [String]
    public var objectives: [String]
    /// Key terms with their reference definitions.
    public var terms: [PairItem]
    public var mcq: [ReferenceMCQ]
    public init(
        topic: String, topicOverview: String = "", subtopic: String, siblings: [String] = [], definedTerms: [String] = [],
        objectives: [String] = [], terms: [PairItem] = [], mcq: [ReferenceMCQ] = []
    ) {
        self.topic = topic
        self.topicOverview = topicOverview
        self.subtopic = subtopic
        self.siblings = siblings
        self.definedTerms = definedTerms
        self.objectives = objectives
        self.terms = terms
        self.mcq = mcq
    }
}

/// Which part of a suite a case belongs to: `dev` cases are for tuning prompts, `test` cases are
/// held out (no shipped family was tuned on them) and only measure.
public enum EvalSplit: String, Sendable, Codable, CaseIterable {
    case dev, test
}

/// One evaluation case. A plan case has `plan` set; a subtopic case has `subtopic` set.
public struct EvalCase: Sendable, Equatable, Codable, Identifiable {
    /// Unique in the suite, e.g. `biology-2e/book`, `biology-2e/15.1`.
    public var id: String
    public var kind: EvalCaseKind
    public var subject: EvalSubject
    /// Which families run and are scored, by content kind: `[.plan]` for plan cases; any of
    /// notes, flashcards, quiz, cloze, terms for subtopic cases (every family of those kinds runs,
    /// a `mnemonics` pair family with the flashcards).
    public var families: [ContentKind]
    public var plan: GoldenPlan?
    public var subtopic: GoldenSubtopic?
    /// The case file it came from, relative to the suite directory (for messages).
    public var source: String?
    /// `dev` unless the case (or its case file) says `split: test`.
    public var split: EvalSplit

    public init(
        id: String, kind: EvalCaseKind, subject: EvalSubject, families: [ContentKind], plan: GoldenPlan? = nil,
        subtopic: GoldenSubtopic? = nil, source: String? = nil, split: EvalSplit = .dev
    ) {
        self.id = id
        self.kind = kind
        self.subject = subject
        self.families = families
        self.plan = plan
        self.subtopic = subtopic
        self.source = source
        self.split = split
    }
}

import Foundation
import PrimerCore

/// What the mock answers, before it is written out in a text format.
enum MockContent: Equatable {
    case plan([PlanTopic])
    case lesson(String)
    case flashcards([PairItem])
    case quiz([ChoiceItem])
    case terms([PairItem])
    case cloze([ClozeItem])
    /// Items of a registered shape, as its `sample` writes them.
    case shaped(Shape, [ShapedItem])
}

/// Writes believable study content from a request's purpose. Every choice comes from `rng`.
struct MockWriter {
    let purpose: RequestPurpose
    var rng: SplitMix64

    init(purpose: RequestPurpose, rng: SplitMix64) {
        self.purpose = purpose
        self.rng = rng
    }

    // MARK: - Names used in the text

    var subject: String {
        let title = purpose.subject.trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? "the Subject" : title
    }
    var topic: String {
        let title = purpose.topic.trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? subject : title
    }
    var subtopic: String {
        let title = purpose.subtopic.trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? topic : title
    }
    var isLanguage: Bool { purpose.subjectKind == .language }
    var language: MockLanguage { MockLanguage.find(language: purpose.language, subject: purpose.subject) }

    /// A subject that has nothing to do with the request, for off-scope items when there are no siblings.
    static let unrelatedSubject = "Volcano Formation"

    var offScopeTitle: String { purpose.siblings.first { !$0.isEmpty } ?? Self.unrelatedSubject }

    static let stopWords: Set<String> = [
        "a", "an", "the", "of", "in", "and", "or", "to", "for", "with", "on", "at", "by", "from", "its", "their",
        "your", "into", "about", "how", "what", "why", "is", "are",
    ]

    /// Significant words of a title ("Key Terms and Definitions in Linear Algebra" → Key, Terms…).
    static func contentWords(_ title: String) -> [String] {
        var seen = Set<String>()
        return title.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "'" })
            .map(String.init)
            .filter { $0.count > 2 && !stopWords.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted }
    }

    /// Items listed in the subject notes ("cover vectors, matrices, eigenvalues"), title-cased.
    /// Fewer than two short items means the notes are prose, not a list.
    static func listedItems(_ notes: String) -> [String] {
        let pieces = notes.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\n" })
        var items: [String] = []
        for piece in pieces {
            var text = piece.trimmingCharacters(in: .whitespacesAndNewlines)
            text = text.trimmingCharacters(in: CharacterSet(charactersIn: "-*•.:"))
                .trimmingCharacters(in: .whitespaces)
            for prefix in ["please cover ", "cover ", "include ", "including ", "focus on ", "topics: ", "and ", "also ", "plus "]
            where text.lowercased().hasPrefix(prefix) {
                text = String(text.dropFirst(prefix.count))
            }
            if text.lowercased().hasPrefix("and ") { text = String(text.dropFirst(4)) }
            text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let words = text.split(separator: " ")
            guard words.count <= 6, text.count <= 60 else { return [] }
            let titled = words.map { word in
                stopWords.contains(word.lowercased()) ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst()
            }.joined(separator: " ")
            let cased = titled.prefix(1).uppercased() + titled.dropFirst()
            if !items.contains(where: { $0.lowercased() == cased.lowercased() }) { items.append(cased) }
        }
        return items.count >= 2 ? items : []
    }

    // MARK: - Dispatch

    var kind: ContentKind { ContentKind(purpose.shape, role: purpose.role) }

    mutating func content() -> MockContent {
        if let items = purpose.rewriting { return rewrites(of: items) }
        return switch kind {
        case .plan: .plan(purpose.outline.isEmpty ? plan() : outlinePlan())
        case .lesson: .lesson((isLanguage ? grammarLesson() : lesson()) + sourcesLine())
        case .flashcards: .flashcards(isLanguage ? languageFlashcards() : flashcards())
        case .quiz: .quiz(isLanguage ? languageQuiz() : quiz())
        case .terms: .terms(isLanguage ? languageTerms() : terms())
        case .cloze: .cloze(isLanguage ? languageClozes() : clozes())
        default: shapedSample(subject: subject, topic: topic, subtopic: subtopic)
        }
    }

    // MARK: - Rewrites

    /// One clearer item for each item a learner keeps forgetting, in order, as a model asked to
    /// rewrite leeches answers: the same fact asked more plainly, with a cue.
    func rewrites(of items: [ItemContent]) -> MockContent {
        let cue = { (answer: String) in "think of \(Self.contentWords(answer).prefix(2).joined(separator: " ").lowercased())" }
        switch kind {
        case .flashcards, .terms:
            let pairs = items.compactMap { content -> PairItem? in
                guard case .pair(let item) = content else { return nil }
                if kind == .terms { return PairItem(front: item.front, back: "In short: \(item.back)") }
                return PairItem(front: "In one phrase: \(item.front)", back: item.back, hint: cue(item.back))
            }
            return kind == .terms ? .terms(pairs) : .flashcards(pairs)
        case .quiz:
            return .quiz(items.compactMap { content in
                guard case .choice(var item) = content else { return nil }
                item.question = "Which one is right? \(item.question)"
                return item
            })
        case .cloze:
            return .cloze(items.compactMap { content in
                guard case .cloze(var item) = content else { return nil }
                item.extra = "Recall it from \(subtopic)."
                return item
            })
        case .plan, .lesson:
            return .lesson("# \(subtopic)")
        default:
            return .shaped(kind.shape, items.compactMap { if case .shaped(let item) = $0 { item } else { nil } })
        }
    }

    /// What a registered shape's `sample` writes for this request (nothing when the shape is
    /// not registered here).
    mutating func shapedSample(subject: String, topic: String, subtopic: String) -> MockContent {
        let request = ShapeSampleRequest(subject: subject, topic: topic, subtopic: subtopic)
        return .shaped(kind.shape, kind.shape.plugin?.sample(request, rng: &rng) ?? [])
    }

    // MARK: - Plan

    struct TopicSlot {
        var titles: [String]
        var overviews: [String]
        var subtopics: [String]
    }

    static func generalSlots(_ s: String) -> [TopicSlot] {
        [
            TopicSlot(
                titles: ["Foundations of \(s)", "Introduction to \(s)", "Getting Started with \(s)"],
                overviews: [
                    "Builds the vocabulary and basic ideas you need before going deeper into \(s).",
                    "Introduces what \(s) studies, why it matters and the words it uses.",
                ],
                subtopics: [
                    "Key Terms and Definitions in \(s)", "Historical Background of \(s)", "Why \(s) Matters",
                    "Basic Notation of \(s)", "First Principles of \(s)",
                ]),
            TopicSlot(
                titles: ["Core Concepts of \(s)", "Key Principles of \(s)", "Central Ideas in \(s)"],
                overviews: [
                    "Explains the central ideas that the rest of \(s) builds on.",
                    "Covers the principles every later part of \(s) relies on.",
                ],
                subtopics: [
                    "Fundamental Rules of \(s)", "Common Models in \(s)", "How the Main Ideas of \(s) Connect",
                    "Classifying Problems in \(s)",
                ]),
            TopicSlot(
                titles: ["Core Methods of \(s)", "Techniques and Tools in \(s)", "Working Methods of \(s)"],
                overviews: [
                    "Shows the standard procedures of \(s) step by step.",
                    "Practises the techniques used to solve typical problems in \(s).",
                ],
                subtopics: [
                    "Step-by-Step Procedures in \(s)", "Standard Techniques of \(s)", "Tools Used in \(s)",
                    "Checking Results in \(s)",
                ]),
            TopicSlot(
                titles: ["Applications of \(s)", "\(s) in Practice", "Using \(s) in the Real World"],
                overviews: [
                    "Connects \(s) to real problems in science, work and everyday life.",
                    "Shows where \(s) is used and what it makes possible.",
                ],
                subtopics: [
                    "Real-World Uses of \(s)", "Case Studies in \(s)", "\(s) in Science and Industry",
                    "\(s) in Everyday Life",
                ]),
            TopicSlot(
                titles: ["History and Development of \(s)", "How \(s) Evolved"],
                overviews: [
                    "Traces how the ideas of \(s) developed and who shaped them.",
                    "Follows the growth of \(s) from its origins to today.",
                ],
                subtopics: [
                    "Early Discoveries in \(s)", "Key Figures in \(s)", "Turning Points in \(s)",
                ]),
            TopicSlot(
                titles: ["Advanced Topics in \(s)", "Going Further with \(s)", "Frontiers of \(s)"],
                overviews: [
                    "Looks at harder questions and current research in \(s).",
                    "Prepares you for advanced study by extending the core ideas of \(s).",
                ],
                subtopics: [
                    "Open Questions in \(s)", "Advanced Techniques in \(s)", "Connections Between \(s) and Other Fields",
                    "Current Research in \(s)",
                ]),
        ]
    }

    static func languageSlots(_ l: String) -> [TopicSlot] {
        [
            TopicSlot(
                titles: ["Greetings and Introductions"],
                overviews: ["How to greet people, introduce yourself and take your leave in \(l)."],
                subtopics: ["Saying Hello and Goodbye", "Introducing Yourself", "Formal and Informal Address",
                            "Asking How Someone Is"]),
            TopicSlot(
                titles: ["Present Tense"],
                overviews: ["Forming and using present-tense verbs to talk about what happens now in \(l)."],
                subtopics: ["Regular Verb Endings", "Common Irregular Verbs", "Asking Questions in the Present",
                            "Negative Sentences"]),
            TopicSlot(
                titles: ["Numbers and Time"],
                overviews: ["Counting, telling the time and talking about days and dates in \(l)."],
                subtopics: ["Counting from One to Twenty", "Telling the Time", "Days of the Week", "Prices and Quantities"]),
            TopicSlot(
                titles: ["Food and Ordering"],
                overviews: ["Food vocabulary and the phrases you need in cafés and restaurants in \(l)."],
                subtopics: ["Food and Drink Vocabulary", "Ordering at a Restaurant", "Expressing Likes and Dislikes",
                            "Paying the Bill"]),
            TopicSlot(
                titles: ["Family and People"],
                overviews: ["Talking about family members and describing people in \(l)."],
                subtopics: ["Family Members", "Describing Appearance", "Possessive Words", "Adjective Agreement"]),
            TopicSlot(
                titles: ["Travel and Directions"],
                overviews: ["Getting around: transport, directions and places in town in \(l)."],
                subtopics: ["Asking for Directions", "Transport Vocabulary", "Places in Town", "Booking a Room"]),
            TopicSlot(
                titles: ["Talking About the Past"],
                overviews: ["Describing finished events and what you did yesterday in \(l)."],
                subtopics: ["Regular Past Forms", "Time Expressions for the Past", "Telling a Short Story"]),
        ]
    }

    static func itemSlot(_ item: String, subject: String, language: Bool) -> TopicSlot {
        let subtopics = language
            ? ["Introduction to \(item)", "Key Vocabulary for \(item)", "\(item) in Conversation", "Practising \(item)"]
            : ["Introduction to \(item)", "Key Properties of \(item)", "Working with \(item)", "\(item) in Practice",
               "Common Mistakes with \(item)"]
        return TopicSlot(
            titles: [item],
            overviews: ["Covers \(item) as part of \(subject), from the basic ideas to worked examples."],
            subtopics: subtopics)
    }

    mutating func plan() -> [PlanTopic] {
        let items = Self.listedItems(purpose.subjectNotes)
        var slots: [TopicSlot]
        if !items.isEmpty {
            slots = items.prefix(8).map { Self.itemSlot($0, subject: subject, language: isLanguage) }
        } else if isLanguage {
            let all = Self.languageSlots(language.name)
            // Greetings first, the rest in a seeded selection that keeps a sensible order.
            slots = [all[0]] + rng.sampleInOrder(Array(all.dropFirst()), rng.int(2...4))
        } else {
            let all = Self.generalSlots(subject)
            slots = [all[0]] + rng.sampleInOrder(Array(all.dropFirst()), rng.int(2...4))
        }
        var used = Set<String>()
        var topics: [PlanTopic] = []
        for slot in slots {
            var title = rng.pick(slot.titles)
            if used.contains(title.lowercased()) { title = slot.titles.first { !used.contains($0.lowercased()) } ?? title + " II" }
            used.insert(title.lowercased())
            var subtopics: [String] = []
            for candidate in rng.sampleInOrder(slot.subtopics, rng.int(2...4)) where !used.contains(candidate.lowercased()) {
                used.insert(candidate.lowercased())
                subtopics.append(candidate)
            }
            topics.append(PlanTopic(title: title, overview: rng.pick(slot.overviews), subtopics: subtopics))
        }
        return topics
    }

    /// A plan that follows an attached syllabus: its sections as topics, its items as subtopics
    /// (generic ones when a section lists none), as a model told to follow it would.
    func outlinePlan() -> [PlanTopic] {
        var used = Set<String>()
        return purpose.outline.map { section in
            var subtopics = section.subtopics.filter { used.insert($0.lowercased()).inserted }
            if subtopics.isEmpty {
                subtopics = ["Key Ideas of \(section.title)", "Applying \(section.title)"].filter { used.insert($0.lowercased()).inserted }
            }
            return PlanTopic(title: section.title, overview: "Follows the section \u{201C}\(section.title)\u{201D} of the syllabus.", subtopics: subtopics)
        }
    }

    /// Echoes the document passages the prompt carried, so tests can see what retrieval chose.
    func sourcesLine() -> String {
        purpose.passages.isEmpty ? "" : "\n\n## Sources\n\n" + purpose.passages.map { "- \($0)" }.joined(separator: "\n")
    }

    // MARK: - Notes

    static func wordCount(_ text: String) -> Int {
        // On scalars, with ASCII whitespace answered at once: `Character.isWhitespace` looks up
        // Unicode properties for every letter, and the mock counts every prompt it is sent.
        text.unicodeScalars.split(whereSeparator: { $0.isASCII ? $0 == " " || ($0.value >= 9 && $0.value <= 13) : $0.properties.isWhitespace }).count
    }

    mutating func lesson() -> String {
        let s = subtopic, t = topic, j = subject
        let intro = rng.pick([
            "\(s) is one of the building blocks of \(t), an area of \(j) that learners meet early and keep returning to. It gives names to ideas you will use again and again, and shows how they connect to the rest of the subject.",
            "In \(j), \(s) sits at the heart of \(t). Studying it carefully pays off, because most of the later material assumes you can use its ideas without stopping to look them up.",
            "This lesson covers \(s), part of \(t) in \(j). The goal is not only to know what it says, but to understand why it works and when to apply it.",
        ])
        let second = rng.pick([
            "A good way to approach \(s) is to start from a concrete case, describe what you observe in plain language, and only then introduce the formal vocabulary. Once the vocabulary is in place, the general rules become short summaries of patterns you have already seen.",
            "Experts rarely think about \(s) as a list of facts. Instead, they keep a few core ideas in mind and derive the details when needed. The sections below give you those ideas, an example that puts them to work, and the traps that catch most beginners.",
        ])
        let ideas = [
            "**Definitions come first.** Every argument in \(s) rests on precise definitions, so learn them exactly before paraphrasing.",
            "**Structure matters.** \(s) organises the material of \(t) into a few patterns that repeat.",
            "**Examples build intuition.** Work one small example by hand before moving on to general statements.",
            "**Connections help memory.** Link each new idea to something you already know from earlier parts of \(j).",
            "**Conditions are part of the rule.** A rule only applies when its assumptions hold, so check them every time.",
            "**Practice beats rereading.** Short, regular practice fixes the ideas far better than one long reading.",
        ]
        let example = rng.pick([
            "Suppose you are given a typical exercise on \(s). First, restate the question in your own words and list what is known. Next, decide which idea applies and check that its conditions hold. Then carry out the steps one at a time, writing down the reason for each. Finally, test the result against a simple case: if it does not make sense, revisit the step where you made an assumption.",
            "Take a short problem from a chapter on \(t). Before calculating anything, outline the situation and name the ideas involved. Apply the central idea of \(s) to connect them, then explain in one sentence why the result is reasonable. Repeating this for two or three problems shows how a vague question turns into a clear procedure.",
        ])
        let mistakes = [
            "Memorising the wording of \(s) without being able to apply it to a new example.",
            "Skipping the conditions under which a rule holds.",
            "Confusing \(s) with neighbouring ideas in \(t) that use similar vocabulary.",
            "Rushing through worked examples instead of justifying each step.",
            "Studying \(s) in isolation rather than connecting it to the rest of \(j).",
        ]
        let summary = rng.pick([
            "\(s) gives you a compact set of ideas that the rest of \(t) builds on. Learn its definitions precisely, practise on concrete examples, and always check the conditions before applying a rule.",
            "To master \(s), combine precise definitions, worked examples and regular review. With these in place, the later parts of \(t) become much easier to follow.",
        ])
        // What the mock's own cards, questions and terms say, so each of them is
        // supported by its lesson (the `support` gate), as a coherent model's items are.
        let check = [
            "You should be able to explain the main idea of \(s) in your own words: which basic parts of \(t) it describes, how they fit together, why they matter in \(j), and how things in \(t) behave and why. It is one building block of \(t) that supplies ideas the topic combines and applies; later work builds on it, and without it harder problems become guesswork.",
            "Learn its core definitions first, and review the basic vocabulary of \(j) before you start. Tests usually ask short problems: apply it to a new case, define its key terms, and justify each step. A common mistake is memorising its rules without practising them on concrete examples, or applying a rule without checking that its conditions hold. Work one example from start to finish without notes, explaining each step.",
            "A rule of \(s) is a general statement that holds whenever its conditions are met; an example is a fully worked case that shows it in action. \(t) is the broader area of \(j) that contains \(s) and related subtopics; \(s) links its basics to more advanced material, as a bridge to the rest of \(j).",
        ]
        let chosenIdeas = rng.sample(ideas, rng.int(4...5))
        let chosenMistakes = rng.sample(mistakes, 3)
        func build(_ includeSecond: Bool, _ ideaCount: Int, _ mistakeCount: Int) -> String {
            var parts = ["# \(s)", intro]
            if includeSecond { parts.append(second) }
            parts.append("## Key ideas\n\n" + chosenIdeas.prefix(ideaCount).map { "- \($0)" }.joined(separator: "\n"))
            parts.append("## Worked example\n\n" + example)
            parts.append("## Common mistakes\n\n" + chosenMistakes.prefix(mistakeCount).map { "- \($0)" }.joined(separator: "\n"))
            parts.append("## Summary\n\n" + summary)
            parts.append("## Check yourself\n\n" + check.joined(separator: "\n\n"))
            return parts.joined(separator: "\n\n")
        }
        // Long titles repeat often: drop optional parts until the lesson fits in 590 words (the
        // small-model lesson family's limit is 600).
        for (second, ideaCount, mistakeCount) in [(true, 5, 3), (true, 4, 3), (false, 4, 3), (false, 3, 2), (false, 3, 1)] {
            let text = build(second, ideaCount, mistakeCount)
            if Self.wordCount(text) <= 590 { return text }
        }
        return build(false, 2, 1)
    }

    mutating func grammarLesson() -> String {
        let l = language, s = subtopic, t = topic
        let verb = l.verb
        let formLines = verb.forms.map { "- \($0.0) → **\($0.1)**" }.joined(separator: "\n")
        let examples = rng.sample(l.phrases, rng.int(4...5)).map { "- *\($0.0)* — \($0.1)" }.joined(separator: "\n")
        let words = l.words(for: s, rng: &rng).prefix(3)
        let wordList = words.map { "*\($0.word)* (\($0.english))" }.joined(separator: ", ")
        let intro = rng.pick([
            "This lesson on \(s) is part of \(t) in \(l.name). It shows how the pattern is built, when speakers use it, and gives real sentences you can copy and adapt.",
            "\(s) is one of the first things \(l.name) learners need within \(t). Below you will find the form, the main uses and a set of everyday examples.",
        ])
        let usage = rng.pick([
            "Use this pattern for everyday situations: talking about yourself, asking simple questions and reacting to what others say. Speakers of \(l.name) use it constantly, so it is worth practising until it feels automatic.",
            "You will hear this pattern in greetings, in shops and in short conversations. Start with the most frequent forms and add the others as you meet them in real \(l.name) sentences.",
        ])
        let usageNotes = [
            "Learn new words together with a short sentence, for example \(wordList).",
            "Say each example aloud; \(l.name) pronunciation sticks better when you hear yourself.",
            "Change one word at a time in the examples to build new sentences of your own.",
        ]
        let mistakes = rng.sample([
            "Translating word for word from English instead of copying the \(l.name) pattern.",
            "Mixing up the forms for different persons, for example using *\(verb.forms[0].1)* where *\(verb.forms[2].1)* is needed.",
            "Forgetting that fixed phrases such as *\(l.phrases[0].0)* are learned as a whole.",
            "Leaving out small words that \(l.name) requires even when English does not.",
        ], 3)
        return [
            "# \(s)",
            intro,
            "## Form\n\nThe model verb is **\(verb.infinitive)** (\(verb.english)). \(l.formNote)\n\n\(formLines)",
            "## Usage\n\n\(usage)\n\n" + usageNotes.map { "- \($0)" }.joined(separator: "\n"),
            "## Examples\n\n\(examples)",
            "## Common mistakes\n\n" + mistakes.map { "- \($0)" }.joined(separator: "\n"),
            "## Summary\n\n\(s) in \(l.name) comes down to a small pattern used again and again: learn the forms of **\(verb.infinitive)**, practise the example sentences aloud, and reuse them in your own short conversations.",
        ].joined(separator: "\n\n")
    }

    // MARK: - Flashcards

    /// A statement's last word, without its punctuation.
    static func lastWord(_ statement: String) -> String {
        statement.split(separator: " ").last.map { $0.trimmingCharacters(in: .punctuationCharacters) } ?? ""
    }

    mutating func flashcards() -> [PairItem] {
        let s = subtopic, t = topic, j = subject
        // Given the learner's own text, the cards ask what it says, as a model that reads it would.
        let stated = purpose.passageTexts.flatMap { Statements.of($0) }.filter { $0.count <= 300 }
        if !stated.isEmpty {
            // A card a statement, each naming the subtopic; with fewer than three statements, also
            // "true or false" and a blank, so one note still makes the family's least number.
            // Each card asks about its statement's last word; two statements ending alike are told
            // apart by their number, so neither is dropped as a duplicate.
            var asked = Set<String>()
            let cards = stated.enumerated().map { index, statement in
                let word = Self.lastWord(statement)
                let about = asked.insert(word.lowercased()).inserted ? word : "\(word) (note \(index + 1))"
                return PairItem(front: "What do your notes on \(s) say about \(about)?", back: statement)
            } + (stated.count >= 3 ? [] : stated.flatMap { statement -> [PairItem] in
                let words = statement.split(separator: " ").map(String.init)
                return [
                    PairItem(front: "True or false, in \(s): \(statement)", back: "True. \(statement)"),
                    PairItem(front: "Complete, in \(s): \(words.dropLast().joined(separator: " ")) …", back: "\(Self.lastWord(statement)). \(statement)"),
                ]
            })
            return Array(cards.prefix(rng.int(3...5)))
        }
        let pool = [
            PairItem(front: "What is the main idea of \(s)?", back: "It describes how the basic parts of \(t) fit together and why they matter in \(j)."),
            PairItem(front: "Why is \(s) important in \(j)?", back: "Later work in \(t) builds on it; without it, harder problems become guesswork."),
            PairItem(front: "How does \(s) relate to \(t)?", back: "It is one building block of \(t): it supplies ideas that the topic combines and applies."),
            PairItem(front: "What is a common mistake when studying \(s)?", back: "Memorising its rules without practising them on concrete examples."),
            PairItem(front: "How can you check your understanding of \(s)?", back: "Explain it in your own words and work one example from start to finish without notes."),
            PairItem(front: "What should you learn first in \(s)?", back: "Its core definitions, since every other idea in \(t) builds on them."),
            PairItem(front: "Give an example of where \(s) is used.", back: "Any exercise in \(j) where its ideas predict or explain an outcome, such as a standard textbook problem."),
            PairItem(front: "What question does \(s) help answer?", back: "How and why things in \(t) behave as they do."),
            PairItem(front: "What should you review before \(s)?", back: "The basic vocabulary of \(j) and the earlier parts of \(t)."),
            PairItem(front: "How is \(s) usually tested?", back: "With short problems that ask you to apply it to a new case and justify each step."),
        ]
        return rng.sample(pool, rng.int(5...8))
    }

    mutating func languageFlashcards() -> [PairItem] {
        let words = language.words(for: subtopic, rng: &rng)
        return words.prefix(rng.int(5...8)).map { PairItem(front: $0.word, back: $0.english) }
    }

    // MARK: - Quiz

    mutating func quiz() -> [ChoiceItem] {
        let s = subtopic, t = topic, j = subject
        // (question, correct answer, three wrong answers, explanation)
        let pool: [(String, String, [String], String)] = [
            ("Which statement best describes \(s)?",
             "It explains a core idea of \(t) and how it is applied.",
             ["It is an unrelated topic that \(j) never uses.", "It is a historical footnote with no practical use.",
              "It replaces every other part of \(t)."],
             "\(s) is a working part of \(t); the other options deny its role or exaggerate it."),
            ("Why do learners study \(s) as part of \(t)?",
             "Because later ideas in the topic build on it.",
             ["Because it is always the last chapter of a course.", "Because it removes the need for practice.",
              "Because it has no connection to other ideas."],
             "Later material assumes \(s); that dependency is why it is studied early."),
            ("What is the most effective way to master \(s)?",
             "Work through examples and explain each step in your own words.",
             ["Memorise one definition and skip the exercises.", "Read the summary once and move on.",
              "Avoid examples until the exam."],
             "Active practice with explanations builds understanding of \(s); passive reading and memorising do not."),
            ("Which of these is a common mistake with \(s)?",
             "Applying a rule without checking that its conditions hold.",
             ["Reviewing the key terms before practising.", "Checking a worked example step by step.",
              "Connecting new ideas to earlier topics."],
             "The other three are good study habits; ignoring a rule's conditions is the classic error in \(s)."),
            ("How does \(s) connect to the rest of \(j)?",
             "It links the basics of \(t) to more advanced material.",
             ["It does not connect to anything else.", "It only matters outside the subject.",
              "It contradicts the other parts of the topic."],
             "\(s) is a bridge: it relies on the basics and prepares the advanced parts of \(j)."),
            ("After studying \(s), what should you be able to do?",
             "Define its key terms and apply them to a new example.",
             ["Recite the chapter word for word.", "Skip the related parts of the topic.",
              "Solve problems without understanding them."],
             "Understanding \(s) means using its terms on new cases, not repeating text."),
        ]
        return rng.sample(pool, rng.int(3...5)).map { question, correct, wrong, explanation in
            makeQuestion(question, correct: correct, wrong: wrong, explanation: explanation)
        }
    }

    mutating func makeQuestion(_ question: String, correct: String, wrong: [String], explanation: String) -> ChoiceItem {
        let choices = rng.shuffled([correct] + wrong.prefix(3))
        return ChoiceItem(
            question: question, choices: choices, correctIndex: choices.firstIndex(of: correct) ?? 0, explanation: explanation)
    }

    mutating func languageQuiz() -> [ChoiceItem] {
        let l = language
        let words = l.words(for: subtopic, rng: &rng)
        let count = rng.int(3...5)
        var questions: [ChoiceItem] = []
        for (index, word) in words.prefix(count).enumerated() {
            let others = rng.sample(words.filter { $0.english != word.english && $0.word != word.word }, 3)
            if index.isMultiple(of: 2) {
                questions.append(makeQuestion(
                    "What does \"\(word.word)\" mean in \(l.name)?", correct: word.english, wrong: others.map(\.english),
                    explanation: "\"\(word.word)\" means \"\(word.english)\"; the other options translate different \(l.name) words."))
            } else {
                questions.append(makeQuestion(
                    "How do you say \"\(word.english)\" in \(l.name)?", correct: word.word, wrong: others.map(\.word),
                    explanation: "\"\(word.english)\" is \"\(word.word)\" in \(l.name); the other options mean something else."))
            }
        }
        return questions
    }

    // MARK: - Terms

    /// Title words too generic to make a term of ("Key Terms and Definitions…").
    static let genericWords: Set<String> = [
        "key", "terms", "term", "definitions", "definition", "introduction", "basics", "basic", "core", "common",
        "concepts", "concept", "ideas", "idea", "principles", "first", "practice", "step-by-step", "procedures",
        "methods", "techniques", "tools", "uses", "real-world", "everyday", "life", "matters", "main", "working",
        "advanced", "open", "questions", "current", "research", "case", "studies", "early", "figures", "turning",
        "points", "fundamental", "rules", "models", "connect", "connections", "between", "other", "fields",
        "classifying", "problems", "checking", "results", "standard", "historical", "background", "notation",
        "mistakes", "properties", "science", "industry", "going", "further", "using",
    ]

    mutating func terms() -> [PairItem] {
        let s = subtopic, t = topic, j = subject
        let subjectWords = Set(Self.contentWords(j).map { $0.lowercased() })
        let words = Self.contentWords(s).map { $0.lowercased() }
            .filter { !subjectWords.contains($0) && !Self.genericWords.contains($0) }
        var terms: [PairItem] = [
            PairItem(front: s, back: "the part of \(t) that explains its central ideas and how they are applied in \(j)."),
        ]
        if t != s {
            terms.append(PairItem(front: t, back: "the broader area of \(j) that contains \(s) and related subtopics."))
        }
        var extra: [PairItem] = []
        for (index, word) in words.prefix(3).enumerated() {
            let name = word.prefix(1).uppercased() + word.dropFirst()
            extra.append([
                PairItem(front: "\(name) rule", back: "a general statement about \(word) that holds whenever its conditions are met."),
                PairItem(front: "\(name) example", back: "a concrete, fully worked case that shows \(word) in action."),
                PairItem(front: "\(name) notation", back: "the symbols and conventions used to write about \(word) precisely."),
            ][(index + rng.index(3)) % 3])
        }
        extra += [
            PairItem(front: "Core definition", back: "the precise statement of what \(s) means, on which the rest of \(t) builds."),
            PairItem(front: "Worked example", back: "a problem solved step by step to show how \(s) is used."),
            PairItem(front: "Prerequisite", back: "an idea from earlier in \(j) that you need before studying \(s)."),
            PairItem(front: "Misconception", back: "a plausible but wrong belief about \(s) that leads to errors."),
            PairItem(front: "Application", back: "a real situation where \(s) is used to solve a problem."),
        ]
        var seen = Set(terms.map { $0.front.lowercased() })
        let wanted = rng.int(4...7)
        for term in rng.sample(extra, extra.count) where terms.count < wanted && seen.insert(term.front.lowercased()).inserted {
            terms.append(term)
        }
        return terms
    }

    mutating func languageTerms() -> [PairItem] {
        let l = language
        let grammar = [
            PairItem(front: "Conjugation", back: "the set of forms a \(l.name) verb takes for each person and tense, as in \(l.verb.forms[0].1) and \(l.verb.forms[1].1)."),
            PairItem(front: "Infinitive", back: "the dictionary form of a verb, such as \(l.verb.infinitive) (\(l.verb.english))."),
            PairItem(front: "Subject pronoun", back: "a word like \"\(l.verb.forms[0].0)\" that says who performs the action."),
            PairItem(front: "Fixed expression", back: "a phrase learned as a whole, such as \"\(l.phrases[0].0)\" (\(l.phrases[0].1))."),
        ]
        let words = l.words(for: subtopic, rng: &rng).prefix(rng.int(2...4)).map {
            PairItem(front: $0.word, back: "the \(l.name) for \"\($0.english)\".")
        }
        return Array(words) + rng.sample(grammar, rng.int(2...3))
    }

    // MARK: - Cloze

    /// Statements about the subtopic with its key words deleted, one card per number.
    mutating func clozes() -> [ClozeItem] {
        let (s, t, j) = (subtopic, topic, subject)
        var items = [
            ClozeItem(text: "{{c1::\(s)}} is one of the building blocks of {{c2::\(t)}}.", extra: "Part of \(j)."),
            ClozeItem(text: "Before studying {{c1::\(s)}}, learn the core definitions of {{c2::\(t)}}."),
            ClozeItem(text: "A worked example of {{c1::\(s)}} solves a problem {{c2::step by step}}."),
            ClozeItem(text: "A common mistake in {{c1::\(s)}} is memorising rules without {{c2::practising them}}."),
        ]
        for word in Self.contentWords(s).prefix(2) {
            items.append(ClozeItem(text: "In \(t), {{c1::\(word.lowercased())}} is a key idea of \(s)."))
        }
        return Array(items.prefix(rng.int(4...items.count)))
    }

    /// Vocabulary of the language with the translation deleted.
    mutating func languageClozes() -> [ClozeItem] {
        let l = language
        return l.words.prefix(rng.int(4...6)).map {
            ClozeItem(text: "The \(l.name) word \($0.word) means {{c1::\($0.english)}}.")
        }
    }

    // MARK: - Fault items

    func offScopeItem(_ index: Int) -> MockContent {
        let other = offScopeTitle
        switch kind {
        case .plan:
            return .plan([PlanTopic(
                title: index == 0 ? other : "\(other) \(index + 1)", overview: "An overview of \(other).",
                subtopics: ["Basics of \(other)", "Examples of \(other)"].map { index == 0 ? $0 : "\($0) \(index + 1)" })])
        case .lesson:
            return .lesson("## \(other)\n\n\(other) is a separate area with its own definitions, examples and methods.")
        case .flashcards:
            let cards = [
                PairItem(front: "What is \(other)?", back: "\(other) is a separate area with its own definitions and examples."),
                PairItem(front: "Why study \(other)?", back: "\(other) explains ideas of its own that are worth learning."),
                PairItem(front: "Give an example of \(other).", back: "A typical exercise from a chapter on \(other)."),
            ]
            return .flashcards([cards[index % cards.count]])
        case .quiz:
            let questions = ["What is \(other) mainly about?", "Which statement about \(other) is true?", "Where is \(other) used?"]
            return .quiz([ChoiceItem(
                question: questions[index % questions.count],
                choices: ["The core ideas of \(other)", "A spelling convention", "A unit of measurement", "A musical style"],
                correctIndex: 0, explanation: "\(other) is about its own core ideas.")])
        case .terms:
            let terms = [
                PairItem(front: other, back: "a separate area of study with its own definitions and methods."),
                PairItem(front: "\(other) basics", back: "the first ideas a learner meets in \(other)."),
                PairItem(front: "\(other) example", back: "a typical case taken from \(other)."),
            ]
            return .terms([terms[index % terms.count]])
        case .cloze:
            let clozes = [
                ClozeItem(text: "{{c1::\(other)}} is a separate area of study with its own methods."),
                ClozeItem(text: "The first ideas a learner meets in \(other) are its {{c1::basics}}."),
            ]
            return .cloze([clozes[index % clozes.count]])
        default:
            var writer = self
            return writer.shapedSample(subject: other, topic: other, subtopic: index == 0 ? other : "\(other) \(index + 1)")
        }
    }

    static func placeholderItem(_ kind: ContentKind) -> MockContent {
        switch kind {
        case .plan: .plan([PlanTopic(title: "Topic", overview: "Overview", subtopics: ["Subtopic", "Subtopic"])])
        case .lesson: .lesson("[Insert example here]")
        case .flashcards: .flashcards([PairItem(front: "Question", back: "Answer")])
        case .quiz:
            .quiz([ChoiceItem(
                question: "Question", choices: ["Option A", "Option B", "Option C", "Option D"], correctIndex: 0,
                explanation: "Explanation")])
        case .terms: .terms([PairItem(front: "Term", back: "Definition")])
        case .cloze: .cloze([ClozeItem(text: "{{c1::...}}")])
        default:
            .shaped(kind.shape, [ShapedItem(shape: kind.shape, fields: Dictionary(uniqueKeysWithValues: (kind.shape.plugin?.fields ?? []).map { field in
                (field.name, field.isList ? FieldValue.list(["Term", "Definition", "Example", "Answer"]) : .text("Question"))
            }))])
        }
    }
}

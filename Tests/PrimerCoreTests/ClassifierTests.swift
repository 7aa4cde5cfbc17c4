import Testing
@testable import PrimerCore

/// One row of the title table: a title, and the kind and target language it should get.
struct ClassifierTitleCase: Sendable, CustomTestStringConvertible {
    var title: String
    var kind: SubjectKind
    var language: String?

    init(_ title: String, _ kind: SubjectKind, _ language: String? = nil) {
        self.title = title
        self.kind = kind
        self.language = language
    }

    var testDescription: String { "\"\(title)\" → \(kind.rawValue)\(language.map { " (\($0))" } ?? "")" }
}

let classifierTitleTable: [ClassifierTitleCase] = [
    // General: no language involved at all.
    .init("Linear Algebra", .general),
    .init("Organic Chemistry", .general),
    .init("Chemistry 101", .general),
    .init("Python for beginners", .general),
    .init("Learn Python", .general),
    .init("Medical vocabulary", .general),
    .init("Public speaking", .general),
    .init("Grammar of Graphics", .general),
    // General: a language name modifies another field.
    .init("History of the German Empire", .general),
    .init("French Revolution", .general),
    .init("Spanish Civil War", .general),
    .init("Japanese art", .general),
    .init("Polish notation in logic", .general),
    .init("Turkish economy", .general),
    .init("German philosophy", .general),
    .init("Russian literature", .general),
    .init("Turkish cuisine", .general),
    .init("Latin American history", .general),
    .init("Greek mythology", .general),
    .init("Chinese remainder theorem", .general),
    .init("Spanish-speaking countries", .general),
    .init("Japanese tea ceremony", .general),
    .init("German history 1933-1945", .general),
    .init("Korean War", .general),
    .init("History of Spanish", .general),
    // General: "language"/"grammar" in a computing or other sense.
    .init("Programming Languages", .general),
    .init("Formal Languages and Automata", .general),
    .init("Context-free grammars", .general),
    .init("Natural Language Processing", .general),
    .init("Language models", .general),
    .init("SQL query language", .general),
    .init("Body language", .general),
    .init("Japanese natural language processing", .general),
    // Language: the language is the object of study.
    .init("Spanish A2 Grammar", .language, "Spanish"),
    .init("Japanese for beginners", .language, "Japanese"),
    .init("French vocabulary: food", .language, "French"),
    .init("Learn Italian", .language, "Italian"),
    .init("German 101", .language, "German"),
    .init("Japanese 101", .language, "Japanese"),
    .init("Spanish", .language, "Spanish"),
    .init("Korean Hangul and pronunciation", .language, "Korean"),
    .init("Mandarin tones", .language, "Mandarin Chinese"),
    .init("Portuguese verb conjugation", .language, "Portuguese"),
    .init("Business English", .language, "English"),
    .init("English grammar for ESL", .language, "English"),
    .init("JLPT N4 kanji", .language, "Japanese"),
    .init("HSK 3 vocabulary", .language, "Chinese"),
    .init("DELE B2 preparation", .language, "Spanish"),
    .init("Introduction to Russian", .language, "Russian"),
    .init("Arabic alphabet", .language, "Arabic"),
    .init("Dutch for expats", .language, "Dutch"),
    .init("Swedish conversation", .language, "Swedish"),
    .init("Modern Greek", .language, "Greek"),
    .init("Hindi phrases for travel", .language, "Hindi"),
    .init("Latin", .language, "Latin"),
    .init("Learn Spanish fast", .language, "Spanish"),
    .init("French II", .language, "French"),
    .init("Polish cases and declension", .language, "Polish"),
    .init("Turkish for travelers", .language, "Turkish"),
    .init("Español básico", .language, "Spanish"),
    .init("Français : les verbes", .language, "French"),
    .init("Deutsch für Anfänger", .language, "German"),
    .init("日本語の文法", .language, "Japanese"),
    .init("American Sign Language basics", .language, "American Sign Language"),
    .init("Spanish vocabulary list", .language, "Spanish"),
    .init("Verb conjugation drills", .language, nil),
    .init("Beginner's Italian", .language, "Italian"),
    .init("Spanish for English speakers", .language, "Spanish"),
    .init("English for Spanish speakers", .language, "English"),
    .init("Japanese culture and language", .language, "Japanese"),
]

@Suite("SubjectClassifier")
struct ClassifierTests {
    @Test("title table", arguments: classifierTitleTable)
    func classifiesTitle(_ row: ClassifierTitleCase) {
        let result = SubjectClassifier.classify(title: row.title)
        #expect(result.kind == row.kind, "\(row.title): \(result.reason)")
        #expect(result.language == row.language, "\(row.title): \(result.reason)")
        #expect(!result.reason.isEmpty)
    }

    @Test("the table covers at least 40 titles, both kinds")
    func tableSize() {
        #expect(classifierTitleTable.count >= 40)
        #expect(classifierTitleTable.contains { $0.kind == .general })
        #expect(classifierTitleTable.contains { $0.kind == .language })
    }

    @Test("a general subject has no language")
    func generalHasNoLanguage() {
        let result = SubjectClassifier.classify(title: "French Revolution")
        #expect(result.kind == .general)
        #expect(result.language == nil)
    }

    @Test("reason explains the verdict")
    func reasonText() {
        let grammar = SubjectClassifier.classify(title: "Spanish A2 Grammar")
        #expect(grammar.reason == "‘Spanish’ is the object of study (language name followed by ‘grammar’)")

        let empire = SubjectClassifier.classify(title: "History of the German Empire")
        #expect(empire.reason.contains("‘German’"))
        #expect(empire.reason.contains("empire"))

        let beginners = SubjectClassifier.classify(title: "Japanese for beginners")
        #expect(beginners.reason.contains("‘for beginners’"))

        let speakers = SubjectClassifier.classify(title: "Spanish for English speakers")
        #expect(speakers.reason.contains("‘for English speakers’"))

        let algebra = SubjectClassifier.classify(title: "Linear Algebra")
        #expect(!algebra.reason.isEmpty)

        let nlp = SubjectClassifier.classify(title: "Natural Language Processing")
        #expect(nlp.reason.contains("‘natural language’"))

        let speaking = SubjectClassifier.classify(title: "Public speaking")
        #expect(speaking.reason.contains("‘public speaking’"))
    }

    // MARK: Notes and topics

    @Test("notes decide an ambiguous title")
    func notesMakeLanguage() {
        let result = SubjectClassifier.classify(
            title: "Travel basics",
            notes: "vocabulary for my trip to Spain, ordering food in Spanish")
        #expect(result.kind == .language)
        #expect(result.language == "Spanish")
        #expect(result.reason.contains("notes:"))
        #expect(result.reason.contains("not conclusive"))
    }

    @Test("the same title without notes is general")
    func ambiguousTitleAlone() {
        let result = SubjectClassifier.classify(title: "Travel basics")
        #expect(result.kind == .general)
        #expect(!result.reason.isEmpty)
    }

    @Test("notes that only mention a country stay general")
    func countryAloneIsNotEnough() {
        let result = SubjectClassifier.classify(title: "Travel basics", notes: "packing list for Spain and Portugal")
        #expect(result.kind == .general)
    }

    @Test("topics decide an ambiguous title")
    func topicsMakeLanguage() {
        let result = SubjectClassifier.classify(
            title: "Weekend crash course",
            topics: ["Greetings", "Japanese numbers", "Hiragana"])
        #expect(result.kind == .language)
        #expect(result.language == "Japanese")
        #expect(result.reason.contains("topics:"))
    }

    @Test("notes name the language when the title only has cues")
    func notesNameTheLanguage() {
        let result = SubjectClassifier.classify(title: "Verb conjugation drills", notes: "I am learning Italian")
        #expect(result.kind == .language)
        #expect(result.language == "Italian")
    }

    @Test("notes about a field do not turn a general title into a language")
    func notesWithModifiers() {
        let result = SubjectClassifier.classify(
            title: "Modern European history",
            notes: "focus on the French Revolution and the German Empire")
        #expect(result.kind == .general)
    }

    @Test("weak notes do not override a clear title")
    func titleOutweighsNotes() {
        let general = SubjectClassifier.classify(title: "Spanish Civil War", notes: "key vocabulary and dates")
        #expect(general.kind == .general)
        let language = SubjectClassifier.classify(title: "German 101", notes: "some German history along the way")
        #expect(language.kind == .language)
        #expect(language.language == "German")
    }

    @Test("a computing title keeps grammar in its notes computing")
    func computingTitleVetoesNotes() {
        let result = SubjectClassifier.classify(
            title: "Compilers",
            notes: "grammar, vocabulary of tokens, parsing")
        #expect(result.kind == .general)
        let nlp = SubjectClassifier.classify(title: "Natural Language Processing", topics: ["Grammar", "Vocabulary size"])
        #expect(nlp.kind == .general)
    }

    @Test("notes in which the lecture language is mentioned stay general")
    func lectureLanguage() {
        let result = SubjectClassifier.classify(title: "Thermodynamics", notes: "the lectures are in Spanish")
        #expect(result.kind == .general)
    }

    // MARK: Tokenizer

    @Test("tokenizer folds accents, splits hyphens and marks phrases")
    func tokenizer() {
        let tokens = ClassifierText.tokenize("Español: context-free beginner's")
        #expect(tokens.map(\.word) == ["espanol", "context", "free", "beginner"])
        #expect(tokens.map(\.startsPhrase) == [true, true, false, false])
    }
}

/// The verdict on one subject: which kind of kit to build, for which language, and why.
public struct Classification: Sendable, Equatable {
    public var kind: SubjectKind
    /// The target language ("Spanish") when `kind == .language` and it could be told; nil otherwise.
    public var language: String?
    /// A short human explanation, e.g. "‘Spanish’ is the object of study (language name followed by ‘grammar’)".
    public var reason: String

    public init(kind: SubjectKind, language: String? = nil, reason: String) {
        self.kind = kind
        self.language = language
        self.reason = reason
    }
}

/// Tells language subjects ("Spanish A2 Grammar") from general ones ("French Revolution") without
/// a model call. The title is read as words and phrases: a language name counts only when the
/// language is the object of study (next to a learning cue, or standing alone), not when it
/// modifies another field. Each finding is scored; the title weighs about twice as much as the
/// notes and topics, which mostly decide when the title alone is not conclusive.
/// The word lists are in ClassifierLexicon.swift.
public enum SubjectClassifier {
    public static func classify(title: String, notes: String = "", topics: [String] = []) -> Classification {
        let titleTokens = ClassifierText.tokenize(title)
        let notesTokens = ClassifierText.tokenize(notes)
        // Each topic is its own phrase: a line break ends a phrase.
        let topicTokens = ClassifierText.tokenize(topics.joined(separator: "\n"))

        // A computing title ("Natural Language Processing") makes "grammar" in its notes
        // computing too, so the title's context carries over to the weaker sources.
        let titleContext = contextMarker(titleTokens)
        let titleIsComputing = titleContext != nil
        var evidence = analyse(titleTokens, source: .title, inheritedComputing: false)
        evidence += analyse(notesTokens, source: .notes, inheritedComputing: titleIsComputing)
        evidence += analyse(topicTokens, source: .topics, inheritedComputing: titleIsComputing)

        let total = evidence.reduce(0) { $0 + $1.score }
        if total >= threshold {
            let language = targetLanguage(evidence)
            return Classification(kind: .language, language: language, reason: languageReason(evidence, language: language))
        }
        return Classification(kind: .general, language: nil, reason: generalReason(evidence, total: total, titleContext: titleContext))
    }

    // MARK: Scoring

    /// The total a subject needs to be a language subject: one standalone or cued language name
    /// in the title is enough; in the notes it takes a name plus a cue.
    static let threshold = 3

    enum Source: Sendable { case title, notes, topics }

    /// What one finding is worth, by where it was found.
    struct Weights {
        /// A language name next to a learning cue ("Spanish grammar", "Learn Italian").
        var object: Int
        /// A language name on its own ("Spanish", "Business English").
        var standalone: Int
        /// A language name modifying another field ("French Revolution"); negative.
        var modifier: Int
        /// An exam or script tied to one language ("JLPT", "kanji").
        var implied: Int
        /// A cue found almost only in language learning ("conjugation").
        var languageOnly: Int
        /// A cue shared with other fields ("vocabulary"); several add up to `sharedCap`.
        var shared: Int
        var sharedCap: Int
        /// A CEFR/JLPT level ("A2", "N4") without a language name.
        var level: Int
        /// A country, counted only when the same text has a learning cue ("trip to Spain").
        var country: Int
    }

    static func weights(for source: Source) -> Weights {
        switch source {
        case .title:
            Weights(object: 6, standalone: 5, modifier: -5, implied: 6, languageOnly: 4, shared: 2, sharedCap: 4, level: 1, country: 1)
        case .notes, .topics:
            Weights(object: 3, standalone: 2, modifier: -2, implied: 3, languageOnly: 2, shared: 1, sharedCap: 2, level: 1, country: 1)
        }
    }

    struct Evidence {
        var score: Int
        /// The language this finding points to, if any.
        var language: String?
        var description: String
        var source: Source
    }

    // MARK: Analysis of one text

    static func analyse(_ tokens: [ClassifierToken], source: Source, inheritedComputing: Bool) -> [Evidence] {
        guard !tokens.isEmpty else { return [] }
        let weight = weights(for: source)
        var evidence: [Evidence] = []
        var seen: Set<String> = []

        // 1. Language names, judged by the words around them.
        for mention in findMentions(tokens) {
            let name = "‘\(mention.written)’"
            switch role(of: mention, in: tokens) {
            case .object(let why):
                evidence.append(Evidence(score: weight.object, language: mention.language,
                                         description: "\(name) is the object of study (language name \(why))", source: source))
            case .standalone:
                evidence.append(Evidence(score: weight.standalone, language: mention.language,
                                         description: "\(name) is the object of study (language name stands alone)", source: source))
            case .learners:
                // The learners' own language ("for English speakers"): no evidence either way.
                continue
            case .modifier(let head):
                evidence.append(Evidence(score: weight.modifier, language: nil,
                                         description: "\(name) describes ‘\(head)’ (the language name modifies another field, it is not studied)", source: source))
            }
        }

        // 2. Exams, scripts and levels: each implies a language without naming it.
        for token in tokens {
            let word = token.word
            if let language = ClassifierLexicon.exams[word], seen.insert(word).inserted {
                let description = language.isEmpty
                    ? "‘\(token.original)’ is a language-level framework"
                    : "‘\(token.original)’ is a \(language) language exam"
                evidence.append(Evidence(score: weight.implied, language: language.isEmpty ? nil : language, description: description, source: source))
            } else if let language = scriptLanguage(token), seen.insert(word).inserted {
                evidence.append(Evidence(score: weight.implied, language: language,
                                         description: "‘\(token.original)’ belongs to the \(language) writing system", source: source))
            } else if ClassifierLexicon.levels.contains(word), seen.insert("level").inserted {
                // One level counts once: "A1–A2" is not twice the evidence.
                let hint = ClassifierLexicon.jlptLevels.contains(word) ? "Japanese" : nil
                evidence.append(Evidence(score: weight.level, language: hint,
                                         description: "‘\(token.original)’ looks like a language level", source: source))
            }
        }

        // 3. Learning cues without a language name. Shared cues are ignored in a computing
        //    context, inside a veto phrase ("public speaking"), and before "of" + a non-language
        //    ("Grammar of Graphics", "vocabulary of statistics": the vocabulary of a field).
        let computing = inheritedComputing || hasComputingContext(tokens)
        let vetoed = vetoedIndices(tokens)
        var sharedTotal = 0
        var hasCue = false
        for (index, token) in tokens.enumerated() where !vetoed.contains(index) {
            let word = token.word
            if ClassifierLexicon.languageOnlyCues.contains(word), seen.insert(word).inserted {
                hasCue = true
                evidence.append(Evidence(score: weight.languageOnly, language: nil,
                                         description: "‘\(token.original.lowercased())’ is a language-learning term", source: source))
            } else if ClassifierLexicon.sharedCues.contains(word), !computing, !isFieldVocabulary(at: index, tokens),
                      seen.insert(word).inserted {
                hasCue = true
                let score = min(weight.shared, weight.sharedCap - sharedTotal)
                guard score > 0 else { continue }
                sharedTotal += score
                evidence.append(Evidence(score: score, language: nil,
                                         description: "‘\(token.original.lowercased())’ suggests language learning", source: source))
            }
        }
        hasCue = hasCue || evidence.contains { $0.score > 0 }

        // 4. Countries only say which language, and only when something says it is a language.
        for token in tokens {
            if let language = ClassifierLexicon.countries[token.word], seen.insert(token.word).inserted {
                evidence.append(Evidence(score: hasCue ? weight.country : 0, language: language,
                                         description: "‘\(token.original)’ suggests \(language)", source: source))
            }
        }
        return evidence
    }

    // MARK: Language mentions

    struct Mention {
        var language: String
        var written: String
        /// Token range of the name ("American Sign Language" spans three).
        var start: Int
        var end: Int
        /// Written in the language itself ("Español", "日本語").
        var isNative: Bool
    }

    static func findMentions(_ tokens: [ClassifierToken]) -> [Mention] {
        var mentions: [Mention] = []
        var index = 0
        while index < tokens.count {
            // Longest names first, so "Mandarin Chinese" is one mention, not two.
            if let (words, language) = ClassifierLexicon.multiWordLanguages
                .filter({ matches($0.0, at: index, in: tokens) })
                .max(by: { $0.0.count < $1.0.count }) {
                let end = index + words.count - 1
                let written = tokens[index...end].map(\.original).joined(separator: " ")
                mentions.append(Mention(language: language, written: written, start: index, end: end, isNative: false))
                index = end + 1
                continue
            }
            let token = tokens[index]
            if let language = ClassifierLexicon.languageNames[token.word] {
                mentions.append(Mention(language: language, written: token.original, start: index, end: index, isNative: false))
            } else if let language = ClassifierLexicon.nativeNames[token.word] {
                mentions.append(Mention(language: language, written: token.original, start: index, end: index, isNative: true))
            } else if token.isUnspacedScript,
                      let (name, language) = ClassifierLexicon.nativeScriptNames.first(where: { token.word.contains($0.0) }) {
                mentions.append(Mention(language: language, written: name, start: index, end: index, isNative: true))
            }
            index += 1
        }
        return mentions
    }

    private static func matches(_ words: [String], at index: Int, in tokens: [ClassifierToken]) -> Bool {
        guard index + words.count <= tokens.count else { return false }
        for (offset, word) in words.enumerated() {
            let token = tokens[index + offset]
            if token.word != word || (offset > 0 && token.startsPhrase) { return false }
        }
        return true
    }

    enum Role: Equatable {
        /// The language is studied; the associated text says why ("followed by ‘grammar’").
        case object(String)
        case standalone
        /// The language of the learners, not the one studied: "English speakers".
        case learners
        /// The language name modifies another field, named by the head noun.
        case modifier(String)
    }

    /// Decides whether a language name is the object of study, from the noun phrase that
    /// follows it (its head noun), then from the word before it.
    static func role(of mention: Mention, in tokens: [ClassifierToken]) -> Role {
        // The phrase after the name runs to the next punctuation or boundary word
        // ("for", "of", "and", …). In English compounds the last word is the head:
        // "Spanish Civil War" is a war, "Spanish A2 Grammar" is grammar.
        var phrase: [ClassifierToken] = []
        var next = mention.end + 1
        while next < tokens.count, !tokens[next].startsPhrase, !ClassifierLexicon.phraseBoundaries.contains(tokens[next].word) {
            phrase.append(tokens[next])
            next += 1
        }
        let preceding = precedingCue(of: mention, in: tokens)

        if let head = phrase.last {
            let headText = head.original.lowercased()
            if isFollowingCue(head) { return .object("followed by ‘\(headText)’") }
            if ClassifierLexicon.languageNames[head.word] != nil { return .object("paired with ‘\(head.original)’") }
            if ClassifierLexicon.learnerNouns.contains(head.word) { return .learners }
            // "Japanese culture and language": a cue coordinated with the head still marks study.
            if next + 1 < tokens.count, ClassifierLexicon.coordinators.contains(tokens[next].word),
               !tokens[next + 1].startsPhrase, isFollowingCue(tokens[next + 1]) {
                return .object("followed by ‘\(headText) \(tokens[next].original) \(tokens[next + 1].original.lowercased())’")
            }
            if ClassifierLexicon.fieldHeads.contains(head.word) { return .modifier(headText) }
            // Native names come with native words we do not know: "Español básico".
            if mention.isNative { return .object("written in the language itself") }
            if case .object(let why)? = preceding { return .object(why) }
            // A cue inside the phrase still marks study: "Spanish vocabulary list",
            // "Japanese writing system"; but not "Spanish-speaking countries".
            if let cue = phrase.first(where: { isFollowingCue($0) && !ClassifierLexicon.nonHeadIgnoredCues.contains($0.word) }) {
                return .object("followed by ‘\(cue.original.lowercased())’")
            }
            // Any other head is something else the language describes: "Spanish guitar".
            return .modifier(headText)
        }

        // Nothing follows in the phrase. "Japanese for beginners", "Spanish for business":
        // a language name directly followed by "for" is a course in that language.
        if next < tokens.count, !tokens[next].startsPhrase, tokens[next].word == "for" {
            // Quote the audience phrase: "for beginners", "for English speakers".
            var audience: [String] = []
            var index = next + 1
            while index < tokens.count, audience.count < 3, !tokens[index].startsPhrase,
                  !ClassifierLexicon.phraseBoundaries.contains(tokens[index].word) {
                let token = tokens[index]
                audience.append(ClassifierLexicon.languageNames[token.word] != nil ? token.original : token.original.lowercased())
                index += 1
            }
            return .object("followed by ‘\((["for"] + audience).joined(separator: " "))’")
        }
        if let preceding { return preceding }
        if mention.isNative { return .object("written in the language itself") }
        return .standalone
    }

    /// Looks at the word before the name, and across "to/of/in" at the word before that:
    /// "Learn Italian", "Introduction to Korean" → object; "History of Spanish" → modifier.
    static func precedingCue(of mention: Mention, in tokens: [ClassifierToken]) -> Role? {
        guard let first = previousWord(before: mention.start, in: tokens) else { return nil }
        let firstToken = tokens[first]
        if ClassifierLexicon.precedingCues.contains(firstToken.word) {
            return .object("preceded by ‘\(firstToken.original.lowercased())’")
        }
        guard ClassifierLexicon.linkingPrepositions.contains(firstToken.word),
              let second = previousWord(before: first, in: tokens) else { return nil }
        let secondToken = tokens[second]
        let phrase = "\(secondToken.original.lowercased()) \(firstToken.original.lowercased())"
        if ClassifierLexicon.precedingCues.contains(secondToken.word) || ClassifierLexicon.followingCues.contains(secondToken.word) {
            return .object("preceded by ‘\(phrase)’")
        }
        if ClassifierLexicon.fieldHeads.contains(secondToken.word) {
            return .modifier(secondToken.original.lowercased())
        }
        return nil
    }

    /// The index of the previous word in the same phrase, skipping articles.
    private static func previousWord(before index: Int, in tokens: [ClassifierToken]) -> Int? {
        var current = index
        while current > 0, !tokens[current].startsPhrase {
            current -= 1
            if !ClassifierLexicon.determiners.contains(tokens[current].word) { return current }
        }
        return nil
    }

    private static func isFollowingCue(_ token: ClassifierToken) -> Bool {
        ClassifierLexicon.followingCues.contains(token.word)
            || ClassifierLexicon.levels.contains(token.word)
            || ClassifierLexicon.exams[token.word] != nil
            || token.isCourseNumber
            || scriptLanguage(token) != nil
    }

    private static func scriptLanguage(_ token: ClassifierToken) -> String? {
        if let language = ClassifierLexicon.scripts[token.word] { return language }
        guard token.isUnspacedScript else { return nil }
        return ClassifierLexicon.scripts.first { $0.key.unicodeScalars.contains { $0.value >= 0x0900 } && token.word.contains($0.key) }?.value
    }

    // MARK: Context

    static func hasComputingContext(_ tokens: [ClassifierToken]) -> Bool {
        contextMarker(tokens) != nil
    }

    /// The words that put a text in a non-learning context: the first veto phrase
    /// ("public speaking"), else the first computing word ("automata"); nil if none.
    static func contextMarker(_ tokens: [ClassifierToken]) -> String? {
        if let first = vetoedIndices(tokens).min() {
            return "\(tokens[first].original.lowercased()) \(tokens[first + 1].original.lowercased())"
        }
        return tokens.first { ClassifierLexicon.computingContext.contains($0.word) }?.original.lowercased()
    }

    /// Indices of words inside a veto phrase ("natural language", "public speaking").
    static func vetoedIndices(_ tokens: [ClassifierToken]) -> Set<Int> {
        var indices: Set<Int> = []
        for index in tokens.indices.dropLast() {
            let pair = [tokens[index].word, tokens[index + 1].word]
            if ClassifierLexicon.vetoBigrams.contains(pair), !tokens[index + 1].startsPhrase {
                indices.insert(index)
                indices.insert(index + 1)
            }
        }
        return indices
    }

    /// "Vocabulary of statistics": a cue followed by "of" and something that is not a language
    /// is the vocabulary of a field, not language learning.
    private static func isFieldVocabulary(at index: Int, _ tokens: [ClassifierToken]) -> Bool {
        guard index + 2 < tokens.count, tokens[index + 1].word == "of" else { return false }
        var target = index + 2
        while target < tokens.count - 1, ClassifierLexicon.determiners.contains(tokens[target].word) { target += 1 }
        let word = tokens[target].word
        return ClassifierLexicon.languageNames[word] == nil && ClassifierLexicon.nativeNames[word] == nil
    }

    // MARK: Verdict

    /// The language with the most positive evidence; on a tie, the one found first (the title
    /// is analysed first, so it wins ties with the notes).
    static func targetLanguage(_ evidence: [Evidence]) -> String? {
        var totals: [String: Int] = [:]
        var order: [String] = []
        for item in evidence where item.score >= 0 {
            guard let language = item.language else { continue }
            if totals[language] == nil { order.append(language) }
            // Zero-score hints (a country with no cue) still break a total silence.
            totals[language, default: 0] += max(item.score, 1)
        }
        return order.max { totals[$0]! < totals[$1]! || (totals[$0]! == totals[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }
    }

    static func languageReason(_ evidence: [Evidence], language: String?) -> String {
        // The strongest findings, enough of them to reach the threshold, best first.
        let positive = evidence.enumerated().filter { $0.element.score > 0 }
            .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element)
        var parts: [String] = []
        var sum = 0
        for item in positive where sum < threshold {
            sum += item.score
            parts.append(prefix(item.source) + item.description)
        }
        var reason = parts.joined(separator: "; ")
        if !evidence.contains(where: { $0.source == .title && $0.score > 0 }) {
            reason = "the title alone is not conclusive; " + reason
        }
        if language == nil { reason += " (the target language is not named)" }
        return reason
    }

    static func generalReason(_ evidence: [Evidence], total: Int, titleContext: String?) -> String {
        if let strongest = evidence.filter({ $0.score < 0 }).min(by: { $0.score < $1.score }) {
            return prefix(strongest.source) + strongest.description
        }
        if let titleContext {
            return "‘\(titleContext)’ sets a computing, formal or other non-learning sense; no human language is being learned"
        }
        let cues = evidence.filter { $0.score > 0 }.map(\.description)
        if !cues.isEmpty {
            return "only weak language cues (" + cues.joined(separator: "; ") + "), not enough for a language subject"
        }
        return "no language being learned is named or implied"
    }

    private static func prefix(_ source: Source) -> String {
        switch source {
        case .title: ""
        case .notes: "notes: "
        case .topics: "topics: "
        }
    }
}

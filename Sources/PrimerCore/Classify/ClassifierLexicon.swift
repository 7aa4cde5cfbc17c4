/// The word lists behind `SubjectClassifier`. Only data lives here; the rules that use it are in
/// SubjectClassifier.swift. Every entry is written in folded form: lower case, accents removed
/// ("Español" → "espanol"), the form `ClassifierText.fold` produces.
enum ClassifierLexicon {
    // MARK: Languages

    /// Language names as written in English titles, mapped to the name the kit uses.
    /// A name alone proves nothing ("French Revolution"); the scoring decides whether it is the
    /// object of study from the words around it.
    static let languageNames: [String: String] = [
        "spanish": "Spanish", "french": "French", "german": "German", "japanese": "Japanese",
        "polish": "Polish", "turkish": "Turkish", "italian": "Italian", "portuguese": "Portuguese",
        "chinese": "Chinese", "mandarin": "Mandarin Chinese", "cantonese": "Cantonese",
        "korean": "Korean", "russian": "Russian", "arabic": "Arabic", "dutch": "Dutch",
        "swedish": "Swedish", "norwegian": "Norwegian", "danish": "Danish", "finnish": "Finnish",
        "greek": "Greek", "hindi": "Hindi", "urdu": "Urdu", "bengali": "Bengali",
        "latin": "Latin", "hebrew": "Hebrew", "english": "English", "ukrainian": "Ukrainian",
        "czech": "Czech", "hungarian": "Hungarian", "romanian": "Romanian", "vietnamese": "Vietnamese",
        "thai": "Thai", "indonesian": "Indonesian", "swahili": "Swahili", "persian": "Persian",
        "farsi": "Persian", "catalan": "Catalan", "irish": "Irish", "welsh": "Welsh",
        "icelandic": "Icelandic", "tagalog": "Tagalog", "esperanto": "Esperanto", "sanskrit": "Sanskrit",
    ]

    /// Names written in the language itself. Someone who titles a kit "Español básico" or
    /// "Deutsch für Anfänger" is studying that language, and the rest of the title is usually
    /// in that language too, so an unknown word after a native name does not make it a modifier.
    static let nativeNames: [String: String] = [
        "espanol": "Spanish", "castellano": "Spanish", "francais": "French", "deutsch": "German",
        "italiano": "Italian", "portugues": "Portuguese", "nihongo": "Japanese", "polski": "Polish",
        "turkce": "Turkish", "nederlands": "Dutch", "svenska": "Swedish", "norsk": "Norwegian",
        "dansk": "Danish", "suomi": "Finnish", "русскии": "Russian", "русский": "Russian",
        "ελληνικα": "Greek", "العربية": "Arabic", "hangugeo": "Korean", "putonghua": "Mandarin Chinese",
    ]

    /// Native names in scripts written without spaces (CJK, Hangul, Devanagari): a whole title
    /// like "日本語文法" is one token, so these are found by containment, not equality.
    static let nativeScriptNames: [(String, String)] = [
        ("日本語", "Japanese"), ("中文", "Chinese"), ("汉语", "Chinese"), ("漢語", "Chinese"),
        ("普通话", "Mandarin Chinese"), ("普通話", "Mandarin Chinese"), ("한국어", "Korean"),
        ("한국말", "Korean"), ("हिन्दी", "Hindi"), ("हिंदी", "Hindi"),
    ]

    /// Names of more than one word. Matched before single words, so "American Sign Language" is a
    /// language although "language" alone is not, and "Mandarin Chinese" is one mention.
    static let multiWordLanguages: [([String], String)] = [
        (["american", "sign", "language"], "American Sign Language"),
        (["british", "sign", "language"], "British Sign Language"),
        (["mandarin", "chinese"], "Mandarin Chinese"),
        (["brazilian", "portuguese"], "Brazilian Portuguese"),
        (["ancient", "greek"], "Ancient Greek"),
        (["biblical", "hebrew"], "Biblical Hebrew"),
        (["old", "english"], "Old English"),
        (["sign", "language"], "Sign Language"),
        (["asl"], "American Sign Language"),
    ]

    // MARK: Words that imply a language on their own

    /// Language exams. Nobody studies for the JLPT except to learn Japanese, so an exam name is
    /// strong evidence and also names the target language.
    static let exams: [String: String] = [
        "jlpt": "Japanese", "hsk": "Chinese", "dele": "Spanish", "siele": "Spanish",
        "delf": "French", "dalf": "French", "tcf": "French", "topik": "Korean",
        "toefl": "English", "ielts": "English", "toeic": "English", "esl": "English",
        "efl": "English", "esol": "English", "testdaf": "German", "zertifikat": "German",
        "cils": "Italian", "celi": "Italian", "plida": "Italian", "caple": "Portuguese",
        "celpe": "Portuguese", "torfl": "Russian", "cefr": "",
    ]

    /// Writing systems tied to one language: studying kanji is studying Japanese.
    static let scripts: [String: String] = [
        "kanji": "Japanese", "kana": "Japanese", "hiragana": "Japanese", "katakana": "Japanese",
        "hangul": "Korean", "hangeul": "Korean", "pinyin": "Chinese", "hanzi": "Chinese",
        "cyrillic": "Russian", "devanagari": "Hindi",
        "漢字": "Japanese", "ひらがな": "Japanese", "カタカナ": "Japanese", "한글": "Korean",
    ]

    /// CEFR (A1–C2) and JLPT (N5–N1) levels. Next to a language name they mark it as studied
    /// ("Spanish A2"); alone they are weak evidence, since "C1" is also a smoothness class.
    static let levels: Set<String> = ["a1", "a2", "b1", "b2", "c1", "c2", "n1", "n2", "n3", "n4", "n5"]
    /// The JLPT levels also hint at Japanese when no language is named ("N4 kanji").
    static let jlptLevels: Set<String> = ["n1", "n2", "n3", "n4", "n5"]

    // MARK: Learning cues

    /// Words that, right after a language name, make the language the object of study:
    /// "Spanish grammar", "Mandarin tones", "German 101", "Japanese N3 reading".
    static let followingCues: Set<String> = [
        "grammar", "vocabulary", "vocab", "words", "word", "phrases", "phrase", "phrasebook",
        "expressions", "idioms", "slang", "verbs", "verb", "nouns", "adjectives", "adverbs",
        "pronouns", "particles", "prepositions", "tenses", "tense", "conjugation", "conjugations",
        "declension", "declensions", "cases", "pronunciation", "accent", "tones", "tone", "alphabet",
        "script", "characters", "spelling", "listening", "speaking", "reading", "writing",
        "conversation", "conversations", "dialogue", "dialogues", "comprehension", "composition",
        "dictation", "fluency", "language", "lessons", "lesson", "course", "class", "classes",
        "basics", "essentials", "fundamentals", "learning", "practice", "drills", "exercises",
        "flashcards", "greetings", "numbers", "sentences", "sentence", "syntax", "morphology",
        "phonetics", "phonology", "exam", "test", "proficiency", "textbook", "workbook",
        "dictionary", "translation", "immersion", "tutor", "tutoring", "primer", "crash",
        "kanji", "kana", "hiragana", "katakana", "hangul", "pinyin", "hanzi",
        "i", "ii", "iii", "iv",
    ]

    /// Following cues that do not count when they are not the head of the phrase: in
    /// "Spanish-speaking countries" or "Spanish language media" the head is another noun.
    static let nonHeadIgnoredCues: Set<String> = ["language", "speaking"]

    /// Words that, right before a language name (possibly across "to"/"in"/"of"), make it the
    /// object of study: "Learn Italian", "Business English", "Introduction to Korean".
    static let precedingCues: Set<String> = [
        "learn", "learning", "learner", "learners", "study", "studying", "speak", "speaking",
        "practice", "practise", "introduction", "intro", "beginner", "beginners", "beginning",
        "elementary", "intermediate", "advanced", "basic", "conversational", "business",
        "everyday", "spoken", "written", "academic", "medical", "legal", "survival", "travel",
        "teach", "teaching", "improve", "master", "mastering", "course", "lessons", "guide",
        "grammar", "vocabulary", "translation", "translate", "translating", "fluent", "say",
    ]

    /// Cues that belong to language learning and almost nowhere else: enough on their own, even
    /// with no language named ("Verb conjugation drills").
    static let languageOnlyCues: Set<String> = [
        "conjugation", "conjugations", "pronunciation", "phrasebook", "declension", "declensions",
        "phrasal",
    ]

    /// Cues that are common in language learning but also elsewhere ("Medical vocabulary",
    /// "Public speaking", "Formal grammar"): each is weak evidence, and they are ignored in a
    /// computing context. Plurals like "grammars"/"languages" are deliberately absent: they are
    /// the formal-language sense.
    static let sharedCues: Set<String> = [
        "vocabulary", "vocab", "grammar", "verbs", "phrases", "idioms", "tenses", "greetings",
        "speaking", "listening", "conversation", "conversational", "fluency", "spelling", "accent",
        "dialogues", "translation",
    ]

    // MARK: Fields a language name can modify

    /// Head nouns that make a preceding language name an adjective of another field:
    /// "French Revolution", "Russian literature", "Polish notation", "Japanese language models".
    /// Any unknown head also counts as a modifier; this list lets the reason name the field and
    /// lets "History of Spanish" be recognised before the name.
    static let fieldHeads: Set<String> = [
        "history", "histories", "historiography", "literature", "literatures", "poetry", "poets",
        "poems", "novel", "novels", "fiction", "drama", "theatre", "theater", "art", "arts",
        "artists", "painting", "paintings", "sculpture", "architecture", "cinema", "film", "films",
        "music", "opera", "dance", "cuisine", "cooking", "gastronomy", "wine", "politics",
        "political", "policy", "government", "culture", "cultures", "society", "revolution",
        "revolutions", "empire", "empires", "war", "wars", "army", "navy", "military", "economy",
        "economics", "philosophy", "philosophers", "religion", "mythology", "folklore", "law",
        "notation", "algorithm", "theorem", "geography", "civilization", "civilisation",
        "monarchy", "republic", "nationalism", "colonialism", "diaspora", "immigration",
        "inquisition", "armada", "renaissance", "enlightenment", "romanticism", "impressionism",
        "ceremony", "calligraphy", "fashion", "design", "studies", "anthropology", "sociology",
        "medicine", "anime", "manga", "garden", "gardens", "people", "resistance", "occupation",
        "unification", "reformation", "constitution", "parliament", "elections", "dynasty",
        "processing", "model", "models", "nlp", "programming", "tokenization", "parsing",
    ]

    /// Nouns for the learners themselves. In "Spanish for English speakers" the second name is
    /// the learners' language: neither studied nor a field, so it must not count against Spanish.
    static let learnerNouns: Set<String> = [
        "speaker", "speakers", "learner", "learners", "students", "natives", "expats", "teachers",
    ]

    /// Words after which a coordinated cue still refers to the language: "Japanese culture and
    /// language" studies the language too.
    static let coordinators: Set<String> = ["and", "or"]

    // MARK: Context that turns "language"/"grammar" into another sense

    /// Words that mark a computing or formal-linguistics context. When one occurs, the shared
    /// cues ("grammar", "vocabulary") in the same text are not evidence of language learning:
    /// "Context-free grammars", "Programming language vocabulary".
    static let computingContext: Set<String> = [
        "programming", "program", "programs", "compiler", "compilers", "automata", "automaton",
        "parsing", "parser", "parsers", "lexer", "sql", "query", "nlp", "llm", "llms",
        "computational", "tokenization", "tokenizer", "transformer", "transformers", "neural",
        "regex", "turing", "chomsky", "grammars", "languages", "formal", "markup", "scripting",
        "software", "computer", "computing", "algorithm", "algorithms",
    ]

    /// Two-word phrases where a shared cue or "language" has a non-learning sense.
    static let vetoBigrams: [[String]] = [
        ["natural", "language"], ["body", "language"], ["language", "model"], ["language", "models"],
        ["context", "free"], ["formal", "language"], ["query", "language"], ["public", "speaking"],
        ["active", "listening"], ["regular", "expression"], ["regular", "expressions"],
        ["programming", "language"], ["markup", "language"],
    ]

    // MARK: Sentence structure

    /// Words that end the noun phrase after a language name. In "Japanese for beginners" the
    /// phrase after "Japanese" is empty, so the name stands alone; in "Polish notation in logic"
    /// it is "notation". Adverbs like "fast" are here so "Learn Spanish fast" keeps Spanish alone.
    static let phraseBoundaries: Set<String> = [
        "for", "of", "in", "and", "or", "with", "to", "at", "on", "through", "via", "by", "from",
        "as", "vs", "versus", "into", "the", "a", "an", "is", "are", "made", "easy", "fast",
        "quickly", "online", "now", "today", "daily", "step", "like", "without", "while", "when",
        "so", "but", "because", "my", "we", "our", "using",
    ]

    /// Articles skipped when looking at the words before a language name.
    static let determiners: Set<String> = ["the", "a", "an", "my", "some"]

    /// Prepositions across which a preceding word still governs the name: "introduction to
    /// Korean", "history of Spanish", "literature in German".
    static let linkingPrepositions: Set<String> = ["to", "of", "in", "into"]

    /// Countries, as a hint to the target language when notes speak of a trip ("my trip to Spain")
    /// and other cues show the subject is a language. Never evidence on their own: "History of Japan".
    static let countries: [String: String] = [
        "spain": "Spanish", "mexico": "Spanish", "argentina": "Spanish", "colombia": "Spanish",
        "france": "French", "germany": "German", "austria": "German", "japan": "Japanese",
        "italy": "Italian", "poland": "Polish", "turkey": "Turkish", "portugal": "Portuguese",
        "brazil": "Portuguese", "china": "Chinese", "taiwan": "Chinese", "korea": "Korean",
        "russia": "Russian", "netherlands": "Dutch", "holland": "Dutch", "sweden": "Swedish",
        "greece": "Greek", "norway": "Norwegian", "denmark": "Danish", "finland": "Finnish",
        "vietnam": "Vietnamese", "thailand": "Thai", "egypt": "Arabic", "morocco": "Arabic",
    ]
}

/// Words too common to tell passages apart (English, plus the commonest French, Spanish and
/// German function words, since course material is not always in English). Folded: no accents.
enum StopWords {
    static let all: Set<String> = [
        // English
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are", "as",
        "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could",
        "did", "do", "does", "doing", "down", "during", "each", "either", "etc", "few", "for", "from", "further",
        "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
        "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "let", "may", "me", "might",
        "more", "most", "must", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only",
        "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some",
        "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they",
        "this", "those", "through", "thus", "to", "too", "under", "until", "up", "upon", "us", "very", "via",
        "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "whose", "why", "will",
        "with", "within", "without", "would", "yet", "you", "your", "yours", "yourself", "yourselves",
        // French
        "le", "la", "les", "un", "une", "des", "du", "de", "et", "ou", "en", "au", "aux", "ce", "ces", "cette",
        "est", "sont", "pour", "par", "sur", "dans", "avec", "que", "qui", "il", "elle", "ils", "elles", "nous",
        "vous", "je", "ne", "pas", "se", "sa", "son", "ses", "leur", "leurs",
        // Spanish
        "el", "los", "las", "una", "unos", "unas", "y", "o", "del", "al", "con", "por", "para", "es", "son",
        "lo", "su", "sus", "como", "mas", "pero",
        // German
        "der", "die", "das", "den", "dem", "ein", "eine", "einer", "eines", "und", "oder", "ist", "sind", "mit",
        "fur", "von", "zu", "im", "auf", "nicht", "auch", "sich",
    ]
}

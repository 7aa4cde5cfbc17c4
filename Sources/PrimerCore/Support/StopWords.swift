/// English function words and generic course words ("introduction", "overview", "basics"…):
/// words that say nothing about what a title or item is about. One list for the gates' keywords
/// (`GateText`) and the evaluation's (`EvalText`).
public enum StopWords {
    public static let english: Set<String> = [
        "a", "an", "the", "and", "or", "nor", "but", "of", "to", "in", "on", "at", "by", "for",
        "with", "without", "from", "into", "onto", "about", "as", "vs", "versus", "via", "per",
        "between", "among", "through", "over", "under", "within", "is", "are", "was", "were", "be",
        "been", "being", "do", "does", "did", "doing", "has", "have", "had", "can", "could", "will",
        "would", "shall", "should", "may", "might", "must", "it", "its", "this", "that", "these",
        "those", "there", "their", "they", "them", "we", "our", "you", "your", "he", "she", "his",
        "her", "i", "my", "me", "us", "who", "whom", "whose", "what", "which", "when", "where",
        "why", "how", "if", "then", "than", "so", "not", "no", "yes", "all", "any", "some", "each",
        "every", "both", "either", "neither", "one", "two", "more", "most", "less", "least",
        "other", "such", "same", "also", "only", "just", "very", "too", "using", "use", "used",
        "uses", "e", "g", "eg", "ie", "etc",
        // Generic course vocabulary.
        "introduction", "intro", "introductory", "overview", "basic", "basics", "fundamental",
        "fundamentals", "foundation", "foundations", "principle", "principles", "concept",
        "concepts", "topic", "topics", "advanced", "application", "applications", "applied",
        "example", "examples", "part", "chapter", "unit", "lesson", "section", "module",
        "understanding", "understand", "key", "common", "general", "further", "more", "essential",
        "essentials", "core", "important", "main", "property", "properties", "type", "types",
        "kind", "kinds", "case", "cases", "study", "studies", "review", "summary", "practice",
        // Not "mean": in statistics it is content.
        "define", "defined", "definition", "describe", "explain", "called", "term", "true",
        "false", "following", "correct",
    ]
}

// Strings of the ask view.
export default {
  en: {
    "ask.label": "Your question",
    "ask.hint": "Answered from this subject's documents and lessons, with sources. Ctrl+Enter sends.",
    "ask.submit": "Ask",
    "ask.thinking": "Looking through the sources…",
    "ask.unanswered": "No answer:",
    "ask.noReason": "the documents and lessons do not cover this question.",
    "ask.quotes": "From the sources, word for word:",
    "ask.sources": "Sources",
    "ask.by": "Answered by {provider} ({model}) · passages read: {count}",
  },
  de: {
    "ask.label": "Deine Frage",
    "ask.hint": "Beantwortet aus den Dokumenten und Lektionen dieses Fachs, mit Quellen. Strg+Enter sendet.",
    "ask.submit": "Fragen",
    "ask.thinking": "Die Quellen werden durchsucht…",
    "ask.unanswered": "Keine Antwort:",
    "ask.noReason": "Die Dokumente und Lektionen behandeln diese Frage nicht.",
    "ask.quotes": "Aus den Quellen, wörtlich:",
    "ask.sources": "Quellen",
    "ask.by": "Beantwortet von {provider} ({model}) · gelesene Textstellen: {count}",
  },
};

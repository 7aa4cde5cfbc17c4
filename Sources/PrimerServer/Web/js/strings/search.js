// Strings of the search view.
export default {
  en: {
    "search.label": "Search this subject's cards",
    "search.hint": "{count} cards; case and accents do not matter.",
    "search.results": "Search results",
    "search.count": "{count} found",
    "search.countSome": "{count} found; the first {shown} are shown",
    "search.kind.choice": "Choice",
    "search.kind.hint": "Hint",
  },
  de: {
    "search.label": "Karten dieses Fachs durchsuchen",
    "search.hint": "{count} Karten; Groß- und Kleinschreibung und Akzente sind egal.",
    "search.results": "Suchergebnisse",
    "search.count": "{count} gefunden",
    "search.countSome": "{count} gefunden; die ersten {shown} werden gezeigt",
    "search.kind.choice": "Antwortoption",
    "search.kind.hint": "Hinweis",
  },
};

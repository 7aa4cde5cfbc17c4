// Strings of the vocabulary view.
export default {
  en: {
    "vocab.none": "No terms in this subject yet.",
    "vocab.show": "Show",
    "vocab.filter.all": "All",
    "vocab.filter.known": "Known",
    "vocab.filter.unknown": "Not known yet",
    "vocab.filterText": "Filter terms",
    "vocab.known": "I know it",
    "vocab.hint": "Tick the terms you know; the rest stay in your studies.",
    "vocab.count": "Showing {shown} of {total} terms · {known} known",
  },
  de: {
    "vocab.none": "Dieses Fach hat noch keine Begriffe.",
    "vocab.show": "Zeigen",
    "vocab.filter.all": "Alle",
    "vocab.filter.known": "Gewusst",
    "vocab.filter.unknown": "Noch nicht gewusst",
    "vocab.filterText": "Begriffe filtern",
    "vocab.known": "kann ich",
    "vocab.hint": "Hake die Begriffe ab, die du kannst; die übrigen bleiben in deinem Lernplan.",
    "vocab.count": "{shown} von {total} Begriffen · {known} gewusst",
  },
};

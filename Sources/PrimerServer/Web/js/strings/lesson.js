// Strings of the lesson view (the plan with its lessons).
export default {
  en: {
    "lesson.noPlan": "No plan yet: generate one, or add topics in the deck editor.",
    "lesson.generate": "Generate a plan",
    "lesson.notGenerated": "This lesson has not been generated yet.",
    "lesson.quizSubtopic": "Quiz me on “{title}”",
    "lesson.sources": "Sources",
    "lesson.openSource": "open",
  },
  de: {
    "lesson.noPlan": "Noch kein Plan: Lass einen erzeugen oder lege Themen im Deck-Editor an.",
    "lesson.generate": "Plan erzeugen",
    "lesson.notGenerated": "Diese Lektion wurde noch nicht erzeugt.",
    "lesson.quizSubtopic": "Quiz zu „{title}“",
    "lesson.sources": "Quellen",
    "lesson.openSource": "öffnen",
  },
};

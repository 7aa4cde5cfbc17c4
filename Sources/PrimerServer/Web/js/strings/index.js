// The catalogue's areas, merged into one table by i18n.js (core.js is there from the start). Each area exports { en, de } with the
// same keys (a test checks it); keys are prefixed by area ("study.", "editor."…).
import core from "./core.js";
import study from "./study.js";
import quiz from "./quiz.js";
import lesson from "./lesson.js";
import editor from "./editor.js";
import generate from "./generate.js";
import documents from "./documents.js";
import vocab from "./vocab.js";
import search from "./search.js";
import ask from "./ask.js";
import stats from "./stats.js";
import account from "./account.js";

export const areas = [core, study, quiz, lesson, editor, generate, documents, vocab, search, ask, stats, account];

import Foundation
import PrimerTestSupport

/// What a loopback stub provider answers for each family of a "Photosynthesis" kit: valid content
/// that passes the shipped families' gates. The family is read from the request's
/// `response_format.json_schema.name` (the lesson has no schema).
enum StubKitAnswers {
    /// The family a request is for. openai-chat names the schema after the family; the
    /// Perplexity adapter prefixes it with `primer` ("primerquiz").
    static func family(of request: StubHTTPServer.Request) -> String {
        let format = request.json?["response_format"] as? [String: Any]
        let name = (format?["json_schema"] as? [String: Any])?["name"] as? String ?? "lesson"
        return name.hasPrefix("primer") ? String(name.dropFirst("primer".count)) : name
    }

    /// The answer's text: JSON in the family's schema, or Markdown notes.
    static func text(for request: StubHTTPServer.Request) -> String {
        let content: Any
        switch family(of: request) {
        case "plan":
            content = ["topics": [
                ["title": "Light Reactions", "overview": "How light becomes chemical energy.", "subtopics": ["Pigments", "Electron Transport"]],
                ["title": "Carbon Fixation", "overview": "How carbon dioxide becomes sugar.", "subtopics": ["Calvin Cycle", "Photorespiration"]],
            ]]
        case "flashcards":
            content = ["flashcards": [
                ["front": "Which pigment absorbs red and blue light?", "back": "Chlorophyll a"],
                ["front": "Where are photosynthetic pigments found?", "back": "In the thylakoid membranes"],
                ["front": "Why do leaves look green?", "back": "Pigments reflect green light"],
            ]]
        case "quiz":
            content = ["questions": [
                ["question": "Which pigment is the main one in plants?", "choices": ["Chlorophyll a", "Carotene", "Xanthophyll", "Melanin"], "answer_index": 0, "explanation": "Chlorophyll a drives the light reactions."],
                ["question": "Which colour do pigments reflect in leaves?", "choices": ["Red", "Blue", "Green", "Violet"], "answer_index": 2, "explanation": "Green light is reflected, so leaves look green."],
            ]]
        case "cloze":
            content = ["clozes": [
                ["text": "{{c1::Chlorophyll a}} is the main pigment of the light reactions.", "extra": "It absorbs red and blue light."],
                ["text": "Leaves look green because their pigments {{c1::reflect}} {{c2::green light}}."],
            ]]
        case "terms":
            content = ["terms": [
                ["term": "Chlorophyll", "definition": "The green molecule that captures light energy in plants."],
                ["term": "Accessory pigment", "definition": "A molecule that widens the range of light a plant can use."],
            ]]
        case "matching":
            content = ["exercises": [[
                "prompt": "Pigments and what they do",
                "pairs": [
                    ["left": "Chlorophyll a", "right": "drives the light reactions"],
                    ["left": "Chlorophyll b", "right": "passes energy on to chlorophyll a"],
                    ["left": "Carotene", "right": "absorbs blue-green light"],
                    ["left": "Xanthophyll", "right": "protects against too much light"],
                ],
            ]]]
        case "ordering":
            content = ["sequences": [[
                "prompt": "From light to a reaction centre",
                "steps": ["A pigment absorbs a photon", "The energy passes between pigments", "It reaches the reaction centre", "An electron leaves chlorophyll a"],
            ]]]
        default:
            // The lesson states what the cards, questions and exercises say (the `support` gate).
            return "# Pigments\n\n" + String(repeating: "Photosynthetic pigments absorb light of particular wavelengths and pass the energy on to reaction centres in the thylakoid membranes. ", count: 3)
                + "Chlorophyll a, the main pigment in plants, absorbs red and blue light and drives the light reactions. Chlorophyll is the green molecule that captures light energy in plants. "
                + "Leaves look green because their pigments reflect green light. Accessory pigments widen the range of light a plant can use: chlorophyll b passes energy on to chlorophyll a, carotene absorbs blue-green light, and xanthophyll protects against too much light. "
                + "When a pigment absorbs a photon, the energy passes between pigments until it reaches the reaction centre, where an electron leaves chlorophyll a."
        }
        return String(decoding: try! JSONSerialization.data(withJSONObject: content), as: UTF8.self)
    }
}

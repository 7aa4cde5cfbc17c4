import Foundation
import PrimerCore

extension Workspace {
    /// Explains a card while studying (`study`'s e key, `quiz`'s e after a wrong answer, the API's
    /// `explainItem`): a question about the card asked as `ask` asks it, from the card's
    /// subtopic's lesson and the subject's documents, the sources found by the card's own words.
    /// With `chosen` (a quiz question's choice that was wrong), why that choice is not the answer.
    public func explain(_ key: String, chosen: Int? = nil, providerName: String) async throws -> AskAnswer {
        let card = try await studyCard(key)
        if chosen != nil, card.content.choice == nil { throw WorkspaceError("\(card.key) is not a quiz question; a chosen answer explains only a question") }
        let store = try await readingStore()
        guard let subject = try await store.subject(titled: card.subject) else { throw Self.noSubject(card.subject) }
        let question: String
        let query: String
        switch card.content {
        case .pair(let pair):
            question = "Explain why the answer to “\(pair.front)” is “\(pair.back)”."
            query = "\(pair.front) \(pair.back)"
        case .choice(let item):
            let correct = item.choices.indices.contains(item.correctIndex) ? item.choices[item.correctIndex] : ""
            if let chosen {
                guard item.choices.indices.contains(chosen) else {
                    throw WorkspaceError("question \(card.key) has choices \(ChoiceLetter.of(0)) to \(ChoiceLetter.of(item.choices.count - 1)); \(chosen) is not one")
                }
                question = "Why is “\(item.choices[chosen])” not the answer to “\(item.question)”, and why is “\(correct)”?"
                query = "\(item.question) \(item.choices[chosen]) \(correct)"
            } else {
                question = "Explain why the answer to “\(item.question)” is “\(correct)”."
                query = "\(item.question) \(correct)"
            }
        case .cloze(let cloze):
            let plain = ClozeText.plain(cloze.text)
            question = "Explain: \(plain)"
            query = plain
        case .lesson:
            throw WorkspaceError("\(card.key) is a lesson; explain a card or a question")
        case .shaped(let item):
            let faces = CardFaces(card.content)
            question = "Explain the answer to this exercise:\n\(faces.front)\nAnswer:\n\(faces.back)"
            query = item.definition?.aboutText(item) ?? faces.back
        }
        return try await answer(question, about: subject, query: query, subtopic: card.subtopic, store: store, providerName: providerName)
    }
}

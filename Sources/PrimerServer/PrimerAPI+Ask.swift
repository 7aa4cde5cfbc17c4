import Foundation
import PrimerApp
import PrimerCore

extension PrimerAPI {
    /// `primer ask` over HTTP: the caller's subject, the server's provider unless the body names
    /// another it has; the answer as the application layer gives it.
    func ask(_ input: Operations.Ask.Input) async throws -> Operations.Ask.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the question as JSON.") }
        let providerName = try serverProvider(body.provider, workspace)
        try await accounts.admitQuestion(of: account.owner)
        let answer = try await workspace.ask(subject: subject.title, question: body.question, providerName: providerName)
        return .ok(.init(body: .json(Self.schema(answer))))
    }

    /// `study`'s e key and `quiz`'s explanation of a wrong answer over HTTP, for the caller's item.
    func explainItem(_ input: Operations.ExplainItem.Input) async throws -> Operations.ExplainItem.Output {
        let (account, workspace) = try caller()
        _ = try await ownedItem(input.path.itemId, of: account)
        var chosen: Int?, provider: String?
        if case .json(let body)? = input.body { (chosen, provider) = (body.chosen, body.provider) }
        if let chosen, !(0...25).contains(chosen) { throw APIError.invalid("chosen is 0 to 25 (A to Z), not \(chosen).") }
        let providerName = try serverProvider(provider, workspace)
        try await accounts.admitQuestion(of: account.owner)
        let answer = try await workspace.explain(ItemKey.of(input.path.itemId), chosen: chosen, providerName: providerName)
        return .ok(.init(body: .json(Self.schema(answer))))
    }

    static func schema(_ answer: AskAnswer) -> Components.Schemas.Answer {
        .init(
            question: answer.question, answered: answer.answered, method: answer.method == "quotes" ? .quotes : .model, answer: answer.answer,
            reason: answer.reason, sourcesGiven: answer.sourcesGiven, provider: answer.provider, model: answer.model,
            citations: answer.citations.map {
                .init(number: $0.number, kind: $0.kind == .lesson ? .lesson : .document, label: $0.label, document: $0.document, page: $0.page,
                      lastPage: $0.lastPage, section: $0.section, text: $0.text)
            })
    }
}

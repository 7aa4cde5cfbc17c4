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
        if let provider = body.provider, provider.isEmpty || provider.count > 200 { throw APIError.invalid("provider is 1 to 200 characters when given.") }
        let providerName = workspace.providerName(body.provider ?? policy.provider)
        do { _ = try workspace.resolver.manifest(named: providerName) } catch { throw APIError.invalid("\(error)") }
        let answer = try await workspace.ask(subject: subject.title, question: body.question, providerName: providerName)
        return .ok(.init(body: .json(.init(
            question: answer.question, answered: answer.answered, method: answer.method == "quotes" ? .quotes : .model, answer: answer.answer,
            reason: answer.reason, sourcesGiven: answer.sourcesGiven, provider: answer.provider, model: answer.model,
            citations: answer.citations.map {
                .init(number: $0.number, kind: $0.kind == .lesson ? .lesson : .document, document: $0.document, page: $0.page, lastPage: $0.lastPage,
                      section: $0.section, text: $0.text)
            }))))
    }
}

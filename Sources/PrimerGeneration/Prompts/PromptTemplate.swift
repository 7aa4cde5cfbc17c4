import Foundation
import Mustache
import PrimerCore

/// One Mustache template of a family (system, user or reminder), compiled and linted at load time.
public struct PromptTemplate: Sendable {
    public let source: String
    private let compiled: MustacheTemplate

    /// Prompts are plain text: the TEXT content type stops Mustache from HTML-escaping `{{x}}`.
    init(source: String) throws {
        self.source = source
        self.compiled = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + source)
    }

    func render(_ values: [String: Any]) -> String {
        compiled.render(values)
    }
}

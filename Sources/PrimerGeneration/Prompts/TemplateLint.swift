import PrimerCore

/// A variable a template names that the context does not provide, or a tag Primer does not allow.
public struct TemplateProblem: Sendable, Equatable {
    /// 1-based line within the template text.
    public var line: Int
    public var message: String
}

/// Finds the Mustache tags of a template and checks every name against the variables the
/// context provides. swift-mustache keeps its token tree private, so lint scans tags itself;
/// it only needs names and section nesting, not rendering. A delimiter change (`{{=<% %>=}}`) is
/// followed, so a family can show the model text with literal braces (Anki's `{{c1::…}}`).
enum TemplateLint {
    static func check(_ text: String, available: Set<String>) -> [TemplateProblem] {
        var problems: [TemplateProblem] = []
        var sections: [String] = []
        var line = 1
        var opener = "{{", closer = "}}"
        var index = text.startIndex
        while index < text.endIndex {
            guard let open = text[index...].range(of: opener) else { break }
            line += text[index..<open.lowerBound].filter { $0 == "\n" }.count
            // `{{{name}}}` exists only with the standard delimiters.
            let triple = opener == "{{" && text[open.upperBound...].hasPrefix("{")
            guard let close = text[open.upperBound...].range(of: triple ? "}}}" : closer) else {
                problems.append(TemplateProblem(line: line, message: "a tag opened with \(opener) is never closed"))
                break
            }
            let raw = String(text[open.upperBound..<close.lowerBound])
            line += raw.filter { $0 == "\n" }.count
            index = close.upperBound
            let body = triple ? String(raw.dropFirst()) : raw
            let sigil = triple ? "{" : body.first.map(String.init) ?? ""
            var name = body.trimmingCharacters(in: .whitespaces)
            switch sigil {
            case "!", "%":
                continue
            case "#", "^", "/", "&":
                name = String(name.dropFirst()).trimmingCharacters(in: .whitespaces)
            case "=":
                let delimiters = name.dropFirst().dropLast().split(separator: " ", omittingEmptySubsequences: true)
                guard name.hasSuffix("="), delimiters.count == 2 else {
                    problems.append(TemplateProblem(line: line, message: "delimiter change '\(opener)\(raw)\(closer)' must look like {{=<% %>=}}"))
                    continue
                }
                (opener, closer) = (String(delimiters[0]), String(delimiters[1]))
                continue
            case ">", "<", "$":
                problems.append(TemplateProblem(line: line, message: "tag '\(opener)\(raw)\(closer)' is not supported in prompt templates (no partials or blocks)"))
                continue
            default:
                break
            }
            if sigil == "/" {
                if sections.last == name { sections.removeLast() } else {
                    problems.append(TemplateProblem(line: line, message: "section '\(name)' is closed but was not the last one opened"))
                }
                continue
            }
            if name == "." {
                if sections.isEmpty {
                    problems.append(TemplateProblem(line: line, message: "'{{.}}' is only meaningful inside a list section such as {{#siblings}}"))
                }
            } else {
                let root = variableRoot(of: name)
                // Inside a list of records (`{{#rewrites}}`), the record's fields are names too.
                let inScope = available.union(sections.flatMap { PromptVariables.recordFields[$0] ?? [] })
                if !inScope.contains(root) {
                    let known = inScope.sorted().joined(separator: ", ")
                    problems.append(TemplateProblem(line: line, message: "variable '\(name)' is not provided by the context (available: \(known))"))
                }
            }
            if sigil == "#" || sigil == "^" { sections.append(name) }
        }
        for open in sections {
            problems.append(TemplateProblem(line: line, message: "section '\(open)' is never closed"))
        }
        return problems
    }

    /// `topic.title` → `topic`; a swift-mustache transform `empty(terms)` → `terms`.
    static func variableRoot(of name: String) -> String {
        var name = Substring(name)
        while let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
        }
        return String(name.split(separator: ".").first ?? "")
    }
}

import Foundation

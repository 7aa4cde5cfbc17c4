/// A variable a template names that the context does not provide, or a tag Primer does not allow.
public struct TemplateProblem: Sendable, Equatable {
    /// 1-based line within the template text.
    public var line: Int
    public var message: String
}

/// Finds the Mustache tags of a template and checks every name against the variables the
/// context provides. swift-mustache keeps its token tree private, so lint scans tags itself;
/// it only needs names and section nesting, not rendering.
enum TemplateLint {
    static func check(_ text: String, available: Set<String>) -> [TemplateProblem] {
        var problems: [TemplateProblem] = []
        var sections: [String] = []
        var line = 1
        var index = text.startIndex
        while index < text.endIndex {
            guard let open = text[index...].range(of: "{{") else { break }
            line += text[index..<open.lowerBound].filter { $0 == "\n" }.count
            let triple = text[open.upperBound...].hasPrefix("{")
            let closer = triple ? "}}}" : "}}"
            guard let close = text[open.upperBound...].range(of: closer) else {
                problems.append(TemplateProblem(line: line, message: "a tag opened with {{ is never closed"))
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
            case ">", "<", "$", "=":
                problems.append(TemplateProblem(line: line, message: "tag '{{\(raw)}}' is not supported in prompt templates (no partials, blocks or delimiter changes)"))
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
                if !available.contains(root) {
                    let known = available.sorted().joined(separator: ", ")
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

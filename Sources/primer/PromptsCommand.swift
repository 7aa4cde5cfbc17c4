import ArgumentParser
import Foundation
import PrimerCore
import PrimerGeneration

struct PromptsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompts", abstract: "Work with prompt families.", subcommands: [LintCommand.self])

    struct LintCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Check every prompt family: YAML, keys, templates (every variable must exist), gates, schema.")

        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var promptsOptions: PromptsOptions

        func run() throws {
            let directory = try promptsOptions.directory(config: configOptions.load())
            try lint(directory)
            // Sub-folders hold sets for particular models (small-model/, named by a manifest's `prompts:`).
            let children = (try? FileManager.default.contentsOfDirectory(at: directory.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isDirectoryKey])) ?? []
            for child in children.sorted(by: { $0.path < $1.path }) where (try? child.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                let hasFamilies = ((try? FileManager.default.contentsOfDirectory(atPath: child.path)) ?? []).contains { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                if hasFamilies { try lint(child) }
            }
        }

        func lint(_ directory: URL) throws {
            let families: FamilySet
            do {
                families = try FamilySet.load(directory: directory)
            } catch let errors as FamilyLoadErrors {
                throw CLIError("\(errors.errors.count) problem\(errors.errors.count == 1 ? "" : "s") in \(directory.path):\n\(errors)")
            }
            print("Prompt families in \(directory.path):")
            for family in families.families.sorted(by: { ($0.scope == .plan ? 0 : 1, $0.order, $0.name) < ($1.scope == .plan ? 0 : 1, $1.order, $1.name) }) {
                let kinds = family.kinds.map(\.rawValue).sorted().joined(separator: ", ")
                print("  ok  \(family.name) v\(family.version)  shape: \(family.shape.rawValue)\(family.role.map { "  role: \($0.rawValue)" } ?? "")  kinds: \(kinds)  attempts: \(family.attempts)  gates: \(family.gateNames.joined(separator: ", "))")
            }
            for kind in SubjectKind.allCases where families.planFamily(for: kind) == nil {
                print("  warning: no plan family for \(kind.rawValue) subjects")
            }
        }
    }
}

import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored subjects.")

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let subjects = try await openWorkspace(configOptions, storeOptions).subjects()
        if json { return try Console.json(subjects) }
        if subjects.isEmpty {
            print("No subjects yet. Create one with: primer generate \"Linear Algebra\"")
            return
        }
        let width = max(7, subjects.map(\.title.count).max() ?? 0)
        print("subject".padding(toLength: width, withPad: " ", startingAt: 0) + "  kind      topics  subtopics  lessons  items  by family")
        for s in subjects {
            var row = s.title.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            row += s.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            row += SummaryText.pad(s.topics, 8) + SummaryText.pad(s.subtopics, 11) + SummaryText.pad(s.lessons, 9)
            row += SummaryText.pad(s.items, 7) + "  "
            row += s.families.filter { $0.shape != .lesson }.map { "\($0.family) \($0.items)" }.joined(separator: ", ")
            Console.out(row)
        }
    }
}

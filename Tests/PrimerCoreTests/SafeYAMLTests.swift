import Foundation
import Testing
import Yams
@testable import PrimerCore
@testable import PrimerGeneration
import PrimerYAML

/// YAML alias bombs ("billion laughs"): each level repeats the previous one nine times, so nine
/// levels written in ten lines stand for 387 million nodes. Every file Primer reads goes through
/// `SafeYAML`, which refuses them at once with the line of the alias that went too far.
@Suite struct SafeYAMLTests {
    /// `l0` is nine scalars, each next level nine aliases of the previous one. Lines start at
    /// `firstLine`; `l5` is the level whose first alias goes past 100,000 added nodes
    /// (9·10 + 9·91 + 9·820 + 9·7381 + 9·66430 > 100,000 only with l5's first alias).
    static func bomb(depth: Int = 9, indent: String = "") -> [String] {
        var lines = ["\(indent)l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<depth {
            lines.append("\(indent)l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return lines
    }

    @Test func aFamilySchemaBombFailsAtOnceNamingTheFileAndLine() throws {
        let lines = FamilyLoaderTests.minimal.components(separatedBy: "\n") + ["schema:", "  type: object"] + Self.bomb(indent: "  ")
        let start = ContinuousClock.now
        let error = try #require(throws: FamilyLoadErrors.self) {
            try FamilyLoader.load(yaml: lines.joined(separator: "\n"), file: "Prompts/bomb.yaml")
        }
        // Expanded, the bomb would not end for minutes; the bound is loose for CI's load.
        #expect(ContinuousClock.now - start < .seconds(5))
        let line = try #require(lines.firstIndex { $0.hasPrefix("  l5:") }) + 1
        #expect(error.errors.count == 1)
        #expect(error.description.contains("Prompts/bomb.yaml:\(line): too many YAML aliases: with *l4 the document expands past 100000 nodes"))
        #expect(error.description.contains("YAML anchors/aliases are limited"))
    }

    @Test func anAliasUsedAsAMappingKeyIsCountedToo() throws {
        // Yams hashes mapping keys to find duplicates: an aliased key is walked in full. Five
        // levels add 74,718 nodes; the key's alias adds 66,430 more.
        let yaml = (Self.bomb(depth: 5) + ["big: {? *l4 : 1}"]).joined(separator: "\n")
        let error = try #require(throws: YAMLAliasLimitError.self) { try SafeYAML.compose(yaml: yaml) }
        #expect(error.line == 6)
    }

    @Test func repeatedTextIsBoundedAsWellAsNodes() throws {
        // Few nodes, but each alias repeats 1 MB of text: 11 of them pass 10 MB.
        let big = String(repeating: "x", count: 1_000_000)
        let yaml = "text: &t \(big)\ncopies: [" + Array(repeating: "*t", count: 12).joined(separator: ", ") + "]\n"
        let error = try #require(throws: YAMLAliasLimitError.self) { try SafeYAML.compose(yaml: yaml) }
        #expect(error.line == 2)
        #expect(error.message.contains("expands past 10 MB of text"))
    }

    @Test func ordinaryAnchorsStillWork() throws {
        let yaml = """
            common: &common {min: 1, max: 5}
            gates:
              - count: *common
              - length: *common
            tags: &tags [a, b]
            more: [*tags, *tags, "a * b"]
            """
        let node = try #require(try SafeYAML.compose(yaml: yaml))
        #expect(node["gates"]?.sequence?.count == 2)
        #expect(node["more"]?.sequence?[1].sequence?.count == 2)
        let any = try #require(try SafeYAML.load(yaml: yaml) as? [String: Any])
        #expect((any["tags"] as? [String]) == ["a", "b"])
    }

    @Test func syntaxErrorsAreStillTheComposersToReport() {
        #expect(throws: YamlError.self) { try SafeYAML.compose(yaml: "a: [unclosed\nb: *nothing") }
        #expect(throws: YamlError.self) { try SafeYAML.compose(yaml: "a: *undefined") }
    }

    @Test func gateChainsReadThroughTheSameCheck() throws {
        let yaml = (Self.bomb() + ["gates: [{count: {min: 1, max: 5}}]", "extra: *l8"]).joined(separator: "\n")
        #expect(throws: YAMLAliasLimitError.self) { try GateRegistry.chain(yaml: yaml) }
    }
}

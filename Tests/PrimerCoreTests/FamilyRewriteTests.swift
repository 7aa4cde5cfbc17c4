import Foundation
import Testing
@testable import PrimerCore
@testable import PrimerGeneration

/// A family's optional `rewrite:` template: what it may name, how a rewrite request is built
/// from it, and what the answer must hold.
@Suite struct FamilyRewriteTests {
    static let yaml = FamilyLoaderTests.minimal.replacingOccurrences(of: "gates:", with: """
        rewrite: |
          Forgotten {{count}}:
          {{#rewrites}}
          - {{item}} ({{lapses}} of {{reviews}})
          {{/rewrites}}
        gates:
        """)

    static let leeches = [
        Leech(itemID: 7, subtopicID: 1, family: "demo", content: .pair(PairItem(front: "What is ATP?", back: "Energy carrier")), lapses: 9, reviews: 14),
        Leech(itemID: 8, subtopicID: 1, family: "demo", content: .pair(PairItem(front: "Where is ATP made?", back: "Mitochondria")), lapses: 8, reviews: 11),
    ]

    @Test func aRewriteAppendsTheTemplateAndAsksForExactlyOneItemPerLeech() throws {
        let family = try FamilyLoader.load(yaml: Self.yaml, file: "demo.yaml")
        #expect(family.canRewrite(kind: .general))
        let rewriting = try #require(family.rewriting(count: 2, kind: .general))
        let subject = SubjectFacts(title: "Biology", notes: "", kind: .general)
        let subtopic = SubtopicFacts(topic: "Cells", subtopic: "Energy", siblings: [])
        let call = FamilyCall(rewriting, subject: subject, subtopic: subtopic, context: ContextBuilder(), rewrites: Self.leeches)
        let user = call.messages[1].content
        #expect(user.hasSuffix("Forgotten 2:\n- What is ATP? | Energy carrier (9 of 14)\n- Where is ATP made? | Mitochondria (8 of 11)"))
        #expect(call.purpose.rewriting == Self.leeches.map(\.content))
        // The same family asked normally has neither the rewrite text nor a purpose to rewrite.
        let plain = FamilyCall(family, subject: subject, subtopic: subtopic, context: ContextBuilder())
        #expect(!plain.messages[1].content.contains("Forgotten") && plain.purpose.rewriting == nil)

        // Exactly two items pass; one or three are rejected with the count to write.
        let context = GateContext(subject: "Biology", subjectKind: .general)
        let two = GeneratedOutput.pairs([PairItem(front: "Which molecule carries energy in cells?", back: "ATP"), PairItem(front: "Which organelle makes ATP?", back: "Mitochondria")])
        #expect(rewriting.gates.apply(two, context: context).rejections.isEmpty)
        let one = GeneratedOutput.pairs([PairItem(front: "Which molecule carries energy in cells?", back: "ATP")])
        #expect(rewriting.gates.apply(one, context: context).rejections.contains { $0.contains("write at least 2") })
        #expect(family.gates.apply(one, context: context).rejections.isEmpty, "the family's own bounds are unchanged")
        #expect(rewriting.jsonSchema == nil, "no schema declared, none sent")
    }

    @Test func aRewriteSendsTheSchemaWithItsListBoundedToTheCount() throws {
        let family = try FamilyLoader.load(file: RepositoryFiles.prompts.appendingPathComponent("flashcards.yaml"))
        let schema = try #require(family.jsonSchema)
        let rewriting = try #require(family.rewriting(count: 2, kind: .general)?.jsonSchema)
        func object(_ text: String) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        }
        // The same schema but for the list's bounds.
        let expected = try #require(try object(schema).mutableCopy() as? NSMutableDictionary)
        let properties = try #require((expected["properties"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary)
        let list = try #require((properties["flashcards"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary)
        #expect(list["minItems"] as? Int == 3)
        list["minItems"] = 2
        list["maxItems"] = 2
        properties["flashcards"] = list
        expected["properties"] = properties
        #expect(try object(rewriting) == expected)
        // The order of the item's properties (the order a model writes them in) is kept.
        #expect(rewriting.range(of: "\"front\"")!.lowerBound < rewriting.range(of: "\"back\"")!.lowerBound)
    }

    @Test func aFamilyWithoutTheTemplateCannotRewrite() throws {
        let family = try FamilyLoader.load(yaml: FamilyLoaderTests.minimal, file: "demo.yaml")
        #expect(!family.canRewrite(kind: .general) && family.rewriting(count: 1, kind: .general) == nil)
    }

    @Test func onlyTheRewriteTemplateMayNameTheLeeches() throws {
        let user = FamilyLoaderTests.minimal.replacingOccurrences(of: "Cards for {{subtopic}}.", with: "Cards: {{count}}")
        let error = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: user, file: "f.yaml") }
        #expect(error.errors.first?.message.contains("'count'") == true)
        // A record's fields are names only inside its list.
        let outside = Self.yaml.replacingOccurrences(of: "Forgotten {{count}}:", with: "Forgotten {{item}}:")
        let misplaced = try #require(throws: FamilyLoadErrors.self) { try FamilyLoader.load(yaml: outside, file: "f.yaml") }
        #expect(misplaced.errors.first?.message.contains("'item'") == true)
    }

    @Test func shippedStudyFamiliesCanRewrite() throws {
        for folder in ["Prompts", "Prompts/small-model"] {
            let set = try FamilySet.load(directory: RepositoryFiles.root.appendingPathComponent(folder))
            for family in set.subtopicFamilies(for: .general) where family.shape != .lesson {
                #expect(family.canRewrite(kind: .general), "\(folder)/\(family.name)")
            }
        }
    }
}

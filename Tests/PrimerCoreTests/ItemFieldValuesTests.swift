import Foundation
import Testing

@testable import PrimerCore

/// `ItemContent.fieldValues` names and holds what the store's JSON (`ItemFieldsJSON`) holds, for
/// every shape: the API shows the one and the store keeps the other.
@Suite struct ItemFieldValuesTests {
    static let contents: [ItemContent] = [
        .lesson("A lesson's body."),
        .pair(PairItem(front: "Front", back: "Back")),
        .pair(PairItem(front: "Front", back: "Back", hint: "A hint")),
        .choice(ChoiceItem(question: "Which?", choices: ["a", "b", "c"], correctIndex: 2, explanation: "Because.")),
        .cloze(ClozeItem(text: "The {{c1::sun}} rises.", extra: "East")),
        .shaped(ShapedItem(shape: Shape(named: "ordering"), fields: ["prompt": .text("Steps"), "steps": .list(["a", "b"])])),
        .shaped(ShapedItem(shape: Shape(named: "matching"), fields: ["prompt": .text("Pairs"), "lefts": .list(["x", "y"]), "rights": .list(["1", "2"])])),
    ]

    @Test(arguments: contents) func theFieldsAreTheStoredJSONsKeys(_ content: ItemContent) throws {
        let json = try ItemFieldsJSON.encode(content)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var stored: [String: ItemFieldValue] = [:]
        for (name, value) in object {
            if let text = value as? String {
                stored[name] = .text(text)
            } else if let list = value as? [String] {
                stored[name] = .list(list)
            } else if let number = value as? Int {
                stored[name] = .number(number)
            } else {
                Issue.record("\(name) holds \(value), which no field value is")
            }
        }
        #expect(content.fieldValues == stored, "\(json)")
    }
}

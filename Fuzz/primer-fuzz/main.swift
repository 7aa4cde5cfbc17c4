import CFuzzerDriver
import Foundation
import PrimerCore
import PrimerGeneration

/// libFuzzer targets for everything that reads a model's answer: one per shape parser and one
/// for the whole parse + gate chain of every shipped family. `PRIMER_FUZZ_TARGET` picks one
/// (`FuzzTarget`); `scripts/fuzz.sh` builds this with `-sanitize=fuzzer,address` and runs it on
/// the corpus in `Fuzz/Corpus/<target>/`. A crash, a sanitizer report or a broken invariant
/// below stops the fuzzer with the input that caused it.
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in
    guard let data else { return 0 }
    FuzzTarget.current.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})

enum FuzzTarget: String, CaseIterable {
    case outline, lesson, pair, terms, choice, cloze, matching, ordering, chain

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["PRIMER_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set PRIMER_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    /// The shipped families, in file order, for the chain target.
    static let families: [PromptFamily] = {
        let folder = ProcessInfo.processInfo.environment["PRIMER_FUZZ_PROMPTS"] ?? "Prompts"
        do {
            return try FamilySet.load(directory: URL(fileURLWithPath: folder)).families.sorted { $0.name < $1.name }
        } catch {
            fatalError("cannot load the prompt families in \(folder): \(error)")
        }
    }()

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .outline: parse(bytes, as: .outline)
        case .lesson: parse(bytes, as: .lesson)
        case .pair: parse(bytes, as: .pair, pairLines: .questionAnswer)
        case .terms: parse(bytes, as: .pair, pairLines: .termDefinition)
        case .choice: parse(bytes, as: .choice)
        case .cloze: parse(bytes, as: .cloze)
        case .matching, .ordering: parse(bytes, as: Shape(named: rawValue))
        case .chain: chain(bytes)
        }
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, as shape: Shape, pairLines: PairLines = .questionAnswer) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let output = try? OutputParser.parse(text, as: shape, pairLines: pairLines) else { return }
        Self.check(output, shape: shape)
    }

    /// The first byte picks the family and the subject kind; the rest is the answer.
    private func chain(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let family = Self.families[Int(first) % Self.families.count]
        let kind: SubjectKind = first & 0x80 == 0 ? .general : .language
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
        guard let parsed = try? OutputParser.parse(text, for: family) else { return }
        Self.check(parsed, shape: family.shape)
        let context = GateContext(
            subject: "Photosynthesis", subjectKind: kind, topic: "Light Reactions", subtopic: "Pigments",
            siblings: ["Electron Transport", "Calvin Cycle"], labels: family.labels)
        let verdict = family.gates.apply(parsed, context: context)
        // The gates may drop every item (the count gate then rejects the answer), so only the
        // shape and the encoding of what they keep are checked.
        require(verdict.output.shape == family.shape, "\(family.name): the gates changed the shape")
        Self.checkEncodes(verdict.output)
        // Gates only drop and reject: what they keep is a subset of what was parsed.
        require(verdict.output.itemCount <= parsed.itemCount, "\(family.name): the gates added items")
        require(verdict.dropped.allSatisfy { !$0.isEmpty } && verdict.rejections.allSatisfy { !$0.isEmpty }, "an empty reason")
        // The reminder a rejection leads to renders.
        if !verdict.rejections.isEmpty {
            let retry = RetryNote(attempt: 2, reasons: verdict.rejections, previousAnswer: String(text.prefix(1500)))
            _ = family.messages(kind: kind, values: ["subtopic": "Pigments", "subject": "Photosynthesis", "context": ""], retry: retry)
        }
    }

    /// What every parser promises about an output it returns.
    private static func check(_ output: GeneratedOutput, shape: Shape) {
        require(output.shape == shape, "parsed \(output.shape) for \(shape)")
        switch output {
        case .plan(let plan):
            require(!plan.topics.isEmpty, "a plan without topics")
        case .lesson(let text):
            require(!text.isEmpty, "an empty lesson")
        case .pairs(let items):
            require(!items.isEmpty, "no pairs")
        case .choices(let items):
            require(!items.isEmpty, "no questions")
        case .clozes(let items):
            require(!items.isEmpty && items.allSatisfy { !ClozeText.deletions($0.text).isEmpty }, "a cloze note without a deletion")
        case .shaped(_, let items):
            require(!items.isEmpty && items.allSatisfy { $0.shape == shape }, "no items, or items of another shape")
            // Everything a learner or an export reads of an item works on whatever was parsed.
            for item in items {
                guard let definition = item.definition else { fatalError("\(shape) is not registered") }
                _ = (definition.faces(item), definition.lineText(item), definition.flashcards(item), definition.problem(with: item))
                _ = definition.check(item, answer: "1a 2b 3c d c b a")
            }
        }
        checkEncodes(output)
    }

    /// What the store writes: every item encodes as JSON.
    private static func checkEncodes(_ output: GeneratedOutput) {
        for item in ItemContent.items(of: output) {
            require((try? JSONEncoder().encode(FieldsOf(item))) != nil, "an item that does not encode")
        }
    }
}

/// An item's fields as the store encodes them.
struct FieldsOf: Encodable {
    let item: ItemContent
    init(_ item: ItemContent) { self.item = item }
    func encode(to encoder: any Encoder) throws { try item.encodeFields(to: encoder) }
}

/// `precondition` whose message survives an optimised build (it names the broken promise).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

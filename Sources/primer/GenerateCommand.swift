import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerGeneration

struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate (or complete) the study kit of a subject and store it.",
        discussion: """
            Runs the plan, then for every subtopic the lesson (notes, or a grammar lesson for \
            language subjects), flashcards, quiz and terms. What is already stored is not generated \
            again: rerun the same command to fill any gap a failure left.
            """)

    @Argument(help: "The subject title, e.g. \"Linear Algebra\".")
    var title: String

    @Option(help: "Notes on the subject: text, or @FILE to read them from a file.")
    var notes: String?

    @Option(help: "Instructions applied to every family, e.g. \"write every card as bullet points\".")
    var instructions: String?

    @Option(name: .customLong("doc"), help: "A document to ground the kit on (.txt, .md, .html, .pdf, .docx; scanned PDF pages and photos, .png or .jpg, by OCR); repeatable.")
    var documents: [String] = []

    @Option(help: "Subject kind: auto, general or language.")
    var kind: KindChoice = .auto

    @Option(help: "Provider or profile name (default: $PRIMER_PROVIDER, primer.yaml, else llama-local). See `primer providers`.")
    var provider: String?

    @Flag(help: "Stop after the plan.")
    var planOnly = false

    @Option(parsing: .unconditional, help: "Generate kits for the first N subtopics of the plan only.")
    var maxSubtopics: Int?
    @Option(parsing: .unconditional, help: "Topics a plan takes at most from an attached document's outline (default 20).")
    var maxTopics: Int?
    @Option(parsing: .unconditional, help: "Generate the next N subtopics not complete yet (a subject grows N at a time).")
    var nextSubtopics: Int?
    @Flag(help: "Add the sections of documents attached after the plan was made (with --doc, or earlier) to the plan as subtopics, then generate them.")
    var addSections = false

    @Flag(help: "Replace the stored plan and everything under it.")
    var regeneratePlan = false

    @Option(help: "Generate only this subtopic of the plan (its title, as `primer show` lists it).")
    var subtopic: String?

    @Option(help: "Generate only this family (e.g. quiz) of each subtopic in the run.")
    var family: String?

    @Flag(help: "With --subtopic: generate that subtopic (or its --family) again, replacing what is stored.")
    var regenerate = false

    @Flag(help: "Write again the items you keep forgetting (leeches: forgotten study.leech_lapses times, 8 by default), with --subtopic and --family to narrow; the old items' reviews stay in the log and on the new items' provenance.")
    var rewriteLeeches = false

    @Option(parsing: .unconditional, help: "Subtopics generated side by side (the provider's own limits still apply).")
    var concurrency: Int = 1

    @Flag(help: "Print a machine-readable summary as JSON.")
    var json = false

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions
    @OptionGroup var ocrOptions: OCROptions

    enum KindChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, general, language
        var kind: SubjectKind? { SubjectKind(rawValue: rawValue) }
    }

    func validate() throws {
        if let maxSubtopics, maxSubtopics < 0 { throw ValidationError("--max-subtopics must be 0 or more") }
        if let maxTopics, maxTopics < 1 { throw ValidationError("--max-topics must be 1 or more, not \(maxTopics)") }
        if let nextSubtopics, nextSubtopics < 1 { throw ValidationError("--next-subtopics must be 1 or more, not \(nextSubtopics)") }
        if nextSubtopics != nil && (maxSubtopics != nil || subtopic != nil) {
            throw ValidationError("--next-subtopics picks the subtopics itself; it cannot go with --max-subtopics or --subtopic")
        }
        if addSections && regeneratePlan { throw ValidationError("--regenerate-plan plans from the documents anew; --add-sections is for a plan you keep") }
        if concurrency < 1 { throw ValidationError("--concurrency must be 1 or more") }
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the subject title is empty") }
        if regenerate && subtopic == nil {
            throw ValidationError("--regenerate replaces one subtopic: name it with --subtopic (to replace the whole kit, use --regenerate-plan)")
        }
        if rewriteLeeches && (planOnly || regenerate || regeneratePlan || maxSubtopics != nil) {
            throw ValidationError("--rewrite-leeches writes again only the items you keep forgetting; it cannot go with --plan-only, --regenerate, --regenerate-plan or --max-subtopics (narrow it with --subtopic and --family)")
        }
        if planOnly && (subtopic != nil || family != nil) {
            throw ValidationError("--plan-only stops before the subtopics, so it cannot go with --subtopic or --family")
        }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions, ocr: ocrOptions)
        announceDefaultEmbedder(workspace)
        var request = GenerateRequest(
            subject: SubjectRequest(title: title, notes: try notes.map(Self.readNotes), kind: kind.kind, instructions: instructions),
            documents: documents, provider: provider,
            options: PipelineOptions(
                planOnly: planOnly, maxSubtopics: maxSubtopics, regeneratePlan: regeneratePlan, concurrency: concurrency,
                subtopic: subtopic, family: family, regenerate: regenerate))
        request.options.maxTopics = maxTopics
        request.options.nextSubtopics = nextSubtopics
        request.options.addDocumentSections = addSections
        if rewriteLeeches {
            request.options.rewrites = try await workspace.leeches(subject: title, subtopic: subtopic, family: family, provider: provider)
            if request.options.rewrites.isEmpty {
                let lapses = workspace.studyPolicy.leechLapses
                if json { return try Console.json(NoLeeches(subject: title, leechLapses: lapses, rewrites: [])) }
                Console.out("No leeches in “\(title)”\(subtopic.map { " › \($0)" } ?? "")\(family.map { " (\($0))" } ?? ""): no item was forgotten \(lapses) or more times. Nothing to rewrite.")
                return
            }
        }

        let progress = ProgressLine()
        var finished: RunSummary?
        do {
            try await LocalServers.stoppingAfter {
                for try await event in try await workspace.generate(request) {
                    switch event {
                    case .documentAttached(let line): Console.error(line + "\n")
                    case .progress(let event): progress.report(event)
                    case .finished(let summary): finished = summary
                    }
                }
            }
        } catch let stopped as RunStopped {
            progress.finish()
            // `--json` always prints one object: a stopped run's summary carries its `error`.
            if json, let text = try? stopped.summary.render() { print(text) }
            throw CLIError(stopped.description)
        }
        guard let summary = finished else { throw CLIError("the run ended without a summary") }
        progress.finish()

        if json {
            print(try SummaryJSON.render(summary))
        } else {
            Console.out(SummaryText.render(summary, planOnly: planOnly, rewriting: rewriteLeeches))
        }
        if !summary.failures.isEmpty {
            var message = "\(summary.failures.count) generation\(summary.failures.count == 1 ? "" : "s") failed; everything else is stored:\n"
            for failure in summary.failures {
                message += "  - \(failure.subtopic.map { "\($0) › " } ?? "")\(failure.error)\n"
            }
            message += rewriteLeeches
                ? "Run the same command again to rewrite the leeches left."
                : "Run the same command again to generate only what is missing."
            throw CLIError(message)
        }
    }

    /// `--rewrite-leeches --json` when there is nothing to rewrite.
    private struct NoLeeches: Encodable {
        let subject: String
        let leechLapses: Int
        let rewrites: [RewrittenItem]
    }

    /// `@path` reads the notes from a file, as curl does for data.
    static func readNotes(_ value: String) throws -> String {
        guard value.hasPrefix("@") else { return value }
        let path = String(value.dropFirst())
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("cannot read the notes file '\(path)'; check the path (notes given as @FILE are read from that file)")
        }
        return text
    }
}

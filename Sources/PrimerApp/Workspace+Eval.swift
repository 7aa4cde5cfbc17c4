import Foundation
import PrimerCore
import PrimerDocuments
import PrimerEval
import PrimerProviders
import PrimerGeneration

/// One evaluation run, as a front end received it.
public struct EvalRequest: Sendable {
    /// A suite name (a folder in ./Evaluations) or a suite folder.
    public var suite: String
    /// A provider or profile name; nil: the workspace's choice.
    public var provider: String?
    /// Only cases whose id contains one of these (empty: every case).
    public var caseFilters: [String] = []
    /// Only the cases of this split (nil: every case).
    public var split: EvalSplit?
    /// Only these family names (nil: every family the cases ask for).
    public var families: Set<String>?
    public var repeatCount = 1
    public var concurrency = 1
    public var label = ""
    /// Also score with an LLM judge through this provider.
    public var judge: String?
    /// Replace a family with an experimental file, `name=path`; the run is repeated with it.
    public var variant: String?
    /// Ask the provider every time instead of reusing answers cached in the store.
    public var noCache = false
    /// Keep the provider's answers as a cassette in <suite>/cassettes/<provider>.jsonl.
    public var record = false

    public init(suite: String, provider: String? = nil) {
        self.suite = suite
        self.provider = provider
    }
}

/// What an evaluation produced: the suite, the run on the prompts folder's families, and the
/// run with the variant family when one was asked for.
public struct EvalOutcome: Sendable {
    public var suite: EvalSuite
    public var report: EvalRunReport
    public var variantReport: EvalRunReport?
    /// Where answers were recorded, with `record`.
    public var cassette: URL?
}

extension Workspace {
    /// The folder of a suite name (./Evaluations/<name>) or path.
    public func suiteDirectory(_ name: String) -> URL {
        let direct = URL(fileURLWithPath: name, relativeTo: locations.currentDirectory)
        if name.contains("/") || FileManager.default.fileExists(atPath: direct.appendingPathComponent("suite.yaml").path) {
            return direct.standardizedFileURL
        }
        return locations.currentDirectory.appendingPathComponent("Evaluations").appendingPathComponent(name)
    }

    /// Runs a suite's cases through the families and a provider and scores them. Every request
    /// is the one `generate` makes for the same subtopic state (`FamilyCall`); a case's
    /// documents are read as `generate --doc` reads them.
    public func evaluate(_ request: EvalRequest, progress: @escaping @Sendable (EvalEvent) -> Void = { _ in }) async throws -> EvalOutcome {
        let suiteURL = suiteDirectory(request.suite)
        let suite: EvalSuite
        do { suite = try EvalSuite.load(directory: suiteURL) } catch let error as EvalSuiteError { throw WorkspaceError("\(error)") }
        if let split = request.split, !suite.cases.contains(where: { $0.split == split }) {
            throw WorkspaceError("no case of '\(suite.name)' is in the \(split.rawValue) split; a case file or a case marks it with `split: \(split.rawValue)`")
        }
        let inSplit = suite.cases.filter { request.split == nil || $0.split == request.split }
        let selected = request.caseFilters.isEmpty
            ? inSplit : inSplit.filter { c in request.caseFilters.contains { c.id.contains($0) } }
        guard !selected.isEmpty else {
            throw WorkspaceError("no case of '\(suite.name)' matches the case filter \(request.caseFilters.joined(separator: ",")); case ids look like \(suite.cases.prefix(3).map(\.id).joined(separator: ", "))")
        }
        let providerName = providerName(request.provider)
        let familySet = try families(forProvider: providerName)
        let chosen = request.families.map { Set($0.map(FamilyAlias.canonical)) }
        if let unknown = chosen?.subtracting(familySet.families.map(\.name)), !unknown.isEmpty {
            throw WorkspaceError("unknown famil\(unknown.count == 1 ? "y" : "ies") \(unknown.sorted().joined(separator: ", ")); the families are \(familySet.families.map(\.name).sorted().joined(separator: ", "))")
        }
        let variantFamilies = try request.variant.map { try Self.replacing($0, in: familySet) }
        let embedder = try embedder()
        var passageEmbedder: (any Embedder)?
        if let embedder { passageEmbedder = CachingEmbedder(base: embedder, cache: try await store()) }
        let grounding = try await Self.caseGrounding(
            selected, suiteDirectory: suiteURL, budget: passageBudget(provider: providerName, families: variantFamilies ?? familySet),
            embedder: passageEmbedder)
        var base = try provider(named: providerName)
        var cassette: URL?
        if request.record {
            let file = suiteURL.appendingPathComponent("cassettes").appendingPathComponent("\(providerName).jsonl")
            do {
                base = try CassetteRecorder(base: base, file: file, environment: locations.environment, startFresh: true)
            } catch { throw WorkspaceError("\(error)") }
            cassette = file
        }
        // Answers are cached in the store: rerunning an unchanged suite asks the provider nothing.
        let caching = request.noCache || request.record ? nil : CachingProvider(base: base, cache: try await store())
        var runner = EvalRunner(families: familySet, provider: caching ?? base)
        runner.embedder = embedder
        runner.meanings = passageEmbedder.map(MeaningScorer.init)
        runner.familyFilter = chosen
        runner.repeatCount = request.repeatCount
        runner.concurrency = request.concurrency
        runner.label = request.label
        runner.grounding = { grounding[$0.id] ?? nil }
        if let judge = request.judge {
            runner.judge = JudgeScorer(provider: try provider(named: judge))
        }
        let finalRunner = runner
        return try await LocalServers.stoppingAfter {
            var report = try await finalRunner.run(suite, cases: selected, cacheHits: { caching?.hits ?? 0 }, progress: progress)
            report.label = request.label
            var variantReport: EvalRunReport?
            if let variantFamilies, let variant = request.variant {
                var experimental = finalRunner
                experimental.families = variantFamilies
                experimental.label = "variant \(variant)"
                let hitsBefore = caching?.hits ?? 0
                variantReport = try await experimental.run(
                    suite, cases: selected, cacheHits: { (caching?.hits ?? 0) - hitsBefore }, progress: progress)
            }
            return EvalOutcome(suite: suite, report: report, variantReport: variantReport, cassette: cassette)
        }
    }

    /// The family set with one family replaced by an experimental file (`name=path`).
    static func replacing(_ variant: String, in set: FamilySet) throws -> FamilySet {
        var parts = variant.split(separator: "=", maxSplits: 1).map(String.init)
        if !parts.isEmpty { parts[0] = FamilyAlias.canonical(parts[0]) }
        guard parts.count == 2 else { throw WorkspaceError("a variant must look like quiz=path/to/quiz-variant.yaml") }
        let family: PromptFamily
        do { family = try FamilyLoader.load(file: URL(fileURLWithPath: parts[1])) } catch let errors as FamilyLoadErrors { throw WorkspaceError("\(errors)") }
        guard set.family(named: parts[0]) != nil else { throw WorkspaceError("the variant names family '\(parts[0])', which the prompts folder does not have") }
        guard family.name == parts[0] else { throw WorkspaceError("\(parts[1]) defines family '\(family.name)', not '\(parts[0])'") }
        return FamilySet(families: set.families.filter { $0.name != parts[0] } + [family], directory: set.directory)
    }

    /// Each case's documents, read before any model call (a missing file stops the run), as
    /// the grounding `generate --doc` would build from them (with `--embedder`, ranked by
    /// meaning too).
    static func caseGrounding(
        _ cases: [EvalCase], suiteDirectory: URL, budget: Int, embedder: (any Embedder)? = nil
    ) async throws -> [String: (any GroundingSource)?] {
        var grounding: [String: (any GroundingSource)?] = [:]
        for evalCase in cases where !evalCase.subject.documents.isEmpty {
            let paths = evalCase.subject.documents.map { URL(fileURLWithPath: $0, relativeTo: suiteDirectory).path }
            do {
                let documents = try await SubjectDocuments.extract(paths)
                if let embedder {
                    grounding[evalCase.id] = try await DocumentGrounding.hybrid(documents: documents, budget: budget, embedder: embedder)
                } else {
                    grounding[evalCase.id] = DocumentGrounding(documents: documents, budget: budget)
                }
            } catch {
                throw WorkspaceError("case '\(evalCase.id)': \(error)")
            }
        }
        return grounding
    }
}

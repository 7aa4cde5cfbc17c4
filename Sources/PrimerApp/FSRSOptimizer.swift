import Foundation
import PrimerCore
import PrimerDocuments
import PrimerProcess

/// Fits FSRS-6's 21 parameters to a review log with the reference optimizer, fsrs-rs (the one
/// Anki's "Optimize" runs), through its Python binding `fsrs-rs-python`, used as an external
/// program the way `pdftotext` is: the training items go in as JSON, the fitted parameters and
/// the fit (log loss, RMSE over bins) of the default and the fitted parameters on the same items
/// come back. `PRIMER_PYTHON` names the Python to run (default: `python3` on the PATH).
enum FSRSOptimizer {
    static let package = "fsrs-rs-python==0.9.3"

    static let script = """
        import json, sys
        try:
            from fsrs_rs_python import FSRS, FSRSItem, FSRSReview
        except ImportError:
            sys.exit(3)
        data = json.load(open(sys.argv[1]))
        items = [FSRSItem([FSRSReview(r["rating"], r["deltaT"]) for r in item]) for item in data["items"]]
        fitted = FSRS(data["defaults"]).compute_parameters(items)
        def fit(parameters):
            evaluation = FSRS(parameters).evaluate(items)
            return {"logLoss": evaluation.log_loss, "rmse": evaluation.rmse_bins}
        json.dump({"parameters": list(fitted), "defaultFit": fit(data["defaults"]), "fittedFit": fit(fitted)}, sys.stdout)
        """

    struct Input: Encodable {
        var items: [[FSRSTrainingItems.Review]]
        var defaults: [Double]
    }

    struct Output: Decodable {
        var parameters: [Double]
        var defaultFit: FitQuality
        var fittedFit: FitQuality
    }

    static func fit(_ items: [[FSRSTrainingItems.Review]], defaults: [Double], environment: [String: String]) async throws -> Output {
        guard let python = PythonTool.find(environment: environment) else {
            throw WorkspaceError(.unavailable, "optimizing needs Python 3 with fsrs-rs (the optimizer Anki runs): install python3, then python3 -m pip install \(package)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-optimize-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("items.json")
        try JSONEncoder().encode(Input(items: items, defaults: defaults)).write(to: input)
        let result: ProcessRunner.Result
        do { result = try await ProcessRunner.run(python, arguments: ["-c", script, input.path], limits: .init(timeout: .seconds(900))) } catch let error as ProcessRunError {
            throw WorkspaceError(.unavailable, "the FSRS optimizer failed: \(error)")
        } catch {
            throw WorkspaceError(.unavailable, "cannot run \(python.path) (\(error)); set PRIMER_PYTHON to a Python 3 with \(package) installed")
        }
        if result.status == 3 {
            throw WorkspaceError(.unavailable, "optimizing needs fsrs-rs (the optimizer Anki runs) for \(python.path): python3 -m pip install \(package)")
        }
        guard result.status == 0, let output = try? JSONDecoder().decode(Output.self, from: result.standardOutput),
            output.parameters.count == 21, output.parameters.allSatisfy(\.isFinite)
        else {
            let detail = result.standardError.split(separator: "\n").last.map(String.init) ?? "exit \(result.status)"
            throw WorkspaceError(.unavailable, "the FSRS optimizer failed: \(detail.excerpt(300))")
        }
        return output
    }
}

/// What `primer study optimize` did: fitted and stored, or too few reviews (nothing changed).
public struct OptimizeResult: Sendable, Encodable {
    public var subject: String?
    /// Reviews in the log, and the training items they make (reviews that follow an earlier one of their card).
    public var reviews: Int
    public var items: Int
    public var needed: Int
    /// Nil when there were too few reviews: nothing was fitted or stored.
    public var fitted: FittedParameters?
}

extension Workspace {
    /// Fits the FSRS parameters to the review log of a subject (nil: of every subject) and stores
    /// them: the scheduler uses them from then on (`scheduler(forSubject:)`). With fewer training
    /// items than `FSRSTrainingItems.minimumItems`, nothing is fitted and nothing changes.
    public func optimize(subject title: String?, now: Date = Date()) async throws -> OptimizeResult {
        let store = try await store()
        var subjectID: Int64?
        if let title {
            guard let subject = try await store.subject(titled: title) else { throw Self.noSubject(title) }
            subjectID = subject.id
        }
        let log = try await store.reviewLog(subjectTitle: title)
        let items = FSRSTrainingItems.items(log)
        var result = OptimizeResult(subject: title, reviews: log.count, items: items.count, needed: FSRSTrainingItems.minimumItems)
        guard items.count >= FSRSTrainingItems.minimumItems else { return result }
        let output = try await FSRSOptimizer.fit(items, defaults: studyPolicy.scheduler.parameters, environment: locations.environment)
        let fitted = FittedParameters(
            parameters: output.parameters, fittedAt: now, reviews: log.count, defaultFit: output.defaultFit, fittedFit: output.fittedFit)
        try await store.saveFittedParameters(fitted, subjectID: subjectID)
        result.fitted = fitted
        return result
    }

    /// The parameters the scheduler uses for a subject and where they come from, for `stats`.
    public func fittedParameters(subject title: String?) async throws -> (fitted: FittedParameters, own: Bool)? {
        let store = try await readingStore()
        if let title, let subject = try await store.subject(titled: title), let own = try await store.fittedParameters(subjectID: subject.id) {
            return (own, true)
        }
        return try await store.fittedParameters(subjectID: nil).map { ($0, false) }
    }
}

import Foundation

/// A golden evaluation suite: cases plus the regression thresholds `compare` applies.
///
/// On disk (see Evaluations/README.md): `<dir>/suite.yaml` holds name, description, attribution,
/// thresholds and optionally inline `cases`; every `<dir>/cases/*.yaml` holds more `cases`
/// (with an optional `attribution` of its own), read in file-name order. Load with
/// `EvalSuite.load(directory:)`.
public struct EvalSuite: Sendable, Equatable {
    public var name: String
    public var description: String
    /// Credit lines for the source material: the suite's own, then each case file's.
    public var attribution: [String]
    /// Maximum allowed worsening per metric, keyed `family.metric` or just `metric`
    /// (see `threshold(for:)`).
    public var thresholds: [String: RegressionThreshold]
    public var cases: [EvalCase]

    public init(
        name: String, description: String = "", attribution: [String] = [],
        thresholds: [String: RegressionThreshold] = [:], cases: [EvalCase] = []
    ) {
        self.name = name
        self.description = description
        self.attribution = attribution
        self.thresholds = thresholds
        self.cases = cases
    }

    /// Loads `directory/suite.yaml` and every `directory/cases/*.yaml`.
    /// Throws `EvalSuiteError` naming the file (and line:column when YAML gives one).
    public static func load(directory: URL) throws -> EvalSuite {
        let suiteURL = directory.appendingPathComponent("suite.yaml")
        guard FileManager.default.fileExists(atPath: suiteURL.path) else {
            throw EvalSuiteError(file: suiteURL.path, message: "no suite.yaml in \(directory.path)")
        }
        let suiteText = try read(suiteURL)
        var caseFiles: [(name: String, yaml: String)] = []
        let casesURL = directory.appendingPathComponent("cases")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: casesURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let names = try FileManager.default.contentsOfDirectory(atPath: casesURL.path)
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .sorted()
            for name in names {
                caseFiles.append(("cases/" + name, try read(casesURL.appendingPathComponent(name))))
            }
        }
        do {
            return try parse(suiteYAML: suiteText, caseFiles: caseFiles)
        } catch var error as EvalSuiteError {
            // Name files by their path on disk.
            error.file = directory.appendingPathComponent(error.file).path
            throw error
        }
    }

    /// Builds a suite from YAML texts: `suiteYAML` is suite.yaml, `caseFiles` the case files by
    /// name (as reported in errors). Checks everything `load` checks.
    public static func parse(suiteYAML: String, caseFiles: [(name: String, yaml: String)] = []) throws -> EvalSuite {
        var suite = try SuiteReader.suite(yaml: suiteYAML, file: "suite.yaml")
        for file in caseFiles {
            let (attribution, cases) = try SuiteReader.caseFile(yaml: file.yaml, file: file.name)
            if let attribution, !suite.attribution.contains(attribution) { suite.attribution.append(attribution) }
            suite.cases += cases
        }
        var seen: [String: String] = [:]
        for c in suite.cases {
            if let first = seen[c.id] {
                throw EvalSuiteError(
                    file: c.source ?? "suite.yaml",
                    message: "duplicate case id '\(c.id)' (first defined in \(first))")
            }
            seen[c.id] = c.source ?? "suite.yaml"
        }
        return suite
    }

    /// The threshold for a metric: the entry keyed `family.metric` if there is one, else the one
    /// keyed by the bare metric name (so `leakage: 0.03` covers flashcards, quiz and terms), else
    /// the one keyed `default`, else nil (the metric is reported but never flagged).
    public func threshold(for key: MetricKey) -> RegressionThreshold? {
        thresholds[key.description] ?? thresholds[key.metric] ?? thresholds["default"]
    }

    /// Cases of one kind, in suite order.
    public func cases(ofKind kind: EvalCaseKind) -> [EvalCase] {
        cases.filter { $0.kind == kind }
    }

    private static func read(_ url: URL) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw EvalSuiteError(file: url.path, message: "cannot read: \(error.localizedDescription)")
        }
    }
}

/// A suite file that cannot be read or does not follow the format.
public struct EvalSuiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the file (relative to the suite directory when parsed from text).
    public var file: String
    /// 1-based line and column, when known.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, leaving out what is unknown.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}

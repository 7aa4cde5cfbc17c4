import Foundation

/// The Python that runs the Python tools Primer uses the way it uses `pdftotext` (the offline
/// speech recognizer, the FSRS optimizer): `PRIMER_PYTHON` when set, else `python3` on the PATH.
public enum PythonTool {
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment, tools: ToolLocator = ToolLocator()) -> URL? {
        if let path = environment["PRIMER_PYTHON"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return tools.find("python3")
    }
}

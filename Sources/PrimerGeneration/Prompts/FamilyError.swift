import PrimerCore

/// A problem in a family file, located by file and line so the user can go straight to it.
public struct FamilyError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// All the problems found while loading a folder of families, reported together.
public struct FamilyLoadErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [FamilyError]
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

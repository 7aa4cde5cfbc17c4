import Foundation

/// Why a file cannot be imported. Each says what to do; nothing is stored when one is thrown.
public struct ImportError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// The file is missing or cannot be read.
        case unreadable
        /// Not a format `primer import` reads, or a layout it does not know.
        case unsupported
        /// Over a limit that keeps a hostile file from exhausting the machine.
        case tooLarge
        /// The file is of its format but damaged (broken encoding, quoting, zip or collection).
        case malformed
        /// An external program the format needs is not installed.
        case toolMissing
    }

    public var kind: Problem
    public var message: String

    public init(_ kind: Problem, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

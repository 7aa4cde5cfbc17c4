import Foundation

/// The shapes Primer knows besides the five it began with (outline, lesson, pair, choice, cloze,
/// which `Shape` handles itself): one line per shape here, or `register` from a module of your own
/// before a family names it.
public enum ShapeRegistry {
    /// The shapes that ship with Primer.
    static let shipped: [any ContentShape] = [
        MatchingShape(),
        OrderingShape(),
    ]

    /// `NSLock`, not `Synchronization.Mutex`: Primer builds for macOS 14, which has no Mutex.
    private static let registered = LockedShapes()

    /// Shapes known only inside one task tree (`with(_:operation:)`).
    @TaskLocal private static var scoped: [any ContentShape] = []

    /// Every registered shape: the shipped ones, those registered at run time, those of the
    /// current task.
    public static var all: [any ContentShape] { shipped + registered.shapes + scoped }

    /// Runs `operation` with `shapes` known to it and to every task it starts (not to the rest
    /// of the process): a test's shape stays the test's.
    public static func with<T>(_ shapes: [any ContentShape], operation: () async throws -> T) async rethrows -> T {
        try await $scoped.withValue(scoped + shapes.filter { isFree($0.id) }, operation: operation)
    }

    /// Adds a shape (a plugin's, or a test's); registering a name twice keeps the first.
    public static func register(_ shape: any ContentShape) {
        guard isFree(shape.id) else { return }
        registered.add(shape)
    }

    /// Whether a new shape may take `id`: not a built-in shape's or kind's name (a shape named
    /// `quiz` would be scored and mocked as the quiz), not a shipped one's.
    static func isFree(_ id: Shape) -> Bool {
        !Shape.builtIn.contains(id) && !ContentKind.builtIn.contains { $0.rawValue == id.rawValue }
            && !shipped.contains { $0.id == id }
    }

    public static func shape(_ id: Shape) -> (any ContentShape)? { shape(named: id.rawValue) }

    public static func shape(named name: String) -> (any ContentShape)? {
        if let shipped = shipped.first(where: { $0.id.rawValue == name }) { return shipped }
        if let scoped = scoped.first(where: { $0.id.rawValue == name }) { return scoped }
        return registered.shapes.first { $0.id.rawValue == name }
    }
}

/// The shapes registered at run time, behind a lock.
private final class LockedShapes: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [any ContentShape] = []

    var shapes: [any ContentShape] { lock.withLock { list } }

    func add(_ shape: any ContentShape) {
        lock.withLock {
            if !list.contains(where: { $0.id == shape.id }) { list.append(shape) }
        }
    }
}

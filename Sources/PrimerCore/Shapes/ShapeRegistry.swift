import Synchronization

/// The shapes Primer knows besides the five it began with (outline, lesson, pair, choice, cloze,
/// which `Shape` handles itself): one line per shape here, or `register` from a module of your own
/// before a family names it.
public enum ShapeRegistry {
    /// The shapes that ship with Primer.
    static let shipped: [any ContentShape] = [
        MatchingShape(),
        OrderingShape(),
    ]

    private static let registered = Mutex<[any ContentShape]>([])

    /// Shapes known only inside one task tree (`with(_:operation:)`).
    @TaskLocal private static var scoped: [any ContentShape] = []

    /// Every registered shape: the shipped ones, those registered at run time, those of the
    /// current task.
    public static var all: [any ContentShape] { shipped + registered.withLock { $0 } + scoped }

    /// Runs `operation` with `shapes` known to it and to every task it starts (not to the rest
    /// of the process): a test's shape stays the test's.
    public static func with<T>(_ shapes: [any ContentShape], operation: () async throws -> T) async rethrows -> T {
        try await $scoped.withValue(scoped + shapes, operation: operation)
    }

    /// Adds a shape (a plugin's, or a test's); registering a name twice keeps the first.
    public static func register(_ shape: any ContentShape) {
        registered.withLock { shapes in
            guard !Shape.builtIn.contains(shape.id), !shipped.contains(where: { $0.id == shape.id }),
                !shapes.contains(where: { $0.id == shape.id })
            else { return }
            shapes.append(shape)
        }
    }

    public static func shape(_ id: Shape) -> (any ContentShape)? { shape(named: id.rawValue) }

    public static func shape(named name: String) -> (any ContentShape)? {
        if let shipped = shipped.first(where: { $0.id.rawValue == name }) { return shipped }
        if let scoped = scoped.first(where: { $0.id.rawValue == name }) { return scoped }
        return registered.withLock { shapes in shapes.first { $0.id.rawValue == name } }
    }
}

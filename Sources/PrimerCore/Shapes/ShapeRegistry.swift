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

    /// Every registered shape: the shipped ones, then those registered at run time.
    public static var all: [any ContentShape] { shipped + registered.withLock { $0 } }

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
        return registered.withLock { shapes in shapes.first { $0.id.rawValue == name } }
    }
}

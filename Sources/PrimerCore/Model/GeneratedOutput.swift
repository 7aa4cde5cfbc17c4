/// The parsed (and, after gates, accepted) output of one family, by shape.
public enum GeneratedOutput: Sendable, Equatable {
    case plan(Plan)
    case lesson(String)
    case pairs([PairItem])
    case choices([ChoiceItem])
    case clozes([ClozeItem])
    /// The items of a registered shape (`ShapeRegistry`).
    case shaped(Shape, [ShapedItem])

    public var shape: Shape {
        switch self {
        case .plan: .outline
        case .lesson: .lesson
        case .pairs: .pair
        case .choices: .choice
        case .clozes: .cloze
        case .shaped(let shape, _): shape
        }
    }

    /// Number of items: topics+subtopics for a plan, 1 for a lesson, else the list length.
    public var itemCount: Int {
        switch self {
        case .plan(let plan): plan.topics.reduce(0) { $0 + 1 + $1.subtopics.count }
        case .lesson(let text): text.isEmpty ? 0 : 1
        case .pairs(let items): items.count
        case .choices(let items): items.count
        case .clozes(let items): items.count
        case .shaped(_, let items): items.count
        }
    }
}

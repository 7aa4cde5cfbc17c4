import PrimerCore

extension FamilySet {
    /// The kit with each family's content named as its family names it (title, noun, field
    /// labels), its role, and the families in the order they run. Content of a family this set
    /// does not have keeps its shape's defaults and comes last, in stored order.
    public func describing(_ kit: Kit) -> Kit {
        var described = kit
        let order = Dictionary(
            families.enumerated().map { ($1.name, ($1.order, $0)) }, uniquingKeysWith: { first, _ in first })
        for t in described.topics.indices {
            for s in described.topics[t].subtopics.indices {
                var content = described.topics[t].subtopics[s].content
                for index in content.indices {
                    guard let family = family(named: content[index].family), family.shape == content[index].shape else { continue }
                    content[index].role = family.role
                    content[index].labels = family.labels
                }
                let ranked = content.enumerated().sorted { a, b in
                    let ra = order[a.element.family] ?? (Int.max, a.offset), rb = order[b.element.family] ?? (Int.max, b.offset)
                    return ra == rb ? a.offset < b.offset : ra < rb
                }
                described.topics[t].subtopics[s].content = ranked.map(\.element)
            }
        }
        return described
    }
}

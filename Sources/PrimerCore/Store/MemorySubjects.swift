/// `memory_states.subject_id`: each memory state names its item's subject, so the due queue
/// counts a subject's reviews and studied items through one index range (`subject_id, due`)
/// instead of probing every item's memory. Both engines keep it with triggers, whoever writes
/// (a new memory state, an item moved or reshaped, a subtopic or topic moved), from this rule.
public enum MemorySubjects {
    /// The subject of the item `itemID` names (an SQL expression), NULL for a lesson's item,
    /// which is never studied: the same SQL on SQLite and PostgreSQL.
    public static func subjectSQL(_ itemID: String) -> String {
        """
        SELECT t.subject_id FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id \
        WHERE x.id = \(itemID) AND x.shape != 'lesson'
        """
    }
}

import PrimerCore
import Tagged

/// Ids the services take: a subject's id is not a topic's, so a front end cannot pass one for the
/// other (`Tagged`, pointfreeco/swift-tagged). The store below keeps plain integers.
public typealias SubjectID = Tagged<StoredSubject, Int64>
public typealias TopicID = Tagged<StoredTopic, Int64>
public typealias SubtopicID = Tagged<StoredSubtopic, Int64>
public typealias ItemID = Tagged<StudyCard, Int64>

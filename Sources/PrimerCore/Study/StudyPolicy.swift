/// How studying is scheduled and judged: the FSRS scheduler, the score a quiz must reach and
/// when an item counts as a leech. `study:` in primer.yaml sets it.
public struct StudyPolicy: Sendable {
    public var scheduler: FSRSScheduler
    /// The percentage of right answers a quiz needs to pass.
    public var quizPassPercent: Int
    /// Lapses (forgotten after it was learnt) that make an item a leech, as Anki's default.
    public var leechLapses: Int

    public init(scheduler: FSRSScheduler = FSRSScheduler(), quizPassPercent: Int = 70, leechLapses: Int = 8) {
        self.scheduler = scheduler
        self.quizPassPercent = quizPassPercent
        self.leechLapses = leechLapses
    }
}

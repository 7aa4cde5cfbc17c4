import Foundation

/// How well a set of FSRS parameters predicts a review log: the log loss of its predicted
/// recall against what the learner recalled, and the RMSE over bins (fsrs-rs's `evaluate`).
public struct FitQuality: Sendable, Equatable, Codable {
    public var logLoss: Double
    public var rmse: Double

    public init(logLoss: Double, rmse: Double) {
        self.logLoss = logLoss
        self.rmse = rmse
    }
}

/// FSRS parameters fitted to the learner's own review log (`primer study optimize`), with the
/// fit of the default parameters on the same log beside theirs.
public struct FittedParameters: Sendable, Equatable, Codable {
    /// w0…w20.
    public var parameters: [Double]
    public var fittedAt: Date
    /// Reviews in the log fitted.
    public var reviews: Int
    public var defaultFit: FitQuality
    public var fittedFit: FitQuality

    public init(parameters: [Double], fittedAt: Date, reviews: Int, defaultFit: FitQuality, fittedFit: FitQuality) {
        self.parameters = parameters
        self.fittedAt = fittedAt
        self.reviews = reviews
        self.defaultFit = defaultFit
        self.fittedFit = fittedFit
    }
}

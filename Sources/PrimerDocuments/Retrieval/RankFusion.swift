/// Reciprocal rank fusion: each ranking gives an item 1 / (constant + its rank, from 1), and the
/// items are ordered by their sums (ties by item). Rankings of different scales (BM25 scores,
/// cosines) combine without calibration; 60 is the constant of the method's paper.
public enum RankFusion {
    public static func reciprocal(_ rankings: [[Int]], constant: Double = 60) -> [Int] {
        var score: [Int: Double] = [:]
        for ranking in rankings {
            for (rank, item) in ranking.enumerated() { score[item, default: 0] += 1 / (constant + Double(rank + 1)) }
        }
        return score.keys.sorted { (score[$0]!, $1) > (score[$1]!, $0) }
    }
}

import Foundation
import Testing
@testable import PrimerCore

/// Costs as providers report them: absurd values are unknown, totals stay finite, JSON survives.
struct CostTests {
    @Test func aReportedCostMustBeAFiniteNonNegativeNumber() {
        #expect(Cost.reported(0.0042) == 0.0042)
        #expect(Cost.reported(0) == 0)
        #expect(Cost.reported(1.7e308) == 1.7e308)
        #expect(Cost.reported(.infinity) == nil)
        #expect(Cost.reported(.nan) == nil)
        #expect(Cost.reported(-1) == nil)
        #expect(Cost.reported(nil) == nil)
        #expect(CompletionResponse(text: "", model: "m", cost: .infinity).cost == nil)
        #expect(CompletionResponse(text: "", model: "m", cost: -0.5).cost == nil)
        var response = CompletionResponse(text: "", model: "m", cost: 0.5)
        response.cost = .nan
        #expect(response.cost == nil)
    }

    @Test func sumsStopAtTheLargestFiniteValue() {
        #expect(Cost.sum([1.7e308, 1.7e308, 1.7e308]) == .greatestFiniteMagnitude)
        #expect(Cost.sum([0.25, 0.5]) == 0.75)
        #expect(Cost.adding(1, .infinity) == 1)
        let record = GenerationRecord(
            family: "quiz", familyVersion: 1, familyHash: "h", provider: "p", model: "m",
            attempts: [AttemptRecord(number: 1, status: .rejected, cost: 1.7e308), AttemptRecord(number: 2, status: .accepted, cost: 1.7e308)],
            status: .ok)
        #expect(record.cost == .greatestFiniteMagnitude)
    }

    @Test func outputJSONWritesNonFiniteNumbersInsteadOfFailing() throws {
        let data = try OutputJSON.encoder().encode(["cost": Double.infinity, "other": 1])
        #expect(String(decoding: data, as: UTF8.self).contains("\"Infinity\""))
        #expect(try OutputJSON.decoder().decode([String: Double].self, from: data)["cost"] == .infinity)
    }
}

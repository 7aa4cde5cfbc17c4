import Foundation

/// Equal within 1e-9 (both nil counts as equal).
func approx(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): abs(a - b) < 1e-9
    default: false
    }
}

func approx(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { approx($0, $1) }
}

/// The repository root (Tests/PrimerEvalTests/Support.swift → ../..).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

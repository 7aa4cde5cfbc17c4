import Foundation
import StudyClient

// study-client URL EMAIL PASSWORD: logs in to a Primer server, lists the subjects and shows the
// next item of the first one — the calls a study app makes, from the generated client.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let url = URL(string: arguments[arguments.startIndex]) else {
    FileHandle.standardError.write(Data("usage: study-client URL EMAIL PASSWORD\n".utf8))
    exit(64)
}
let (client, _) = try await StudyServer.logIn(url, email: arguments[arguments.startIndex + 1], password: arguments[arguments.startIndex + 2])
let subjects = try await client.listSubjects().ok.body.json.subjects
for subject in subjects {
    print("\(subject.title): \(Int(subject.knowledgePercent.rounded())) % known, \(subject.due) due")
}
if let first = subjects.first {
    switch try await client.nextStudyItem(path: .init(subjectId: first.id)) {
    case .ok(let next): print("next in \(first.title): \(try next.body.json.item.front)")
    case .default(_, let problem): print(try problem.body.json.message)
    }
}

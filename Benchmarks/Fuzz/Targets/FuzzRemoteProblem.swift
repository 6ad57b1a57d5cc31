// libFuzzer target: any body a server (or anyone on the path) sends is read into a problem without
// crashing, within its limits, and the problem always gives an alert; a problem whose texts are shown
// carries no text longer than the reader's cap, and every link it offers is one a client may follow.
import Foundation

private let pipeline = AlertPipeline()
private let requestURL = URL(string: "https://shop.example.com/api/orders/7")

func fuzzRemoteProblem(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks the status and whether the server said which language it wrote in.
    let status = 400 + Int(body.first ?? 0) % 200
    var headers = [("Content-Type", "application/problem+json")]
    if (body.first ?? 0) & 1 == 1 { headers.append(("Content-Language", "ja")) }
    let problem = RemoteProblem(status: status, headers: headers, body: body.dropFirst(), requestURL: requestURL)
    guard problem.fieldProblems.count <= ProblemReadingLimits.maximumFieldProblems,
        problem.recoveries.count <= ProblemReadingLimits.maximumActions + 1,
        (problem.titleText.defaultValue ?? "").utf8.count <= ProblemReadingLimits.maximumTextBytes,
        (problem.message.defaultValue ?? "").utf8.count <= ProblemReadingLimits.maximumTextBytes,
        problem.recoveries.allSatisfy({ $0.href.map(LinkReference.isSafe) ?? true })
    else {
        fatalError("a problem outside its limits: \(problem)")
    }
    let alert = pipeline.alert(for: problem, in: "en")
    guard !alert.title.isEmpty, !alert.actions.isEmpty else { fatalError("an alert without title or actions") }
    // What a relaying service would answer with reads back into the same code.
    let relayed = JSONPresenter().body(for: alert)
    let again = RemoteProblem(status: status, headers: [("Content-Type", "application/problem+json")], body: relayed)
    guard again.code == alert.code || again.code == "http.\(status)" else {
        fatalError("relayed \(alert.code) read back as \(again.code)")
    }
    return 0
}

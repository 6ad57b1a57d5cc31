import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request whose error body is read only up to ``maximumErrorBodyBytes``: a response of 400 or
/// more stops being read (its task is cancelled) once that much of its body arrived, so a hostile or
/// broken server's endless page is never held whole. A body of a lower status is read whole, as
/// `URLSession.data(for:)` reads it.
///
/// URLSession on Linux gives no byte stream (`bytes(for:)`) and ignores a task's own delegate, so the
/// request runs in a session of its own with the caller's configuration (headers, cookies, cache,
/// timeouts, protocol classes) and this delegate; the session is invalidated when the task ends.
final class BoundedErrorBodyTask: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: every stored property but `lock` is read and written under `lock`.

    /// How many bytes of an error body are read at most: one more than the core reads (64 KiB), so
    /// that it can tell a body that is too long; the OpenAPI client middleware's cap too.
    static let maximumErrorBodyBytes = 65_537

    private let lock = NSLock()
    private typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

    private var continuation: Continuation?
    private var body = Data()
    private var isCapped = false
    private var task: URLSessionDataTask?
    private var isCancelled = false

    /// The body and response of `request`, sent with `configuration`.
    static func data(for request: URLRequest, configuration: URLSessionConfiguration) async throws -> (
        Data, URLResponse
    ) {
        let delegate = BoundedErrorBodyTask()
        // The session keeps its delegate until it is invalidated: after the task, below.
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                delegate.start(task, continuation)
            }
        } onCancel: {
            delegate.cancel()
        }
    }

    private func start(_ task: URLSessionDataTask, _ continuation: Continuation) {
        let isCancelled = lock.withLock {
            self.task = task
            self.continuation = continuation
            return self.isCancelled
        }
        task.resume()
        if isCancelled { task.cancel() }  // cancelled before the task was there
    }

    private func cancel() {
        lock.withLock {
            isCancelled = true
            return task
        }?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The task's response is there before its body: no need to be told of it separately.
        let status = (dataTask.response as? HTTPURLResponse)?.statusCode ?? 0
        let capReached: Bool = lock.withLock {
            guard !isCapped else { return false }
            guard status >= 400 else {
                body.append(data)
                return false
            }
            body.append(data.prefix(Self.maximumErrorBodyBytes - body.count))
            isCapped = body.count >= Self.maximumErrorBodyBytes
            return isCapped
        }
        // What else arrives before the cancellation takes effect is dropped above.
        if capReached { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let response = task.response
        let (continuation, body, isCapped) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.body, self.isCapped)
        }
        // A body cut at the cap ends in the cancellation's error: the response is what was asked for.
        if let response, error == nil || isCapped {
            continuation?.resume(returning: (body, response))
        } else {
            continuation?.resume(throwing: error ?? URLError(.badServerResponse))
        }
    }
}

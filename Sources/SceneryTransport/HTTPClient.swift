import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SceneryCore

/// Blocking HTTP(S) GETs for jobs and image loads, on FoundationNetworking's `URLSession`.
///
/// **Why URLSession** rather than AsyncHTTPClient: it ships with the toolchain's Foundation (no
/// dependency, no minutes of NIO build in every CI run), the engine already used it for the
/// Directory's pictures, and everything the engine needs is there: redirects (followed, at most
/// ``maxRedirects``), timeouts, and a delegate that sees the body as it arrives, so a response
/// over the limit is cancelled rather than buffered.
///
/// Every way a GET can go wrong ends in a failure with a reason a person can read, never a hang:
/// `HTTP status 404`; `body of N bytes, more than the limit of M`; `timed out (no data for 10 s,
/// or over 30 s in all)` (``Timeouts``: a dead server, or a body that drips too slowly);
/// `too many redirects`; the system's message for a refused connection or a body cut short.
public enum HTTPClient {
    /// How long a request may wait: `idle` seconds without a byte (default 10), `total`
    /// seconds in all (default 30). `scenery --http-idle-timeout/--http-total-timeout` set them.
    public struct Timeouts: Sendable {
        public var idle: Double
        public var total: Double
        public init(idle: Double = 10, total: Double = 30) { self.idle = idle; self.total = total }
    }

    /// Redirects followed before a request fails.
    public static let maxRedirects = 8

    /// GETs `url` and returns its body, at most `maxBytes` of it.
    public static func get(_ url: URL, maxBytes: Int, timeouts: Timeouts = Timeouts()) -> Result<[UInt8], ImageLoadFailure> {
        let idleTimeout = timeouts.idle, totalTimeout = timeouts.total
        let transfer = Transfer(maxBytes: maxBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        session.dataTask(with: URLRequest(url: url)).resume()
        // The session's own timeouts end every transfer; this is a last resort.
        if transfer.done.wait(timeout: .now() + totalTimeout + 5) == .timedOut {
            session.invalidateAndCancel()
            return .failure(ImageLoadFailure("took longer than \(Int(totalTimeout)) s"))
        }
        session.finishTasksAndInvalidate()
        return transfer.result(totalTimeout: totalTimeout, idleTimeout: idleTimeout)
    }

    /// One transfer's state, filled in by URLSession's delegate calls (on its own queue).
    final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maxBytes: Int
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var body: [UInt8] = []
        private var failure: String?
        private var redirects = 0
        private var error: Error?

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        private func fail(_ reason: String) {
            lock.lock()
            if failure == nil { failure = reason }
            lock.unlock()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                fail("HTTP status \(http.statusCode)")
                completionHandler(.cancel)
                return
            }
            if response.expectedContentLength > Int64(maxBytes) {
                fail("body of \(response.expectedContentLength) bytes, more than the limit of \(maxBytes)")
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            body.append(contentsOf: data)
            let over = body.count > maxBytes
            lock.unlock()
            if over {
                fail("body over the limit of \(maxBytes) bytes")
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            lock.lock()
            redirects += 1
            let tooMany = redirects > HTTPClient.maxRedirects
            lock.unlock()
            if tooMany {
                // Not followed: the redirect itself arrives as the response (a 3xx, refused
                // there). Cancelling here as well makes FoundationNetworking trap.
                fail("too many redirects (more than \(HTTPClient.maxRedirects))")
                completionHandler(nil)
            } else {
                completionHandler(request)
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            lock.lock()
            self.error = error
            lock.unlock()
            done.signal()
        }

        func result(totalTimeout: Double, idleTimeout: Double) -> Result<[UInt8], ImageLoadFailure> {
            lock.lock()
            defer { lock.unlock() }
            if let failure { return .failure(ImageLoadFailure(failure)) }
            if let error {
                let code = (error as NSError).code
                if code == NSURLErrorTimedOut { return .failure(ImageLoadFailure("timed out (no data for \(Int(idleTimeout)) s, or over \(Int(totalTimeout)) s in all)")) }
                if code == NSURLErrorHTTPTooManyRedirects { return .failure(ImageLoadFailure("too many redirects")) }
                return .failure(ImageLoadFailure(error.localizedDescription))
            }
            return .success(body)
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven through the DevTools protocol over pipes (--remote-debugging-pipe):
/// no network port, no WebSocket, requests to X's hosts intercepted with the Fetch domain.
final class ChromiumSession {
    /// What happens to a request for widgets.js.
    enum WidgetsResponse {
        /// Serve the fake widgets.js.
        case fake
        /// Refuse the connection (blocked, offline).
        case refuse
        /// Answer 404.
        case notFound
        /// Never answer.
        case hang
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let profile: TemporaryFolder
    private var buffer: [UInt8] = []
    var nextID = 1
    private var sessionID: String?
    /// How the next request for widgets.js is answered.
    var widgets: WidgetsResponse = .fake
    /// Every URL the page requested, in order (not the fake timeline frames: X's script asks for those, as it would from X).
    private(set) var requestedURLs: [String] = []
    /// What the pages did that the probe watches for: CSP violations, dialogs, console calls (see ChromiumSession+Probe).
    var reports: [Report] = []

    init() throws {
        guard let executable = Self.executable else {
            throw Failure(description: "Chromium is not installed: run scripts/test, which installs it (apt-get install chromium)")
        }
        profile = try TemporaryFolder()
        var toChrome: [Int32] = [0, 0]
        var fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else {
            throw Failure(description: "cannot create pipes")
        }
        // Only fds 3 and 4 (set up below) reach Chromium; these ends must not leak into it.
        for descriptor in toChrome + fromChrome { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChrome[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                         "--hide-scrollbars", "--window-size=1024,900", "--user-data-dir=\(profile.path)", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, environ)
        close(toChrome[0])
        close(fromChrome[1])
        guard status == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child
        input = toChrome[1]
        output = fromChrome[0]
        let target = try command("Target.createTarget", ["url": "about:blank"], session: false)
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target") }
        let attached = try command("Target.attachToTarget", ["targetId": targetID, "flatten": true], session: false)
        sessionID = attached["sessionId"] as? String
        _ = try command("Page.enable")
        _ = try command("Runtime.enable")
        _ = try command("Fetch.enable", ["patterns": [["urlPattern": "*"]]])
        try startProbe()
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(input)
        close(output)
    }

    /// Opens `url`, answering requests for widgets.js as `widgets` says, and waits until the new
    /// document is parsed (so that no check can run against the previous page).
    func open(_ url: String, widgets: WidgetsResponse) throws {
        self.widgets = widgets
        _ = try command("Page.navigate", ["url": url])
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [url]), as: UTF8.self)
        guard try wait(until: "location.href === \(quoted)[0] && document.readyState !== 'loading'", seconds: 15) else {
            throw Failure(description: "\(url) did not load")
        }
    }

    /// Evaluates a JavaScript expression in the page and returns its value (with `awaitPromise`, the
    /// value the promise it returns resolves to).
    func evaluate(_ expression: String, awaitPromise: Bool = false) throws -> Any? {
        let result = try command("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitPromise])
        if let exception = result["exceptionDetails"] { throw Failure(description: "script failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true, answering requests meanwhile; false when `seconds` pass first.
    func wait(until expression: String, seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return true }
            try pump(for: 0.05)
        }
        return try evaluate(expression) as? Bool == true
    }

    /// Lets time pass while answering requests.
    func pump(for seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let message = try receive(timeout: deadline.timeIntervalSinceNow) { try handle(message) }
        }
    }

    /// Emulates a viewport `width` CSS pixels wide (a phone, for the responsive-layout test).
    func setViewport(width: Int, height: Int) throws {
        _ = try command("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": true])
    }

    /// Emulates the reader's colour scheme (`prefers-color-scheme`: "light" or "dark") for the page.
    func setColorScheme(_ scheme: String) throws {
        _ = try command("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
    }

    /// Turns the page's own scripts off (a reader with JavaScript disabled) or back on; takes effect
    /// for the documents opened afterwards, which then also render their `<noscript>` content.
    /// Expressions passed to `evaluate` still run.
    func setScriptsEnabled(_ enabled: Bool) throws {
        _ = try command("Emulation.setScriptExecutionDisabled", ["value": !enabled])
    }

    /// A PNG screenshot of the page.
    func screenshot(to path: String) throws {
        let result = try command("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": false])
        guard let data = (result["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else { throw Failure(description: "no screenshot") }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension ChromiumSession {
    func command(_ method: String, _ parameters: [String: Any] = [:], session: Bool = true) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(id: id, method: method, parameters: parameters, session: session)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            guard let message = try receive(timeout: deadline.timeIntervalSinceNow) else { continue }
            if message["id"] as? Int == id {
                if let error = message["error"] { throw Failure(description: "\(method) failed: \(error)") }
                return message["result"] as? [String: Any] ?? [:]
            }
            try handle(message)
        }
        throw Failure(description: "\(method): no answer from Chromium in 30 s")
    }

    func send(id: Int, method: String, parameters: [String: Any], session: Bool) throws {
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if session, let sessionID { message["sessionId"] = sessionID }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "Chromium's pipe closed")
            }
            offset += written
        }
    }

    func receive(timeout: TimeInterval) throws -> [String: Any]? {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any]
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(0, min(timeout, 30)) * 1000))
            if ready == 0 { return nil }
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "poll failed")
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress!, $0.count) }
            if count <= 0 { throw Failure(description: "Chromium exited") }
            buffer += chunk[..<count]
        }
    }

    /// Answers intercepted requests: widgets.js as configured, every other host of X refused, local files allowed.
    func handle(_ message: [String: Any]) throws {
        try record(message)
        guard message["method"] as? String == "Fetch.requestPaused", let parameters = message["params"] as? [String: Any],
              let requestID = parameters["requestId"] as? String,
              let url = (parameters["request"] as? [String: Any])?["url"] as? String else { return }
        if !url.hasPrefix(FakeWidgets.frameURL) { requestedURLs.append(url) }
        let next = nextID
        nextID += 1
        if url.hasPrefix("https://platform.twitter.com/widgets.js") {
            switch widgets {
            case .fake:
                let body = Data(FakeWidgets.source.utf8).base64EncodedString()
                try send(id: next, method: "Fetch.fulfillRequest", parameters: [
                    "requestId": requestID, "responseCode": 200, "body": body,
                    "responseHeaders": [["name": "Content-Type", "value": "application/javascript; charset=utf-8"]],
                ], session: true)
            case .refuse:
                try send(id: next, method: "Fetch.failRequest", parameters: ["requestId": requestID, "errorReason": "ConnectionRefused"], session: true)
            case .notFound:
                try send(id: next, method: "Fetch.fulfillRequest", parameters: [
                    "requestId": requestID, "responseCode": 404, "body": Data("not found".utf8).base64EncodedString(),
                ], session: true)
            case .hang:
                break
            }
        } else if url.hasPrefix(FakeWidgets.frameURL) {
            try send(id: next, method: "Fetch.fulfillRequest", parameters: [
                "requestId": requestID, "responseCode": 200, "body": Data(FakeWidgets.frame(url).utf8).base64EncodedString(),
                "responseHeaders": [["name": "Content-Type", "value": "text/html; charset=utf-8"]],
            ], session: true)
        } else if url.hasPrefix("file:") || url.hasPrefix("data:") || url.hasPrefix("http://127.0.0.1") {
            try send(id: next, method: "Fetch.continueRequest", parameters: ["requestId": requestID], session: true)
        } else {
            // Nothing else may leave the machine: any other request is refused.
            try send(id: next, method: "Fetch.failRequest", parameters: ["requestId": requestID, "errorReason": "BlockedByClient"], session: true)
        }
    }
}

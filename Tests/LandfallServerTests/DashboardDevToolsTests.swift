import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Chromium started with `--remote-debugging-pipe`: DevTools protocol messages, NUL-terminated
/// JSON, go in on the child's descriptor 3 and come out on its descriptor 4.
///
/// Used from one test task at a time, so its mutable state needs no lock.
final class DevToolsPipe {
    let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextId = 0
    private var pending: [[String: Any]] = []
    private var consoleEntries: [String] = []

    private init(pid: pid_t, toBrowser: Int32, fromBrowser: Int32) {
        self.pid = pid
        self.toBrowser = toBrowser
        self.fromBrowser = fromBrowser
    }

    static func launch(_ executable: URL, profile: URL) throws -> DevToolsPipe {
        var commands: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw DevToolsError("pipe failed") }
        for descriptor in commands + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // dup2 onto 3 and 4 clears close-on-exec there; every other pipe end closes at exec.
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so closing reaches the renderer and GPU helper processes too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments = [
            executable.path, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--remote-debugging-pipe", "--window-size=1200,1000",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        Glibc.close(commands[0])
        Glibc.close(answers[1])
        guard result == 0 else { throw DevToolsError("could not start chromium: \(String(cString: strerror(result)))") }
        _ = fcntl(answers[0], F_SETFL, fcntl(answers[0], F_GETFL) | O_NONBLOCK)
        return DevToolsPipe(pid: pid, toBrowser: commands[1], fromBrowser: answers[0])
    }

    /// Attaches to the first page target with a flat session.
    func attachToPage() async throws -> DevToolsPage {
        let targets = try await send("Target.getTargets")
        let infos = targets["targetInfos"] as? [[String: Any]] ?? []
        guard let target = infos.first(where: { $0["type"] as? String == "page" })?["targetId"] as? String else {
            throw DevToolsError("no page target: \(targets)")
        }
        let attached = try await send("Target.attachToTarget", ["targetId": target, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw DevToolsError("attach answered \(attached)") }
        let page = DevToolsPage(pipe: self, session: session)
        _ = try await send("Page.enable", session: session)
        _ = try await send("Runtime.enable", session: session)
        _ = try await send("Log.enable", session: session)
        return page
    }

    /// Sends a command and returns its result; events that arrive meanwhile are kept for ``waitFor``.
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        nextId += 1
        let id = nextId
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard written > 0 else { throw DevToolsError("write to chromium failed (errno \(errno))") }
            offset += written
        }
        while true {
            let answer = try await nextMessage()
            guard answer["id"] as? Int == id else {
                pending.append(answer)
                continue
            }
            if let error = answer["error"] { throw DevToolsError("\(method) failed: \(error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the next event called `method` on the session, consuming the ones before it.
    func waitFor(_ method: String, session: String) async throws {
        if let index = pending.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
            pending.removeSubrange(...index)
            return
        }
        pending.removeAll()
        while true {
            let event = try await nextMessage()
            if event["method"] as? String == method, event["sessionId"] as? String == session { return }
        }
    }

    func discardEvents() { pending.removeAll() }

    /// Forgets every cookie, so the next page is a signed-out visitor's.
    func clearCookies() async throws {
        _ = try await send("Storage.clearCookies")
    }

    /// Console and network log entries that mention the Content-Security-Policy.
    func contentSecurityPolicyViolations() -> [String] {
        consoleEntries.filter { $0.contains("Content Security Policy") || $0.contains("Content-Security-Policy") }
    }

    private func nextMessage(timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                if message["method"] as? String == "Log.entryAdded",
                    let entry = (message["params"] as? [String: Any])?["entry"] as? [String: Any], let text = entry["text"] as? String
                {
                    consoleEntries.append(text)
                }
                return message
            }
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
                continue
            }
            if count == 0 { throw DevToolsError("chromium closed the DevTools pipe") }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw DevToolsError("read from chromium failed (errno \(errno))") }
            guard ContinuousClock.now < deadline else { throw DevToolsError("no DevTools message within \(timeout)") }
            // The pipe is non-blocking: poll it without holding a cooperative thread.
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Ends the browser and every helper process it started, and reaps it.
    func close() {
        Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
    }
}

/// One page of the browser: navigate, fill and submit forms, evaluate, screenshot.
struct DevToolsPage {
    let pipe: DevToolsPipe
    let session: String

    func navigate(_ url: String) async throws {
        pipe.discardEvents()
        _ = try await pipe.send("Page.navigate", ["url": url], session: session)
        try await pipe.waitFor("Page.loadEventFired", session: session)
    }

    /// The string value of a JavaScript expression.
    func evaluate(_ expression: String) async throws -> String {
        let result = try await pipe.send("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        if let exception = result["exceptionDetails"] { throw DevToolsError("\(expression) threw \(exception)") }
        let value = (result["result"] as? [String: Any])?["value"]
        return value.map { "\($0)" } ?? ""
    }

    /// The string value of an expression whose value is a promise, once the promise settles.
    func evaluatePromise(_ expression: String) async throws -> String {
        let result = try await pipe.send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] { throw DevToolsError("\(expression.prefix(200)) threw \(exception)") }
        let value = (result["result"] as? [String: Any])?["value"]
        return value.map { "\($0)" } ?? ""
    }

    /// Clicks the element the CSS selector finds (a submit button) and waits for the page it loads.
    func click(_ selector: String) async throws {
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self).dropFirst().dropLast()
        pipe.discardEvents()
        let found = try await evaluate("(e => e ? (e.click(), 'clicked') : 'missing')(document.querySelector(\(literal)))")
        guard found == "clicked" else { throw DevToolsError("nothing matches \(selector) on \(try await evaluate("location.href"))") }
        try await pipe.waitFor("Page.loadEventFired", session: session)
    }

    /// The HTTP status the page's document was answered with.
    func status() async throws -> Int {
        Int(try await evaluate("String(performance.getEntriesByType('navigation')[0].responseStatus)")) ?? 0
    }

    /// Lays pages out `width` CSS pixels wide, as a phone (below 600) or a laptop shows them.
    func setViewport(width: Int, height: Int) async throws {
        _ = try await pipe.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600], session: session)
    }

    /// Runs `source` in every document loaded from now on, before the document's own scripts; the
    /// DevTools protocol adds it outside the page's Content-Security-Policy.
    func addScriptToEveryDocument(_ source: String) async throws {
        _ = try await pipe.send("Page.addScriptToEvaluateOnNewDocument", ["source": source], session: session)
    }

    /// Empties the element with `id`, focuses it and types `text` through the browser's input pipeline,
    /// so the page's `input` listeners run as they do for a person typing.
    func type(into id: String, _ text: String) async throws {
        let found = try await evaluate("(e => e ? (e.value = '', e.focus(), 'ok') : 'missing')(document.getElementById('\(id)'))")
        guard found == "ok" else { throw DevToolsError("no element #\(id) on \(try await evaluate("location.href"))") }
        _ = try await pipe.send("Input.insertText", ["text": text], session: session)
    }

    /// Types into the form's fields (by element id), presses its submit button, and waits for the next page.
    func submit(form: String, fields: [String: String]) async throws {
        var script = ""
        for (id, value) in fields {
            let literal = String(decoding: try JSONSerialization.data(withJSONObject: [value]), as: UTF8.self).dropFirst().dropLast()
            script += "document.getElementById('\(id)').value=\(literal);"
        }
        script += "document.querySelector('#\(form) button[type=submit]').click();'ok'"
        pipe.discardEvents()
        _ = try await evaluate(script)
        try await pipe.waitFor("Page.loadEventFired", session: session)
    }

    /// Posts `fields` and the page's CSRF token to `action` from a form built in the page, as a
    /// crafted post from a signed-in member would, and waits for the answer's page.
    func post(_ action: String, fields: [String: String]) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["action": action, "fields": fields]), as: UTF8.self)
        pipe.discardEvents()
        _ = try await evaluate(
            """
            (p => { const f = document.createElement('form'); f.method = 'post'; f.action = p.action;
              p.fields._csrf = document.querySelector('input[name=_csrf]').value;
              for (const [k, v] of Object.entries(p.fields)) { const i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v; f.append(i); }
              document.body.append(f); f.submit(); return 'ok'; })(\(json))
            """)
        try await pipe.waitFor("Page.loadEventFired", session: session)
    }

    func screenshot(to file: URL) async throws {
        let result = try await pipe.send("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true], session: session)
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DevToolsError("no screenshot data")
        }
        try data.write(to: file)
    }
}

struct DevToolsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

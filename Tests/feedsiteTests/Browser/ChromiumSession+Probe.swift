import Foundation

/// What a page does that no page of feedsite should: Content Security Policy violations (the
/// `securitypolicyviolation` event and the console's reports), dialogs (`alert`, `confirm`, `prompt`,
/// `print`) and console calls. Recorded from every document the session opens, before its own scripts run.
extension ChromiumSession {
    /// One thing the probe saw.
    struct Report: Equatable, CustomStringConvertible {
        enum Kind: String {
            /// A Content Security Policy violation.
            case violation
            /// `alert`, `confirm`, `prompt` or `print` was called, or a dialog opened.
            case dialog
            /// The page called `console.*`.
            case console
        }

        let kind: Kind
        let detail: String

        var description: String { "\(kind.rawValue): \(detail)" }
    }

    /// The CSP violations seen so far.
    var violations: [Report] { reports.filter { $0.kind == .violation } }

    /// Forgets what was seen (before the next state of a page).
    func clearReports() {
        reports = []
    }

    /// The script every new document runs first: it reports through the `feedsiteProbe` binding,
    /// and turns the dialogs into reports (a hostile page would otherwise block on them).
    static let probeScript = """
    (function () {
      var report = window.feedsiteProbe;
      if (typeof report !== "function") return;
      document.addEventListener("securitypolicyviolation", function (event) {
        report(JSON.stringify({ kind: "violation", detail: event.effectiveDirective + " blocked " + (event.blockedURI || "inline")
          + (event.sample ? " (" + event.sample + ")" : "") + " in " + event.documentURI }));
      }, true);
      ["alert", "confirm", "prompt", "print"].forEach(function (name) {
        window[name] = function () {
          report(JSON.stringify({ kind: "dialog", detail: name + "(" + Array.prototype.slice.call(arguments).join(", ") + ") in " + location.href }));
        };
      });
    })();
    """

    func startProbe() throws {
        _ = try command("Runtime.addBinding", ["name": "feedsiteProbe"])
        _ = try command("Page.addScriptToEvaluateOnNewDocument", ["source": Self.probeScript])
        _ = try command("Log.enable")
    }

    /// Records the DevTools events the probe listens to; answers dialogs so the page goes on.
    func record(_ message: [String: Any]) throws {
        guard let method = message["method"] as? String, let parameters = message["params"] as? [String: Any] else { return }
        switch method {
        case "Runtime.bindingCalled" where parameters["name"] as? String == "feedsiteProbe":
            guard let payload = parameters["payload"] as? String,
                  let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: String],
                  let kind = object["kind"].flatMap(Report.Kind.init), let detail = object["detail"] else { return }
            reports.append(Report(kind: kind, detail: detail))
        case "Runtime.consoleAPICalled":
            let arguments = (parameters["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
            reports.append(Report(kind: .console, detail: "\(parameters["type"] ?? "log"): " + arguments.joined(separator: " ")))
        case "Log.entryAdded":
            guard let entry = parameters["entry"] as? [String: Any], let text = entry["text"] as? String,
                  text.contains("Content Security Policy") else { return }
            reports.append(Report(kind: .violation, detail: text))
        case "Page.javascriptDialogOpening":
            reports.append(Report(kind: .dialog, detail: "\(parameters["type"] ?? "dialog"): \(parameters["message"] ?? "")"))
            let id = nextID
            nextID += 1
            try send(id: id, method: "Page.handleJavaScriptDialog", parameters: ["accept": false], session: true)
        default:
            break
        }
    }
}

/// The problems of one URL, at most one per rule: a rule that fires again is only counted, so a URL
/// with 40,000 bad parameters gives a handful of findings instead of 40,000, and a message is
/// written only the first time its rule fires.
struct ProblemTally {
    /// The first problem of each rule, in the order the rules first fired.
    private var firsts: [IntentURLInspector.Problem] = []
    /// How many more times the rule of each of `firsts` fired.
    private var more: [Int] = []
}

extension ProblemTally {
    /// Whether nothing was reported.
    var isEmpty: Bool { firsts.isEmpty }

    /// Whether some reported rule satisfies `test`.
    func contains(where test: (CheckRule) -> Bool) -> Bool {
        firsts.contains { test($0.rule) }
    }

    /// Records a problem of `rule`; `message` is evaluated only for the rule's first problem.
    mutating func add(_ rule: CheckRule, _ message: @autoclosure () -> String) {
        // At most one entry per rule, so this search is bounded by the number of rules.
        if let index = firsts.firstIndex(where: { $0.rule == rule }) {
            more[index] += 1
        } else {
            firsts.append(IntentURLInspector.Problem(rule: rule, message: message()))
            more.append(0)
        }
    }

    /// One problem per rule; a rule that fired more than once says how many more times.
    var problems: [IntentURLInspector.Problem] {
        zip(firsts, more).map { problem, more in
            guard more > 0 else { return problem }
            return IntentURLInspector.Problem(rule: problem.rule,
                                              message: problem.message + " (and \(DiagnosticRenderer.grouped(more)) more in this URL)")
        }
    }
}

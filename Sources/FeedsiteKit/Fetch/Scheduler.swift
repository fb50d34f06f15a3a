/// Which transfers may start: in request order, at most `transfers` at once and `transfersPerHost`
/// to one host, none before its `Retry-After`.
struct Scheduler {
    private var waiting: [Transfer]
    private let limits: FetchLimits
    private var perHost: [String: Int] = [:]
    /// How many waiting transfers each host has.
    private var waitingPerHost: [String: Int] = [:]
    /// The host each running transfer was counted under.
    private var counted: [ObjectIdentifier: String] = [:]

    init(transfers: [Transfer], limits: FetchLimits) {
        waiting = transfers
        self.limits = limits
        for transfer in transfers { waitingPerHost[transfer.host, default: 0] += 1 }
    }
}

extension Scheduler {
    /// Whether no transfer is waiting to start.
    var isFinished: Bool { waiting.isEmpty }

    /// The transfers to start now, given `active` running ones, at most `most`; they count as running
    /// until `finished` or `requeue`.
    mutating func startable(active: Int, most: Int = .max) -> [Transfer] {
        var started: [Transfer] = []
        var running = active
        let now = ContinuousClock.now
        // Stops once every waiting host is full (Benchmarks/fetch.py 1000: scanning all waiting transfers was 9% of fetch's CPU).
        var full: Set<String> = []
        var index = 0
        while index < waiting.count, running < limits.transfers, started.count < most, full.count < waitingPerHost.count {
            let transfer = waiting[index]
            let host = transfer.host
            if full.contains(host) {
                index += 1
            } else if (perHost[host] ?? 0) >= limits.transfersPerHost {
                full.insert(host)
                index += 1
            } else if transfer.notBefore.map({ $0 <= now }) ?? true {
                waiting.remove(at: index)
                if waitingPerHost[host] == 1 { waitingPerHost[host] = nil } else { waitingPerHost[host, default: 1] -= 1 }
                perHost[host, default: 0] += 1
                counted[ObjectIdentifier(transfer)] = host
                started.append(transfer)
                running += 1
            } else {
                index += 1
            }
        }
        return started
    }

    /// A running transfer is done for good.
    mutating func finished(_ transfer: Transfer) {
        guard let host = counted.removeValue(forKey: ObjectIdentifier(transfer)) else { return }
        perHost[host, default: 1] -= 1
    }

    /// A running transfer needs another attempt (a redirect or a retry): it waits at the front.
    mutating func requeue(_ transfer: Transfer) {
        finished(transfer)
        waiting.insert(transfer, at: 0)
        waitingPerHost[transfer.host, default: 0] += 1
    }

    /// How long the transfer loop may wait for network activity before it must look again.
    func millisecondsUntilNextStart(idle: Bool) -> Int {
        let now = ContinuousClock.now
        let next = waiting.compactMap(\.notBefore).filter { $0 > now }.min()
        guard let next else { return idle ? 0 : 1000 }
        return max(1, min(1000, Int((next - now) / .milliseconds(1)) + 1))
    }
}

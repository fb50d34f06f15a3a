import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

@Suite struct DescriptorWriterTests {
    @Test("a buffer larger than a pipe holds is written whole, across short writes")
    func wholeBuffer() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let reader = ends[0]
        let received = Thread.detachedRead(reader)
        try DescriptorWriter.write(bytes, to: ends[1])
        close(ends[1])
        #expect(received.wait() == bytes)
        close(reader)
    }

    @Test("writing to a socket whose peer is gone fails with EPIPE instead of a signal")
    func closedPeer() {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        close(pair[1])
        #expect(throws: SystemError(EPIPE)) { try DescriptorWriter.write(Array("data".utf8), to: pair[0], socket: true) }
        close(pair[0])
    }

    @Test("a bad descriptor fails with its errno, and its message is the system's")
    func badDescriptor() {
        #expect(throws: SystemError(EBADF)) { try DescriptorWriter.write([1], to: -1) }
        #expect(SystemError(EBADF).message == String(cString: strerror(EBADF)))
    }
}

private extension Thread {
    /// Reads `descriptor` to its end on another thread.
    final class PendingRead: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        var bytes: [UInt8] = []

        init(_ descriptor: Int32) {
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count <= 0 { break }
                    bytes += buffer[..<count]
                }
                done.signal()
            }
        }

        func wait() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    static func detachedRead(_ descriptor: Int32) -> PendingRead { PendingRead(descriptor) }
}

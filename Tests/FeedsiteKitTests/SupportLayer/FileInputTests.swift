import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

@Suite struct FileInputTests {
    static func message(_ body: () throws(InputError) -> [UInt8]) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a file is read whole, byte for byte, whatever its size")
    func readsWholeFile() throws {
        let site = try TemporaryFolder(files: ["empty.txt": "", "small.txt": "héllo\n"])
        let large = String(repeating: "0123456789abcdef", count: 70_000)
        try site.write("large.txt", large)
        #expect(try FileInput.read(site.path + "/empty.txt", purpose: "x") == [])
        #expect(try FileInput.read(site.path + "/small.txt", purpose: "x") == Array("héllo\n".utf8))
        #expect(try FileInput.read(site.path + "/large.txt", purpose: "x") == Array(large.utf8))
    }

    @Test("a missing file, a folder and a file over the limit are refused with what was expected")
    func refusals() throws {
        let site = try TemporaryFolder(files: ["big.txt": String(repeating: "x", count: 2_000), "folder/a.txt": "a"])
        #expect(Self.message { () throws(InputError) in try FileInput.read(site.path + "/nope.yml", purpose: "the site configuration") }
                == "\(site.path)/nope.yml: no such file (expected the site configuration)")
        #expect(Self.message { () throws(InputError) in try FileInput.read(site.path + "/big.txt/x", purpose: "a template") }
                == "\(site.path)/big.txt/x: no such file (expected a template)")
        #expect(Self.message { () throws(InputError) in try FileInput.read(site.path + "/folder", purpose: "a template") }
                == "\(site.path)/folder: is a folder, expected a template")
        #expect(Self.message { () throws(InputError) in try FileInput.read(site.path + "/big.txt", purpose: "a template", limit: 1_000) }
                == "\(site.path)/big.txt: is 2000 bytes, more than the 1000 bytes feedsite reads as a template")
    }

    @Test("sizes print with one decimal when not whole; a file of unknown size is 'more than' the limit")
    func sizes() throws {
        let site = try TemporaryFolder(files: ["big.html": ""])
        let handle = try #require(FileHandle(forWritingAtPath: site.path + "/big.html"))
        try handle.truncate(atOffset: UInt64(4_800 << 10))
        try handle.close()
        #expect(Self.message { () throws(InputError) in try FileInput.read(site.path + "/big.html", purpose: "a template", limit: 4 << 20) }
                == "\(site.path)/big.html: is 4.7 MiB, more than the 4 MiB feedsite reads as a template")
        #expect(Self.message { () throws(InputError) in try FileInput.read("/dev/zero", purpose: "data", limit: 1 << 20) }
                == "/dev/zero: is more than the 1 MiB feedsite reads as data")
    }

    @Test("a pipe is read to its end, and refused once it passes the limit")
    func pipes() throws {
        let site = try TemporaryFolder()
        let text = Array(String(repeating: "pipe data ", count: 3_000).utf8)
        for (limit, expectRefusal) in [(1 << 20, false), (10_000, true)] {
            let fifo = site.path + "/fifo-\(limit)"
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread {
                let descriptor = open(fifo, O_WRONLY)
                guard descriptor >= 0 else { return }
                text.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
            writer.start()
            if expectRefusal {
                let message = Self.message { () throws(InputError) in try FileInput.read(fifo, purpose: "data", limit: limit) }
                #expect(message?.hasPrefix("\(fifo): is ") == true)
                #expect(message?.hasSuffix("more than the 10000 bytes feedsite reads as data") == true)
                // Let the writer finish so its thread does not block on a pipe nobody reads.
                let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
                var sink = [UInt8](repeating: 0, count: 65_536)
                while descriptor >= 0, read(descriptor, &sink, sink.count) > 0 {}
                if descriptor >= 0 { close(descriptor) }
            } else {
                #expect(try FileInput.read(fifo, purpose: "data", limit: limit) == text)
            }
        }
    }
}

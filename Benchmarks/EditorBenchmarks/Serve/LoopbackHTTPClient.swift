import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client on one kept-alive loopback connection, blocking, for the
/// benchmark: it adds as little as a client can to a round trip (no event loop, no TLS, no
/// pooling), so what is measured is the server. Only what the editor server answers is read:
/// a status line, headers with Content-Length, and the body.
final class LoopbackHTTPClient {
    private let descriptor: Int32
    private var buffer = [UInt8]()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: Int) throws {
        #if os(Linux)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// A closed connection is an error to report, not a SIGPIPE that ends the process.
    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    /// Sends one request and reads its whole answer; returns the status and the body.
    func request(_ method: String, _ path: String, body: [UInt8] = []) throws -> (status: Int, body: [UInt8]) {
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        try write(Array(head.utf8) + body)
        let headerEnd = try readUntilHeaderEnd()
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        let lines = header.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw Failure(description: "not an HTTP answer: \(header.prefix(80))")
        }
        let length = lines.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        while buffer.count < length { try fill() }
        let answer = Array(buffer[..<length])
        buffer.removeFirst(length)
        return (status, answer)
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    private func readUntilHeaderEnd() throws -> Int {
        let marker: [UInt8] = [13, 10, 13, 10]
        var searched = 0
        while true {
            if buffer.count >= 4 {
                for i in max(0, searched - 3)...(buffer.count - 4) where buffer[i] == 13 && Array(buffer[i..<i + 4]) == marker {
                    return i
                }
                searched = buffer.count
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
        buffer += chunk[..<n]
    }
}

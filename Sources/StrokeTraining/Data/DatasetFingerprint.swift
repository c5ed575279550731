/// SHA-256 (FIPS 180-4), small and dependency-free: Linux has no CryptoKit and the
/// fingerprint must be reproducible by other tools (e.g. Python's hashlib).
public struct SHA256Hasher: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    /// Bytes waiting for a full 64-byte block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0
    private var schedule = [UInt32](repeating: 0, count: 64)

    public init() {}

    public static func hash(_ bytes: [UInt8]) -> String {
        var sha = SHA256Hasher()
        sha.update(bytes)
        return sha.hexDigest()
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending += bytes[0..<take]
            offset = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBufferPointer { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(bytes.baseAddress! + offset)
            offset += 64
        }
        pending += bytes[offset...]
    }

    /// The 32-byte digest. The hasher itself is left unchanged, so more data can follow.
    public func digest() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (119 - Int(length % 64)) % 64)
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
        copy.update(padding)
        return copy.state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    public func hexDigest() -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        // Raw pointers: bounds and exclusivity checks would dominate in debug builds.
        schedule.withUnsafeMutableBufferPointer { buffer in
            let w = buffer.baseAddress!
            for t in 0..<16 {
                w[t] = UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
                    | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
            }
            for t in 16..<64 {
                let w15 = w[t - 15], w2 = w[t - 2]
                let s0 = Self.rotr(w15, 7) ^ Self.rotr(w15, 18) ^ (w15 >> 3)
                let s1 = Self.rotr(w2, 17) ^ Self.rotr(w2, 19) ^ (w2 >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            state.withUnsafeMutableBufferPointer { h in
                Self.roundConstants.withUnsafeBufferPointer { k in
                    Self.rounds(h.baseAddress!, k.baseAddress!, w)
                }
            }
        }
    }

    private static func rounds(_ state: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>, _ w: UnsafePointer<UInt32>) {
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        for t in 0..<64 {
            let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
            let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            h = g; g = f; f = e; e = d &+ t1
            d = c; c = b; b = a; a = t1 &+ t2
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}

extension Dataset {
    /// SHA-256 identifying the exact training data, stored in model files for provenance.
    ///
    /// Recipe (reproducible elsewhere): hash, in order, the labels joined by "\n" as UTF-8
    /// (no trailing newline), then for each image in dataset order one byte holding its target
    /// index followed by its 784 pixel bytes. Lowercase hex. In Python:
    ///
    ///     h = hashlib.sha256("\n".join(labels).encode())
    ///     for target, pixels in zip(targets, images): h.update(bytes([target]) + bytes(pixels))
    ///     h.hexdigest()
    public var fingerprint: String {
        precondition(labels.count <= 256, "the fingerprint stores each target in one byte")
        var sha = SHA256Hasher()
        sha.update(Array(labels.joined(separator: "\n").utf8))
        var record = [UInt8](repeating: 0, count: 1 + Self.imageSize)
        for i in 0..<count {
            record[0] = UInt8(targets[i])
            withImage(i) { pixels in
                record.withUnsafeMutableBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: $0[1...]).update(fromContentsOf: pixels) }
            }
            sha.update(record)
        }
        return sha.hexDigest()
    }
}

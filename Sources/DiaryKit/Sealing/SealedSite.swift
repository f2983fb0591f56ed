import Crypto
import Foundation

/// A built site sealed for a host that must learn nothing from it: each file encrypted
/// with AES-256-GCM under a name that says nothing of its path, its size rounded up to
/// a bucket, beside the reader that opens them in a browser (`SealedReader`).
///
/// A file's nonce is an HMAC of its path and bytes (a synthetic IV): the same file
/// seals to the same bytes, so a rebuild that changed nothing changes no byte. Its
/// path is the encryption's associated data, so the host cannot swap two files unseen.
public struct SealedSite: Sendable {
    public let key: SealKey

    public init(key: SealKey) {
        self.key = key
    }

    /// Where the file of the site at `path` lies in the sealed folder: `s/`, then 32 hex
    /// digits of an HMAC of the path, the first two a folder. Thousands of files in one
    /// folder made ext4 write them a file at a time, however many cores asked.
    public func sealedPath(of path: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(path.utf8), using: key.names)
        let digits = Array("0123456789abcdef".utf8)
        var name = Array("s/".utf8)
        for (index, byte) in code.prefix(16).enumerated() {
            name += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            if index == 0 { name.append(UInt8(ascii: "/")) }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Every file of the site sealed, on every core; a file still current on disk stays so.
    func seal(_ files: [OutputFile]) throws(WriteFailure) -> [OutputFile] {
        let sealed = files.concurrentMap { file in
            Result { () throws(WriteFailure) -> OutputFile in
                let sealed = try file.withBytes(in: ".") { seal($0, path: file.path) }
                let contents = sealed.map(OutputFile.Contents.bytes) ?? .current
                return OutputFile(path: sealedPath(of: file.path), contents: contents, inputs: file.inputs)
            }
        }
        return try sealed.map { result throws(WriteFailure) in try result.get() }
    }

    /// nonce (12 bytes) · ciphertext · tag (16 bytes), the plaintext being the file's bytes,
    /// then 0x80, then zeros up to its bucket.
    func seal(_ bytes: UnsafeRawBufferPointer, path: String) -> [UInt8] {
        let padded = [UInt8](unsafeUninitializedCapacity: SealedSite.bucket(bytes.count + 1)) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            let copied = bytes.count
            buffer[copied] = 0x80
            buffer.baseAddress!.advanced(by: copied + 1).initialize(repeating: 0, count: buffer.count - copied - 1)
            count = buffer.count
        }
        let pathBytes = Array(path.utf8)
        var nonceSource = HMAC<SHA256>(key: key.nonces)
        nonceSource.update(data: pathBytes)
        nonceSource.update(data: [0])
        nonceSource.update(data: bytes)
        // Neither throws: the nonce is 12 bytes and the key 32.
        let nonce = try! AES.GCM.Nonce(data: Array(nonceSource.finalize()).prefix(12))
        let box = try! AES.GCM.seal(padded, using: key.content, nonce: nonce, authenticating: pathBytes)
        return Array(box.combined!)
    }

    /// Padmé (Nikitin et al., "Reducing Metadata Leakage from Encrypted Files and
    /// Communication with PURBs", 2019): a length rounded up so that only about
    /// log log of it shows, for at most 12% more bytes; nothing under 256 bytes.
    static func bucket(_ length: Int) -> Int {
        let length = max(length, 256)
        let exponent = Int.bitWidth - 1 - length.leadingZeroBitCount
        let exponentBits = Int.bitWidth - exponent.leadingZeroBitCount
        let mask = (1 << (exponent - exponentBits)) - 1
        return (length + mask) & ~mask
    }
}

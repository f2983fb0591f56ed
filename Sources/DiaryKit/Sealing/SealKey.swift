import Crypto
import CryptoExtras
import Foundation

/// The keys a sealed site is sealed with. PBKDF2-HMAC-SHA256 stretches the passphrase
/// with the site's salt; HKDF-SHA256 splits the result into one key per use, by name,
/// exactly as the reader (templates/sealed.js) derives them with WebCrypto.
public struct SealKey: Sendable {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (2023).
    public static let iterations = 600_000

    /// What the sealed folder keeps in plain sight: the salt, the iterations and the check.
    public let record: SealRecord
    /// AES-256-GCM, for every file's bytes.
    let content: SymmetricKey
    /// HMAC-SHA256 of a file's path and bytes gives its nonce: the same file seals to
    /// the same bytes, and two different files never share a nonce.
    let nonces: SymmetricKey
    /// HMAC-SHA256 of a file's path gives its name in the sealed folder.
    let names: SymmetricKey

    /// Keys for a new sealed site, with a new random salt.
    public init(newSiteWith passphrase: String) {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let master = SealKey.stretch(passphrase, salt: salt, iterations: SealKey.iterations)
        self.init(master: master, record: SealRecord(salt: salt, iterations: SealKey.iterations, check: SealKey.check(master)))
    }

    /// Keys for the site `record` describes; nil when `passphrase` is not the one it was sealed with.
    public init?(passphrase: String, record: SealRecord) {
        let master = SealKey.stretch(passphrase, salt: record.salt, iterations: record.iterations)
        guard SealKey.check(master) == record.check else { return nil }
        self.init(master: master, record: record)
    }

    private init(master: SymmetricKey, record: SealRecord) {
        self.record = record
        content = SealKey.part(of: master, named: "content", bytes: 32)
        nonces = SealKey.part(of: master, named: "nonces", bytes: 32)
        names = SealKey.part(of: master, named: "names", bytes: 32)
    }

    /// The passphrase as NFC UTF-8, so that the same words typed on another keyboard
    /// (a Korean syllable as one character or as its jamo) open the site.
    private static func stretch(_ passphrase: String, salt: [UInt8], iterations: Int) -> SymmetricKey {
        let bytes = Array(passphrase.precomposedStringWithCanonicalMapping.utf8)
        // Throws only for fewer than 210,000 rounds or a length BoringSSL refuses; a record
        // is checked for both when it is read.
        return try! KDF.Insecure.PBKDF2.deriveKey(from: bytes, salt: salt, using: .sha256, outputByteCount: 32,
                                                  unsafeUncheckedRounds: iterations)
    }

    private static func part(of master: SymmetricKey, named name: String, bytes: Int) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Array("diarygen sealed \(name)".utf8), outputByteCount: bytes)
    }

    /// Sixteen bytes that tell a wrong passphrase from a changed file, and say nothing of the key.
    private static func check(_ master: SymmetricKey) -> [UInt8] {
        part(of: master, named: "check", bytes: 16).withUnsafeBytes { Array($0) }
    }
}

/// The sealed folder's `seal.json`: how to derive the key from the passphrase, in plain
/// sight, as the reader needs it before anything can be decrypted.
public struct SealRecord: Sendable, Equatable {
    public static let fileName = "seal.json"
    public let salt: [UInt8]
    public let iterations: Int
    public let check: [UInt8]

    /// The file's bytes, one key a line, the same for the same record.
    public var json: [UInt8] {
        Array("""
        {
          "format": "diarygen-sealed",
          "version": 1,
          "kdf": "PBKDF2-HMAC-SHA256",
          "iterations": \(iterations),
          "salt": "\(Data(salt).base64EncodedString())",
          "check": "\(Data(check).base64EncodedString())"
        }

        """.utf8)
    }

    init(salt: [UInt8], iterations: Int, check: [UInt8]) {
        self.salt = salt
        self.iterations = iterations
        self.check = check
    }

    /// Reads a `seal.json`; nil unless it is one this diarygen can open.
    public init?(json bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["format"] as? String == "diarygen-sealed", object["version"] as? Int == 1,
              object["kdf"] as? String == "PBKDF2-HMAC-SHA256",
              let iterations = object["iterations"] as? Int, (210_000...100_000_000).contains(iterations),
              let salt = (object["salt"] as? String).flatMap({ Data(base64Encoded: $0) }), salt.count >= 16,
              let check = (object["check"] as? String).flatMap({ Data(base64Encoded: $0) }), check.count == 16
        else { return nil }
        self.init(salt: Array(salt), iterations: iterations, check: Array(check))
    }
}

/// A passphrase's keys derived on a thread of their own, so that a build reads the diary
/// meanwhile and waits only where it first needs them: the 600,000 rounds take a core
/// about 0.07 s, a sixth of a ten-year build. Nil when the passphrase does not open the site.
public typealias DerivingSealKey = ThreadedValue<SealKey?>

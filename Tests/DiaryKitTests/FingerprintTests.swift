import Testing
@testable import DiaryKit

/// The build cache keeps fingerprints from one run to the next, so their values are
/// pinned. The expected numbers come from Python's `xxhash` package (its own copy of
/// xxHash, not Debian's library): `xxhash.xxh3_64_intdigest(data, seed=...)`.
@Suite struct FingerprintTests {
    func fingerprint(_ bytes: [UInt8]) -> Fingerprint {
        bytes.withUnsafeBytes { Fingerprint($0) }
    }

    @Test func oneRunOfBytesIsItsXXH3() {
        #expect(Fingerprint().value == 0)
        #expect(fingerprint([]).value == 0x2d06_8005_38d3_94c2)
        #expect(fingerprint(Array("abc".utf8)).value == 0x78af_5f94_892f_3950)
        // Longer than 240 bytes, where XXH3 takes another path.
        let long = [UInt8]((0..<1024).map { UInt8($0 % 256) })
        #expect(fingerprint(long).value == 0xa870_f929_8439_8d22)
    }

    @Test func eachPieceIsHashedWithTheValueSoFarAsSeed() {
        var number = Fingerprint()
        number.add(1)
        // xxh3_64_intdigest((1).to_bytes(8, "little"), seed=0)
        #expect(number.value == 0x2fbc_5935_64db_792e)
        number.add(2)
        // xxh3_64_intdigest((2).to_bytes(8, "little"), seed=0x2fbc593564db792e)
        #expect(number.value == 0xc552_6e54_81d0_3c88)

        // A string is its length, then its UTF-8: 3 seeded by 0, then "abc" seeded by that.
        var text = Fingerprint()
        text.add("abc")
        #expect(text.value == 0x076d_0876_15a0_59f9)

        var long = fingerprint(Array("abc".utf8))
        [UInt8]((0..<1024).map { UInt8($0 % 256) }).withUnsafeBytes { long.add($0) }
        #expect(long.value == 0xd1b3_a4f0_d379_de65)
    }

    @Test func theSameTextSplitOtherwiseDiffers() {
        func strings(_ pieces: String...) -> UInt64 {
            var fingerprint = Fingerprint()
            pieces.forEach { fingerprint.add($0) }
            return fingerprint.value
        }
        #expect(strings("ab", "c") != strings("a", "bc"))
        #expect(strings("abc", "") != strings("", "abc"))
        #expect(strings("abc") != strings("abc", ""))
        #expect(strings("ab", "c") == strings("ab", "c"))
    }
}

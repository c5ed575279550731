import Testing
@testable import StrokeTraining

@Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
])
func sha256KnownAnswers(message: String, digest: String) {
    #expect(SHA256Hasher.hash(Array(message.utf8)) == digest)
}

@Test func sha256OfAMillionAs() {
    #expect(SHA256Hasher.hash([UInt8](repeating: 0x61, count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
}

@Test func sha256IncrementalEqualsOneShot() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 31) }
    var sha = SHA256Hasher()
    var offset = 0
    for chunk in [0, 1, 63, 64, 65, 7, 200, 600] {
        sha.update(Array(bytes[offset..<offset + chunk]))
        offset += chunk
    }
    #expect(offset == bytes.count)
    #expect(sha.hexDigest() == SHA256Hasher.hash(bytes))
}

private func dataset(labels: [String] = ["arrow", "circle"], targets: [Int] = [1, 0]) -> Dataset {
    let images = (0..<targets.count * 784).map { UInt8(truncatingIfNeeded: $0 * 7) }
    return Dataset(labels: labels, images: images, targets: targets, paths: targets.map { "\($0).png" })
}

@Test func fingerprintFollowsTheDocumentedRecipe() {
    let data = dataset()
    var bytes = Array("arrow\ncircle".utf8)
    for i in 0..<data.count { bytes += [UInt8(data.targets[i])] + data.image(i) }
    #expect(data.fingerprint == SHA256Hasher.hash(bytes))
    // Computed independently with Python's hashlib, following the recipe in the doc comment.
    #expect(data.fingerprint == "d9428c0734f7b0ea93f9bc57920230631667f509bd222a5f71e8abab078fc347")
}

@Test func fingerprintChangesWithPixelsLabelsAndTargets() {
    let base = dataset()
    var pixel = base
    pixel.images[784 + 500] &+= 1
    var label = base
    label.labels[1] = "cycle"
    var target = base
    target.targets[0] = 0
    let prints = [base, pixel, label, target].map(\.fingerprint)
    #expect(Set(prints).count == 4)
    #expect(dataset().fingerprint == base.fingerprint, "equal data, equal fingerprint")
    // Paths are not data: renaming files keeps the fingerprint.
    var renamed = base
    renamed.paths = ["x.png", "y.png"]
    #expect(renamed.fingerprint == base.fingerprint)
}

@Test func subsetAndImageAccessAgree() {
    let data = dataset(targets: [0, 1, 1, 0])
    let sub = data.subset([3, 1])
    #expect(sub.count == 2 && sub.targets == [0, 1] && sub.paths == ["0.png", "1.png"])
    #expect(sub.image(0) == data.image(3) && sub.image(1) == data.image(1))
    #expect(sub.classCounts == [1, 1] && data.classCounts == [2, 2])
    let first = data.withImage(2) { Array($0) }
    #expect(first == data.image(2) && first.count == Dataset.imageSize)
}

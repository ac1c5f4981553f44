import Testing
@testable import SceneryCore

@Suite("ASCII text")
struct ASCIITextTests {
    @Test("pieces, strings and numbers come out as interpolation writes them, short or past the buffer")
    func matchesInterpolation() {
        var random = SeededRandom(seed: 3)
        let numbers = [0, 1, -1, 9, 10, 99, 100, 123_456_789, Int.max, Int.min, -42] + (0..<200).map { _ in Int(bitPattern: UInt(random.next())) >> Int(random.next() % 63) }
        for (k, number) in numbers.enumerated() {
            var text = ASCIIText()
            var expected = ""
            for round in 0..<(1 + k % 6) {
                text.append("hoo.load.")
                text.append(number)
                text.append(".set.")
                text.append(round)
                let name = ["contacts", "", "é"][round % 3]
                text.append(name)
                expected += "hoo.load.\(number).set.\(round)\(name)"
            }
            #expect(text.string == expected)
        }
        #expect(ASCIIText().string == "")
    }
}

import Testing
@testable import HooScene

@Test func setsCompareByContent() {
    let hoo = Hoo(number: 1, title: "Rubies", poemLine: "They brought me rubies from the mine", image: .builtin(name: "hoo.sample.1"))
    let a = HooSet(number: 1, source: "sample", color: "Red", headers: [:], hoos: [hoo])
    var b = a
    #expect(a == b)
    b.hoos[0].title = "Pearls"
    #expect(a != b)
}

@Test func colourNameFollowsTheColour() {
    var set = HooSet(number: 1, source: "sample", color: "Red", headers: [:], hoos: [])
    #expect(set.colorName == "RED")
    set.color = "Midnight blue"
    #expect(set.colorName == "MIDNIGHT BLUE")
}

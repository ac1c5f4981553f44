import Testing
@testable import ExhibitionScene

@Test func placeholderBuilds() {
    #expect(String(describing: ExhibitionPlaceholder.self) == "ExhibitionPlaceholder")
}

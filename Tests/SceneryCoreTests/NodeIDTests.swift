import Testing
@testable import SceneryCore

@Suite("Node ids")
struct NodeIDTests {
    @Test("reads up to four dotted components, numbers only in the form scenes write them")
    func components() {
        let row = NodeID("contacts.person.12.name")
        #expect(row.hasComponents(4) && row.component(0, is: "contacts") && row.component(1, is: "person"))
        #expect(row.number(2) == 12 && row.throughThird == "contacts.person.12" && row.component(3) == "name")
        #expect(!row.component(0, is: "contact") && !row.component(0, is: "contactsx") && row.component(4) == nil)
        #expect(NodeID("cell.1.2.label.x").hasMore && !NodeID("cell.1.2.label.x").hasComponents(4))
        #expect(NodeID("index.A").hasComponents(2) && NodeID("index.A").component(2) == nil && NodeID("index.A").throughThird == nil)
        for bad in ["cell.01.2", "cell.+1.2", "cell..2", "cell.1a.2", "cell.99999999999999999999.2"] {
            #expect(NodeID(bad).number(1) == nil, "\(bad)")
        }
        #expect(NodeID("cell.0.2").number(1) == 0)
        #expect(NodeID("").hasComponents(1) && NodeID("").component(0, is: ""))
        #expect(NodeID("ü.ß").component(1, is: "ß"))
    }
}

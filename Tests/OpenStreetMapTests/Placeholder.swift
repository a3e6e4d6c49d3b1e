import Testing
import OpenStreetMap

@Suite struct OpenStreetMapModuleTests {
    @Test func tagsAreLookedUpByKey() {
        let tags: OSMTags = ["highway": "residential", "name": "Rue Grimaldi"]
        #expect(tags["name"] == "Rue Grimaldi")
        #expect(tags["oneway"] == nil)
    }
}

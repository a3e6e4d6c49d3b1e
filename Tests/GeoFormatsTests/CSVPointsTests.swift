import Foundation
import GeoFormats
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// `CSVPoints`: points from any CSV with latitude and longitude columns.
@Suite("CSV points")
struct CSVPointsTests {
    @Test("columns by name, other fields kept, quotes, ';' separators, row and line numbers")
    func read() throws {
        let t = try CSVPoints.decode("\u{FEFF}Kind;LATITUDE;lng\r\n\"a;b\";47.5;8.5\r\n\r\nplain;-33.9;151.2\r\n")
        #expect(t.columns == ["Kind", "LATITUDE", "lng"])
        #expect(t.rows.map(\.fields) == [["Kind": "a;b"], ["Kind": "plain"]])
        #expect(t.rows.map(\.row) == [1, 2] && t.rows.map(\.line) == [2, 4])
        #expect(t.rows[1].coordinate == (try Coordinate(latitude: -33.9, longitude: 151.2)))
    }

    @Test("the shared gazetteer reads as points with its name columns as fields")
    func gazetteer() throws {
        let t = try CSVPoints.read(contentsOf: SharedData.path("gazetteer/cities1000.csv"))
        #expect(t.rows.count == 144_563 && t.columns == ["lat", "lon", "name", "admin1", "admin2", "cc"])
        #expect(t.rows[0].fields["name"] == "El Tarter")
    }

    @Test("errors name the file, the line and what is missing")
    func errors() throws {
        #expect { try CSVPoints.decode("name,x,y\na,1,2\n", source: "p.csv") } throws: { error in
            let message = (error as? GeoKernelError)?.message ?? ""
            return message.contains("p.csv:1: no latitude column: the header has name, x, y") && message.contains("lat, latitude")
        }
        #expect { try CSVPoints.decode("lat,lon\n1,2\n91,0\n", source: "p.csv") } throws: { error in
            (error as? GeoKernelError)?.message.hasPrefix("p.csv:3:") == true
        }
        #expect { try CSVPoints.decode("lat,lon\n1\n", source: "p.csv") } throws: { error in
            (error as? GeoKernelError)?.message == "p.csv:2: no longitude (only 1 fields)"
        }
    }
}

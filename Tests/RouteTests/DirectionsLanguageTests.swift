import GeoKernel
import Route
import Testing

@Suite("Directions in five languages")
struct DirectionsLanguageTests {
    static let roundabout = RouteStep(
        maneuver: .roundabout, exitNumber: 2, heading: .north, roadName: "Avenue d'Ostende", distanceMeters: 1234,
        vertexIndex: 0, endVertexIndex: 3, isOnRoad: true)

    @Test("a roundabout's exit reads with the language's ordinal and article")
    func roundabouts() {
        let want: [(DirectionsLanguage, String)] = [
            (.english, "At the roundabout, take the 2nd exit onto Avenue d'Ostende"),
            (.german, "Nehmen Sie im Kreisverkehr die 2. Ausfahrt auf Avenue d'Ostende"),
            (.french, "Au rond-point, prenez la 2e sortie sur Avenue d'Ostende"),
            (.spanish, "En la rotonda, tome la 2.ª salida hacia Avenue d'Ostende"),
            (.italian, "Alla rotonda, prendi la 2ª uscita su Avenue d'Ostende"),
        ]
        for (language, sentence) in want { #expect(Self.roundabout.instruction(in: language) == sentence) }
        #expect(Self.roundabout.instruction == want[0].1)
        #expect(Self.roundabout.directionLine(in: .german).hasSuffix("(1,2 km)"))
        #expect(Self.roundabout.directionLine.hasSuffix("(1.2 km)"))
    }

    @Test("ordinals: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th; 1re and 2e in French")
    func ordinals() {
        func exit(_ n: Int, _ l: DirectionsLanguage) -> String {
            RouteStep(maneuver: .roundabout, exitNumber: n, heading: .north, distanceMeters: 1, vertexIndex: 0,
                      endVertexIndex: 1, isOnRoad: true).instruction(in: l)
        }
        for (n, o) in [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"),
                       (22, "22nd"), (101, "101st"), (111, "111th")] {
            #expect(exit(n, .english).contains("take the \(o) exit"), "\(n)")
        }
        #expect(exit(1, .french).contains("la 1re sortie") && exit(3, .french).contains("la 3e sortie"))
        #expect(exit(3, .german).contains("die 3. Ausfahrt"))
        #expect(exit(3, .spanish).contains("la 3.ª salida") && exit(3, .italian).contains("la 3ª uscita"))
    }

    @Test("every maneuver and modifier has a sentence in every language, with no slot left unfilled")
    func complete() {
        let exits = ["", "12"], roads = ["", "Rue Basse"], destinations = ["", "Lyon"]
        for language in DirectionsLanguage.all {
            var sentences = Set<String>()
            for maneuver in RouteStep.Maneuver.allCases {
                for modifier in [nil] + RouteStep.Turn.allCases.map(Optional.some) {
                    for onRoad in [true, false] {
                        for road in roads {
                            for dest in destinations {
                                for exit in exits {
                                    let s = RouteStep(
                                        maneuver: maneuver, modifier: modifier, exitNumber: maneuver == .roundabout ? 3 : nil,
                                        arrivalSide: maneuver == .arrive ? .left : nil, heading: .southwest, roadName: road,
                                        distanceMeters: 5432, vertexIndex: 0, endVertexIndex: 1, isOnRoad: onRoad,
                                        destination: dest, exitRef: exit)
                                    let text = s.instruction(in: language)
                                    #expect(!text.isEmpty && !text.contains("{") && !text.contains("}"), "\(language) \(text)")
                                    #expect(text.first?.isUppercase == true, "\(language): \(text)")
                                    sentences.insert(text)
                                }
                            }
                        }
                    }
                }
            }
            #expect(sentences.count > 50, "\(language): \(sentences.count) distinct sentences")
        }
    }

    @Test("languages by code: case and region are ignored; an unknown one is an error naming those there are")
    func codes() throws {
        #expect(try DirectionsLanguage(code: "de") == .german)
        #expect(try DirectionsLanguage(code: "FR") == .french)
        #expect(try DirectionsLanguage(code: "es-MX") == .spanish)
        #expect(try DirectionsLanguage(code: "it_CH") == .italian)
        let error = #expect(throws: GeoKernelError.self) { try DirectionsLanguage(code: "xx") }
        #expect(error?.code == .invalidArgument && error?.message.contains("en, de, fr, es, it") == true)
        #expect(throws: GeoKernelError.self) { try DirectionsLanguage(code: "") }
        #expect(DirectionsLanguage.english.distance(12_345) == "12.3 km" && DirectionsLanguage.german.distance(12_345) == "12,3 km")
    }

    @Test("a plan's directions follow its language; the legs stay the same and English comes back unchanged")
    func planLanguage() throws {
        var plan = try RoutePlan(maxPins: 3)
        try plan.addPin(latitude: 43.73, longitude: 7.42)
        try plan.addPin(latitude: 43.74, longitude: 7.43)
        let english = plan.directions, legs = plan.legs
        #expect(english[0] == "Directions from A to B")
        plan.language = .italian
        #expect(plan.directions[0] == "Indicazioni da A a B" && plan.directions[1].hasPrefix("Tempo stimato: "))
        #expect(plan.directions.count == english.count && plan.legs == legs)
        try plan.addPin(latitude: 43.75, longitude: 7.44)
        #expect(plan.directions.contains("Indicazioni da B a C"))
        plan.language = .english
        #expect(Array(plan.directions.prefix(english.count)) == english)
    }
}

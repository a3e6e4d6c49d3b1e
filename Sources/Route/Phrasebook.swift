/// One language's phrases for directions. Templates fill `{road}` (the road's label),
/// `{dest}` (where it leads), `{dir}` (a compass word), `{exit}` (an exit number or an
/// ordinal), `{dist}`, `{a}`, `{b}` and `{time}`. Arrays indexed by a turn follow
/// `RouteStep.Turn`'s raw values (straight, slight left, slight right, left, right, sharp
/// left, sharp right, U-turn); compass words follow `CompassDirection.allCases`.
struct Phrasebook: Sendable {
    /// "north", … as used after the heading connectors ("le nord", "l'est" in French).
    var compass: [String]
    /// The turn alone: "Turn left".
    var turn: [String]
    /// The turn onto a road: "Turn left onto {road}".
    var turnOnto: [String]
    /// After a turn or a keep: " towards {dest}".
    var towards: String
    /// After a turn or a keep without a road: " and head {dir}".
    var heading: String
    /// After a turn that stays on the road: " to stay on {road}".
    var stayOn: String
    /// "Continue straight on {road}".
    var continueOn: String
    /// "Continue onto {road}" (a new name straight ahead).
    var continueOnto: String
    /// "Continue {dir}".
    var continueHeading: String
    /// "Keep left", "Keep right".
    var keep: [String]
    /// After a keep or a roundabout exit: " onto {road}".
    var onto: String
    /// "Head {dir}", "Head {dir} on {road}".
    var head: String, headOn: String
    /// "At the roundabout, take the {exit} exit" ({exit}: the ordinal).
    var roundabout: String
    /// "Take exit {exit}" (the motorway junction's number).
    var takeExit: String
    /// Arrival by `RouteStep.ArrivalSide` raw value: ahead, left, right, here.
    var arrive: [String]
    /// Great-circle steps: "Head {dir} for {dist}"; after a turn: " and head {dir} for {dist}".
    var headFor: String, headingFor: String
    /// "Driving directions from {a} to {b}" by `RoadRouter.Mode` (driving, cycling, walking).
    var modeTitle: [String]
    /// "Directions from {a} to {b}".
    var title: String
    /// "Estimated time: {time}".
    var estimated: String
    /// The ordinal of an exit number: "2nd", "2.", "2e", "2.ª", "2ª".
    var ordinal: @Sendable (Int) -> String
    /// True where the decimal separator is a comma.
    var decimalComma: Bool
}

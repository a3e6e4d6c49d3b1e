import GeoKernel

extension MaxSpeed {
    /// Implicit speed limits (km/h) for `maxspeed` zone values, keyed by lowercase
    /// `country:zone` (ISO 3166 code, or a subdivision such as `be-vlg`), with `*:zone`
    /// wildcards for countries not listed.
    ///
    /// Sources: the general limits published by each country as collected on the
    /// OpenStreetMap wiki page "Speed limits" and in routing engines' tables. Limits given
    /// in mph (GB, UK) are converted exactly (× 1.609344). A country whose motorways have
    /// no general limit (DE) uses its advisory speed, 130 km/h. Values change with law:
    /// this is data, override it in a profile (`zoneSpeedsKmh`) where needed.
    public static let defaultZonesKmh: [String: Double] = {
        var t: [String: Double] = [
            // Fallbacks for any country.
            "*:urban": 50, "*:rural": 90, "*:trunk": 110, "*:motorway": 130,
            "*:living_street": 20, "*:walk": 6, "*:pedestrian_zone": 6,
            "*:bicycle_road": 30, "*:cyclestreet": 30,
            "*:nsl_single": 60 * kmPerMile, "*:nsl_dual": 70 * kmPerMile, "*:nsl_restricted": 30 * kmPerMile,
            // Countries and regions where a zone differs from the fallback, or worth naming.
            "at:urban": 50, "at:rural": 100, "at:trunk": 100, "at:motorway": 130,
            "be:urban": 50, "be:rural": 90, "be:motorway": 120,
            "be-vlg:rural": 70, "be-bru:urban": 30, "be-bru:rural": 70, "be-wal:rural": 90,
            "by:urban": 60, "by:motorway": 110,
            "ch:urban": 50, "ch:rural": 80, "ch:trunk": 100, "ch:motorway": 120,
            "cz:urban": 50, "cz:rural": 90, "cz:motorway": 130,
            "de:urban": 50, "de:rural": 100, "de:living_street": 7, "de:bicycle_road": 30,
            "de:motorway": 130,
            "dk:urban": 50, "dk:rural": 80, "dk:motorway": 130,
            "es:urban": 50, "es:rural": 90, "es:trunk": 90, "es:motorway": 120,
            "fi:urban": 50, "fi:rural": 80, "fi:motorway": 120,
            "fr:urban": 50, "fr:rural": 80, "fr:trunk": 110, "fr:motorway": 130, "fr:walk": 6,
            "hu:urban": 50, "hu:rural": 90, "hu:trunk": 110, "hu:motorway": 130,
            "ie:urban": 50, "ie:rural": 80, "ie:motorway": 120,
            "it:urban": 50, "it:rural": 90, "it:trunk": 110, "it:motorway": 130,
            "nl:urban": 50, "nl:rural": 80, "nl:trunk": 100, "nl:motorway": 100,
            "no:urban": 50, "no:rural": 80, "no:motorway": 110,
            "pl:urban": 50, "pl:rural": 90, "pl:expressway": 120, "pl:motorway": 140,
            "pt:urban": 50, "pt:rural": 90, "pt:motorway": 120,
            "ro:urban": 50, "ro:rural": 90, "ro:trunk": 100, "ro:motorway": 130,
            "ru:urban": 60, "ru:rural": 90, "ru:living_street": 20, "ru:motorway": 110,
            "se:urban": 50, "se:rural": 70, "se:motorway": 110,
            "sk:urban": 50, "sk:rural": 90, "sk:motorway": 130,
            "ua:urban": 50, "ua:rural": 90, "ua:motorway": 130,
            "za:urban": 60, "za:rural": 100, "za:motorway": 120,
        ]
        for uk in ["gb", "uk"] {
            t[uk + ":nsl_single"] = 60 * kmPerMile
            t[uk + ":nsl_dual"] = 70 * kmPerMile
            t[uk + ":motorway"] = 70 * kmPerMile
        }
        return t
    }()
}

import CGeoKernelHeader
import GeoKernel
import Geofence
import Nearby
import OpenStreetMap
import Route
import Timeline

// Every C enumeration value, by the header's own name (include/geokernel.h, imported
// through the CGeoKernelHeader module): the Swift side never repeats a number, so the
// two cannot drift apart. Inputs are switches over the header's names that refuse
// anything else with GK_ERR_INVALID_ARGUMENT naming the valid values; outputs are
// exhaustive switches over the Swift cases.

extension GeoKernelError.Code {
    /// The status code of the header (GK_ERR_*); an unknown code is GK_ERR_INTERNAL.
    var cStatus: CInt {
        switch self {
        case .misuse: GK_ERR_MISUSE
        case .invalidArgument: GK_ERR_INVALID_ARGUMENT
        case .outOfMemory: GK_ERR_OUT_OF_MEMORY
        case .bufferTooSmall: GK_ERR_BUFFER_TOO_SMALL
        case .crs: GK_ERR_CRS
        case .projDatabase: GK_ERR_PROJ_DATABASE
        case .transform: GK_ERR_TRANSFORM
        case .notFound: GK_ERR_NOT_FOUND
        case .duplicate: GK_ERR_DUPLICATE
        case .permission: GK_ERR_PERMISSION
        case .capacity: GK_ERR_CAPACITY
        case .io: GK_ERR_IO
        case .corrupt: GK_ERR_CORRUPT
        case .parse: GK_ERR_PARSE
        case .order: GK_ERR_ORDER
        default: GK_ERR_INTERNAL
        }
    }

    /// Every code the header defines, for `gk_errstr`.
    static let all: [GeoKernelError.Code] = [
        .misuse, .invalidArgument, .outOfMemory, .bufferTooSmall, .crs, .projDatabase, .transform,
        .notFound, .duplicate, .permission, .capacity, .io, .corrupt, .parse, .order, .internal,
    ]
}

extension GeofenceEvent.Kind {
    /// GK_GEOFENCE_ENTER, GK_GEOFENCE_EXIT or GK_GEOFENCE_DWELL.
    var cValue: CInt {
        switch self {
        case .enter: GK_GEOFENCE_ENTER
        case .exit: GK_GEOFENCE_EXIT
        case .dwell: GK_GEOFENCE_DWELL
        }
    }
}

extension RouteStep.Maneuver {
    /// GK_MANEUVER_*.
    var cValue: CInt {
        switch self {
        case .depart: GK_MANEUVER_DEPART
        case .turn: GK_MANEUVER_TURN
        case .continue: GK_MANEUVER_CONTINUE
        case .newName: GK_MANEUVER_NEW_NAME
        case .fork: GK_MANEUVER_FORK
        case .roundabout: GK_MANEUVER_ROUNDABOUT
        case .arrive: GK_MANEUVER_ARRIVE
        }
    }
}

extension Optional where Wrapped == RouteStep.Turn {
    /// GK_MODIFIER_*; GK_MODIFIER_NONE for nil.
    var cValue: CInt {
        switch self {
        case nil: GK_MODIFIER_NONE
        case .straight: GK_MODIFIER_STRAIGHT
        case .slightLeft: GK_MODIFIER_SLIGHT_LEFT
        case .slightRight: GK_MODIFIER_SLIGHT_RIGHT
        case .left: GK_MODIFIER_LEFT
        case .right: GK_MODIFIER_RIGHT
        case .sharpLeft: GK_MODIFIER_SHARP_LEFT
        case .sharpRight: GK_MODIFIER_SHARP_RIGHT
        case .uTurn: GK_MODIFIER_UTURN
        }
    }
}

extension Optional where Wrapped == RouteStep.ArrivalSide {
    /// GK_SIDE_*; GK_SIDE_NONE for nil.
    var cValue: CInt {
        switch self {
        case nil: GK_SIDE_NONE
        case .ahead: GK_SIDE_AHEAD
        case .left: GK_SIDE_LEFT
        case .right: GK_SIDE_RIGHT
        case .here: GK_SIDE_HERE
        }
    }
}

extension TrackingState {
    /// GK_TRACKING_*.
    var cValue: CInt {
        switch self {
        case .activelyMoving: GK_TRACKING_ACTIVELY_MOVING
        case .stopped: GK_TRACKING_STOPPED
        case .notMoving: GK_TRACKING_NOT_MOVING
        case .inFastVehicle: GK_TRACKING_IN_FAST_VEHICLE
        }
    }
}

extension MotionActivity {
    /// A GK_ACTIVITY_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_ACTIVITY_STATIONARY: self = .stationary
        case GK_ACTIVITY_WALKING: self = .walking
        case GK_ACTIVITY_RUNNING: self = .running
        case GK_ACTIVITY_CYCLING: self = .cycling
        case GK_ACTIVITY_AUTOMOTIVE: self = .automotive
        case GK_ACTIVITY_UNKNOWN: self = .unknown
        default:
            throw .invalid("activity \(cValue) is not a GK_ACTIVITY_* value (GK_ACTIVITY_STATIONARY … GK_ACTIVITY_UNKNOWN)")
        }
    }
}

extension StopDetector.Preset {
    /// A GK_TIMELINE_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_TIMELINE_TRACKINTEL: self = .trackintel
        case GK_TIMELINE_TIMELY_MOVES: self = .timelyMoves
        case GK_TIMELINE_TRAVEL_DIARY: self = .travelDiary
        case GK_TIMELINE_TIMELY_MOVES_SEED: self = .timelyMovesSeed
        default:
            throw .invalid("preset \(cValue) must be GK_TIMELINE_TRACKINTEL, GK_TIMELINE_TIMELY_MOVES, "
                + "GK_TIMELINE_TRAVEL_DIARY or GK_TIMELINE_TIMELY_MOVES_SEED")
        }
    }
}

extension RoadMetric {
    /// A GK_METRIC_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_METRIC_FASTEST: self = .fastest
        case GK_METRIC_SHORTEST: self = .shortest
        default: throw .invalid("metric \(cValue) must be GK_METRIC_FASTEST or GK_METRIC_SHORTEST")
        }
    }
}

extension RoadRouter.Mode {
    /// A GK_MODE_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_MODE_DRIVING: self = .driving
        case GK_MODE_CYCLING: self = .cycling
        case GK_MODE_WALKING: self = .walking
        default: throw .invalid("mode \(cValue) must be GK_MODE_DRIVING, GK_MODE_CYCLING or GK_MODE_WALKING")
        }
    }
}

extension Transformer.Direction {
    /// GK_FORWARD or GK_INVERSE.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_FORWARD: self = .forward
        case GK_INVERSE: self = .inverse
        default: throw .invalid("direction \(cValue) must be GK_FORWARD or GK_INVERSE")
        }
    }
}

extension SearchRadius {
    /// A GK_RADIUS_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_RADIUS_GLOBAL: self = .global
        case GK_RADIUS_1KM: self = .oneKilometer
        case GK_RADIUS_10KM: self = .tenKilometers
        case GK_RADIUS_100KM: self = .hundredKilometers
        default: throw .invalid("radius \(cValue) must be GK_RADIUS_1KM, _10KM, _100KM or _GLOBAL")
        }
    }
}

extension SearchScope {
    /// A GK_SCOPE_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_SCOPE_ALL: self = .all
        case GK_SCOPE_MINE: self = .mine
        case GK_SCOPE_OTHERS: self = .others
        default: throw .invalid("scope \(cValue) must be GK_SCOPE_ALL, _MINE or _OTHERS")
        }
    }
}

extension GazetteerFormat {
    /// A GK_GAZETTEER_* value.
    init(cValue: CInt) throws(GeoKernelError) {
        switch cValue {
        case GK_GAZETTEER_AUTO: self = .automatic
        case GK_GAZETTEER_CSV: self = .csv
        case GK_GAZETTEER_GEONAMES: self = .geoNames
        default: throw .invalid("format \(cValue) must be GK_GAZETTEER_AUTO, _CSV or _GEONAMES")
        }
    }
}

/// GK_SORTED (true) or GK_UNSORTED (false).
func sortedOrder(_ cValue: CInt) throws(GeoKernelError) -> Bool {
    switch cValue {
    case GK_SORTED: return true
    case GK_UNSORTED: return false
    default: throw .invalid("order \(cValue) must be GK_SORTED or GK_UNSORTED")
    }
}

extension AddressKind {
    /// The GK_ADDRESS_* value.
    var cValue: CInt {
        switch self {
        case .place: GK_ADDRESS_PLACE
        case .address: GK_ADDRESS_ADDRESS
        case .street: GK_ADDRESS_STREET
        case .town: GK_ADDRESS_TOWN
        }
    }

    /// A GK_ADDRESS_* value, or nil.
    init?(cValue: CInt) {
        guard let k = AddressKind.allCases.first(where: { $0.cValue == cValue }) else { return nil }
        self = k
    }
}

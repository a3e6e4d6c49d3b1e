// The Nearby facade (issue 3): landmarks with notes, nearest-first search, reverse geocoding.

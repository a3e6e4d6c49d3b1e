// The Geofence facade (issue 5): enter, exit and dwell events from a stream of fixes.

// The Timeline facade (issue 6): placemarks and transits from fixes, the tracking policy.

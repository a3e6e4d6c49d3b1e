// GeoFormats: reading and writing GeoJSON (RFC 7946), GPX 1.0/1.1 and CSV tracks.

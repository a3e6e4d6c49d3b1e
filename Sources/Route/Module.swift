// The Route facade (issue 4): pins, legs, travel times, directions, encoded polylines.

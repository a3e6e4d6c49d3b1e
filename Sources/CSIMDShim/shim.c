// Intentionally empty: the helpers are static inline in CSIMDShim.h.

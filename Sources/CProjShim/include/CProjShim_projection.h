#ifndef CPROJSHIM_PROJECTION_H
#define CPROJSHIM_PROJECTION_H
// Coordinate transformations through PROJ's proj.h: the only C code that touches
// PJ_CONTEXT and PJ for projections.
//
// Why this shim exists:
//  - Swift must not depend on PROJ's types or struct layouts; a PJ_CONTEXT and its PJ
//    live together behind one opaque CProjShim_transformer.
//  - PROJ reports why a CRS is unusable only through its logger callback (errno strings
//    say "Unknown error"), and a C callback with a userdata pointer is easiest in C.
//    Installing it also stops PROJ printing to stderr.
//  - The hot loop (degrees <-> radians for angular operations, counting and marking the
//    points PROJ could not transform) must run in the same cache-friendly pass as
//    proj_trans_generic, without copying the caller's data and without a Swift loop
//    per point. The batch is transformed in blocks that fit in L1/L2 so the extra pass
//    reads data that is already in cache.
//
// Thread safety: PROJ contexts are not thread-safe. A CProjShim_transformer owns its
// context; use it from one thread at a time. CProjShim_transformer_clone gives an
// independent copy (new context + proj_clone) for another thread.

#include <stddef.h>

typedef struct CProjShim_transformer CProjShim_transformer;

/// Status codes of the creation functions.
enum {
    CProjShim_OK = 0,
    /// The source CRS (or the operation definition) is not known to PROJ.
    CProjShim_ERR_SOURCE = 1,
    /// The target CRS is not known to PROJ.
    CProjShim_ERR_TARGET = 2,
    /// Both CRS parse, but PROJ found no operation between them (or normalisation failed).
    CProjShim_ERR_NO_OPERATION = 3,
    /// proj.db could not be found or opened (checked with proj_context_get_database_path).
    CProjShim_ERR_DATABASE = 4,
    /// The definition given as an operation is a CRS or another non-operation object.
    CProjShim_ERR_NOT_OPERATION = 5,
    /// An allocation failed.
    CProjShim_ERR_OUT_OF_MEMORY = 6,
};

/// Creates an empty transformer with its own PJ_CONTEXT: error logging captured (level
/// PJ_LOG_ERROR), proj4 init rules if `use_proj4_init_rules` != 0, and the search paths
/// for proj.db if `search_path_count` > 0. Returns NULL when out of memory.
/// Then call CProjShim_transformer_set_crs_to_crs or _set_operation exactly once.
CProjShim_transformer *CProjShim_transformer_create(int use_proj4_init_rules,
                                                    const char *const *search_paths,
                                                    int search_path_count);

/// proj_create_crs_to_crs(source, target), then proj_normalize_for_visualization when
/// `normalize` != 0 (x = longitude / easting). Returns a CProjShim_* status; on failure
/// CProjShim_transformer_log holds PROJ's own text for the failing part.
int CProjShim_transformer_set_crs_to_crs(CProjShim_transformer *t, const char *source,
                                         const char *target, int normalize);

/// proj_create(definition) for a single operation or pipeline. Angular input/output is
/// taken in degrees (converted in CProjShim_transformer_trans). Returns a status.
int CProjShim_transformer_set_operation(CProjShim_transformer *t, const char *definition);

/// An independent copy: proj_context_clone (same search paths, init rules) with its
/// own logger, and proj_clone of the operation. NULL when out of memory or when PROJ
/// cannot clone (the reason is then in CProjShim_transformer_log of `t`).
CProjShim_transformer *CProjShim_transformer_clone(CProjShim_transformer *t);

void CProjShim_transformer_destroy(CProjShim_transformer *t);

/// The error messages PROJ logged since the last creation call or transform call,
/// joined by "; " (truncated to about 1 KiB). Empty string when none. Valid until the
/// next call on `t`.
const char *CProjShim_transformer_log(const CProjShim_transformer *t);

/// proj_context_errno_string of the operation's last error ("" when none).
const char *CProjShim_transformer_errno_string(CProjShim_transformer *t);

/// Whether x/y in the given direction (0 forward, 1 inverse) are in degrees that the
/// shim converts to/from PROJ's radians.
int CProjShim_transformer_angular_input(const CProjShim_transformer *t, int inverse);
int CProjShim_transformer_angular_output(const CProjShim_transformer *t, int inverse);

/// Transforms `count` points in place: x, y (and z when not NULL) with strides in bytes.
/// `inverse` != 0 runs the operation backwards. Calls proj_trans_generic block by
/// block, converting degrees to radians before and radians to degrees after when the
/// operation is angular. A point whose output x or y is not finite (PROJ failed, or
/// the input was NaN/infinite) gets +infinity in x, y and z and is counted.
/// Returns the number of such points. Arguments are not validated here (Swift does).
size_t CProjShim_transformer_trans(CProjShim_transformer *t, int inverse,
                                   double *x, size_t stride_x,
                                   double *y, size_t stride_y,
                                   double *z, size_t stride_z,
                                   size_t count);

/// PROJ's default search path for resource files (proj_info().searchpath, entries
/// separated by ':'), copied into `buf` (NUL-terminated, truncated to `len`).
/// Serialised with a mutex because proj_info uses static storage.
void CProjShim_default_search_path(char *buf, size_t len);

#endif

// Coordinate transformations through proj.h. See include/CProjShim_projection.h for
// why this shim exists; in short: PROJ types stay out of Swift, PROJ's error text is
// captured through its logger, and the per-point work around proj_trans_generic runs
// in C, in cache-sized blocks, on the caller's buffers.
#ifdef GEOKERNEL_PROJ  /* the PROJ trait: without it this file compiles to nothing */
#include "CProjShim_projection.h"
#include <proj.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { LOG_CAPACITY = 1024, BLOCK_POINTS = 1024 };

struct CProjShim_transformer {
    PJ_CONTEXT *ctx;
    PJ *pj;
    int angular_in[2];   // [0] forward, [1] inverse
    int angular_out[2];
    size_t log_len;
    char log[LOG_CAPACITY];
};

// Called by PROJ on the thread that uses the context; appends to the owner's buffer.
// Installed on every context, so nothing reaches stderr.
static void log_callback(void *userdata, int level, const char *message) {
    (void)level;
    CProjShim_transformer *t = userdata;
    if (!t || !message) return;
    size_t room = LOG_CAPACITY - 1 - t->log_len;
    if (room < 3) return;
    if (t->log_len > 0) {
        memcpy(t->log + t->log_len, "; ", 2);
        t->log_len += 2;
        room -= 2;
    }
    size_t n = strlen(message);
    if (n > room) n = room;
    memcpy(t->log + t->log_len, message, n);
    t->log_len += n;
    t->log[t->log_len] = '\0';
}

static void log_reset(CProjShim_transformer *t) {
    t->log_len = 0;
    t->log[0] = '\0';
}

static void install_logger(CProjShim_transformer *t) {
    proj_log_func(t->ctx, t, log_callback);
    proj_log_level(t->ctx, PJ_LOG_ERROR);
}

CProjShim_transformer *CProjShim_transformer_create(int use_proj4_init_rules,
                                                    const char *const *search_paths,
                                                    int search_path_count) {
    CProjShim_transformer *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->ctx = proj_context_create();
    if (!t->ctx) {
        free(t);
        return NULL;
    }
    install_logger(t);
    if (use_proj4_init_rules) proj_context_use_proj4_init_rules(t->ctx, 1);
    if (search_path_count > 0 && search_paths)
        proj_context_set_search_paths(t->ctx, search_path_count, search_paths);
    return t;
}

static void compute_units(CProjShim_transformer *t) {
    t->angular_in[0] = proj_angular_input(t->pj, PJ_FWD);
    t->angular_in[1] = proj_angular_input(t->pj, PJ_INV);
    t->angular_out[0] = proj_angular_output(t->pj, PJ_FWD);
    t->angular_out[1] = proj_angular_output(t->pj, PJ_INV);
}

// After a failed creation: is proj.db missing? proj_context_get_database_path returns
// NULL when it cannot be found or opened. Only blamed when PROJ's text points at the
// database (or says nothing), so that "+proj=foo" stays a CRS error.
static int database_missing(CProjShim_transformer *t) {
    int mentions = t->log_len == 0 || strstr(t->log, "database") || strstr(t->log, "proj.db");
    if (!mentions) return 0;
    return proj_context_get_database_path(t->ctx) == NULL;
}

// Whether PROJ can parse `definition` alone; the log then holds its own complaint.
static int parses(CProjShim_transformer *t, const char *definition) {
    log_reset(t);
    PJ *p = proj_create(t->ctx, definition);
    if (!p) return 0;
    proj_destroy(p);
    return 1;
}

int CProjShim_transformer_set_crs_to_crs(CProjShim_transformer *t, const char *source,
                                         const char *target, int normalize) {
    log_reset(t);
    PJ *p = proj_create_crs_to_crs(t->ctx, source, target, NULL);
    if (!p) {
        if (database_missing(t)) return CProjShim_ERR_DATABASE;
        char saved[LOG_CAPACITY];
        memcpy(saved, t->log, t->log_len + 1);
        size_t saved_len = t->log_len;
        if (!parses(t, source)) return CProjShim_ERR_SOURCE;
        if (!parses(t, target)) return CProjShim_ERR_TARGET;
        memcpy(t->log, saved, saved_len + 1);
        t->log_len = saved_len;
        return CProjShim_ERR_NO_OPERATION;
    }
    if (normalize) {
        PJ *n = proj_normalize_for_visualization(t->ctx, p);
        proj_destroy(p);
        if (!n) return CProjShim_ERR_NO_OPERATION;
        p = n;
    }
    t->pj = p;
    compute_units(t);
    return CProjShim_OK;
}

int CProjShim_transformer_set_operation(CProjShim_transformer *t, const char *definition) {
    log_reset(t);
    PJ *p = proj_create(t->ctx, definition);
    if (!p) return database_missing(t) ? CProjShim_ERR_DATABASE : CProjShim_ERR_SOURCE;
    int is_operation = 0;
    switch (proj_get_type(p)) {
    case PJ_TYPE_CONVERSION:
    case PJ_TYPE_TRANSFORMATION:
    case PJ_TYPE_CONCATENATED_OPERATION:
    case PJ_TYPE_OTHER_COORDINATE_OPERATION:
    case PJ_TYPE_UNKNOWN:
        is_operation = !proj_is_crs(p);
        break;
    default:
        break;
    }
    if (!is_operation) {
        proj_destroy(p);
        return CProjShim_ERR_NOT_OPERATION;
    }
    t->pj = p;
    compute_units(t);
    return CProjShim_OK;
}

CProjShim_transformer *CProjShim_transformer_clone(CProjShim_transformer *t) {
    if (!t || !t->pj) return NULL;
    CProjShim_transformer *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    // proj_context_clone copies search paths, init rules and the logger; the logger's
    // userdata must point at the copy, so it is installed again.
    c->ctx = proj_context_clone(t->ctx);
    if (!c->ctx) {
        free(c);
        return NULL;
    }
    install_logger(c);
    log_reset(t);
    c->pj = proj_clone(c->ctx, t->pj);
    if (!c->pj) {
        // Report PROJ's reason on the original, which the caller still holds.
        memcpy(t->log, c->log, c->log_len + 1);
        t->log_len = c->log_len;
        proj_context_destroy(c->ctx);
        free(c);
        return NULL;
    }
    memcpy(c->angular_in, t->angular_in, sizeof c->angular_in);
    memcpy(c->angular_out, t->angular_out, sizeof c->angular_out);
    return c;
}

void CProjShim_transformer_destroy(CProjShim_transformer *t) {
    if (!t) return;
    if (t->pj) proj_destroy(t->pj);
    if (t->ctx) proj_context_destroy(t->ctx);
    free(t);
}

const char *CProjShim_transformer_log(const CProjShim_transformer *t) { return t->log; }

const char *CProjShim_transformer_errno_string(CProjShim_transformer *t) {
    if (!t->pj) return "";
    int e = proj_errno(t->pj);
    if (e == 0) return "";
    const char *s = proj_context_errno_string(t->ctx, e);
    return s ? s : "";
}

int CProjShim_transformer_angular_input(const CProjShim_transformer *t, int inverse) {
    return t->angular_in[inverse ? 1 : 0];
}

int CProjShim_transformer_angular_output(const CProjShim_transformer *t, int inverse) {
    return t->angular_out[inverse ? 1 : 0];
}

#define AT(p, i, stride) ((double *)((char *)(p) + (i) * (stride)))

size_t CProjShim_transformer_trans(CProjShim_transformer *t, int inverse,
                                   double *x, size_t sx, double *y, size_t sy,
                                   double *z, size_t sz, size_t count) {
    const int dir = inverse ? 1 : 0;
    const PJ_DIRECTION direction = inverse ? PJ_INV : PJ_FWD;
    const int ang_in = t->angular_in[dir], ang_out = t->angular_out[dir];
    const double to_rad = M_PI / 180.0, to_deg = 180.0 / M_PI;
    size_t failed = 0;

    log_reset(t);
    proj_errno_reset(t->pj);
    for (size_t start = 0; start < count; start += BLOCK_POINTS) {
        const size_t n = count - start < BLOCK_POINTS ? count - start : BLOCK_POINTS;
        double *bx = AT(x, start, sx), *by = AT(y, start, sy);
        double *bz = z ? AT(z, start, sz) : NULL;
        if (ang_in) {
            if (sx == sizeof(double) && sy == sizeof(double)) {
                for (size_t i = 0; i < n; i++) {  // contiguous: vectorised
                    bx[i] *= to_rad;
                    by[i] *= to_rad;
                }
            } else {
                for (size_t i = 0; i < n; i++) {
                    *AT(bx, i, sx) *= to_rad;
                    *AT(by, i, sy) *= to_rad;
                }
            }
        }
        proj_trans_generic(t->pj, direction, bx, sx, n, by, sy, n,
                           bz, bz ? sz : 0, bz ? n : 0, NULL, 0, 0);
        // The block is still in cache: count failures and convert back in one pass.
        for (size_t i = 0; i < n; i++) {
            double *px = AT(bx, i, sx), *py = AT(by, i, sy);
            const double vx = *px, vy = *py;
            if (!isfinite(vx) || !isfinite(vy)) {
                *px = HUGE_VAL;
                *py = HUGE_VAL;
                if (bz) *AT(bz, i, sz) = HUGE_VAL;
                failed++;
            } else if (ang_out) {
                *px = vx * to_deg;
                *py = vy * to_deg;
            }
        }
    }
    return failed;
}

static pthread_mutex_t info_lock = PTHREAD_MUTEX_INITIALIZER;

void CProjShim_default_search_path(char *buf, size_t len) {
    if (!buf || len == 0) return;
    pthread_mutex_lock(&info_lock);
    PJ_INFO info = proj_info();
    const char *s = info.searchpath ? info.searchpath : "";
    size_t n = strlen(s);
    if (n >= len) n = len - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    pthread_mutex_unlock(&info_lock);
}
#endif /* GEOKERNEL_PROJ */

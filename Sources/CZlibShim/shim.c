// See include/CZlibShim.h for why this shim exists.
#include "CZlibShim.h"
#include <zlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int CZlibShim_inflate(const unsigned char *src, size_t src_len,
                      unsigned char *dst, size_t dst_cap, size_t *produced) {
    if (produced) *produced = 0;
    if (!produced || (!src && src_len) || (!dst && dst_cap)) return CZlibShim_ERR_ARGUMENT;
    if (src_len > UINT_MAX || dst_cap > UINT_MAX) return CZlibShim_ERR_ARGUMENT;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return CZlibShim_ERR_MEMORY;
    z.next_in = (Bytef *)src;
    z.avail_in = (uInt)src_len;
    z.next_out = dst;
    z.avail_out = (uInt)dst_cap;
    int rc = inflate(&z, Z_FINISH);
    *produced = dst_cap - z.avail_out;
    int status;
    switch (rc) {
    case Z_STREAM_END: status = CZlibShim_OK; break;
    case Z_MEM_ERROR: status = CZlibShim_ERR_MEMORY; break;
    case Z_OK:
    case Z_BUF_ERROR:
        // Z_FINISH stopped early: either the output is full or the input ran out.
        status = z.avail_out == 0 ? CZlibShim_ERR_OVERFLOW : CZlibShim_ERR_TRUNCATED;
        break;
    default: status = CZlibShim_ERR_DATA; break; // Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR
    }
    inflateEnd(&z);
    return status;
}

size_t CZlibShim_deflate_bound(size_t src_len) {
    if (src_len > UINT_MAX) return 0;
    return (size_t)compressBound((uLong)src_len);
}

int CZlibShim_deflate(const unsigned char *src, size_t src_len,
                      unsigned char *dst, size_t dst_cap, size_t *produced, int level) {
    if (produced) *produced = 0;
    if (!produced || (!src && src_len) || (!dst && dst_cap)) return CZlibShim_ERR_ARGUMENT;
    if (src_len > UINT_MAX || dst_cap > UINT_MAX || level < -1 || level > 9) return CZlibShim_ERR_ARGUMENT;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit(&z, level) != Z_OK) return CZlibShim_ERR_MEMORY;
    z.next_in = (Bytef *)src;
    z.avail_in = (uInt)src_len;
    z.next_out = dst;
    z.avail_out = (uInt)dst_cap;
    int rc = deflate(&z, Z_FINISH);
    *produced = dst_cap - z.avail_out;
    int status;
    switch (rc) {
    case Z_STREAM_END: status = CZlibShim_OK; break;
    case Z_OK:
    case Z_BUF_ERROR: status = CZlibShim_ERR_OVERFLOW; break; // the output filled up
    case Z_MEM_ERROR: status = CZlibShim_ERR_MEMORY; break;
    default: status = CZlibShim_ERR_ARGUMENT; break;
    }
    deflateEnd(&z);
    return status;
}

struct CZlibShim_gunzip {
    z_stream z;
    int member_done; // the last member ended; the next input starts a new member
    char message[128];
};

CZlibShim_gunzip *CZlibShim_gunzip_create(void) {
    CZlibShim_gunzip *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    // 16 + MAX_WBITS: expect a gzip header and trailer (not a zlib wrapper).
    if (inflateInit2(&g->z, 16 + MAX_WBITS) != Z_OK) {
        free(g);
        return NULL;
    }
    return g;
}

void CZlibShim_gunzip_destroy(CZlibShim_gunzip *g) {
    if (!g) return;
    inflateEnd(&g->z);
    free(g);
}

int CZlibShim_gunzip_feed(CZlibShim_gunzip *g,
                          const unsigned char *in, size_t in_len, size_t *consumed,
                          unsigned char *out, size_t out_cap, size_t *produced) {
    if (consumed) *consumed = 0;
    if (produced) *produced = 0;
    if (!g || !consumed || !produced || (!in && in_len) || (!out && out_cap)) return CZlibShim_ERR_ARGUMENT;
    if (in_len > UINT_MAX) in_len = UINT_MAX;
    if (out_cap > UINT_MAX) out_cap = UINT_MAX;
    if (g->member_done) {
        if (in_len == 0) return CZlibShim_OK;
        // Multi-member gzip (RFC 1952 §2.2): the next bytes are another member.
        if (inflateReset(&g->z) != Z_OK) return CZlibShim_ERR_DATA;
        g->member_done = 0;
    }
    g->z.next_in = (Bytef *)in;
    g->z.avail_in = (uInt)in_len;
    g->z.next_out = out;
    g->z.avail_out = (uInt)out_cap;
    int rc = inflate(&g->z, Z_NO_FLUSH);
    *consumed = in_len - g->z.avail_in;
    *produced = out_cap - g->z.avail_out;
    switch (rc) {
    case Z_OK:
    case Z_BUF_ERROR: // no progress possible now: more input or more room is needed
        return CZlibShim_OK;
    case Z_STREAM_END:
        g->member_done = 1;
        return CZlibShim_OK;
    case Z_MEM_ERROR:
        return CZlibShim_ERR_MEMORY;
    default: {
        const char *m = g->z.msg ? g->z.msg : "invalid gzip data";
        strncpy(g->message, m, sizeof g->message - 1);
        g->message[sizeof g->message - 1] = 0;
        return CZlibShim_ERR_DATA;
    }
    }
}

int CZlibShim_gunzip_at_member_end(const CZlibShim_gunzip *g) {
    return g && g->member_done;
}

const char *CZlibShim_gunzip_message(const CZlibShim_gunzip *g) {
    return g ? g->message : "";
}

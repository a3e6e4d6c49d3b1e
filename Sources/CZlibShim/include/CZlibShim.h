#ifndef CZLIBSHIM_H
#define CZLIBSHIM_H
// CZlibShim: the only code that includes <zlib.h>. Swift sees these CZlibShim_*
// functions, plain integers and one opaque handle, never zlib's types.
//
// Why this shim exists:
//  - z_stream is a C struct whose layout, allocator callbacks and macro-based init
//    (inflateInit2 is a macro passing sizeof(z_stream) and ZLIB_VERSION) do not import
//    cleanly into Swift; keeping it behind an opaque pointer keeps Swift independent of
//    zlib's headers and version.
//  - zlib's return codes overlap in meaning (Z_BUF_ERROR means both "truncated input" and
//    "output full"); the shim turns them into the distinct outcomes the OSM readers report.
// It could go if Swift gained a zlib binding that hides z_stream (or if the readers moved
// to a pure-Swift inflater).
//
// Thread safety: CZlibShim_inflate is reentrant. A CZlibShim_gunzip handle has its own
// state; use it from one thread at a time.

#include <stddef.h>

/// Status codes of the CZlibShim functions.
enum {
    CZlibShim_OK = 0,
    /// The compressed data is malformed (bad header, bad checksum, invalid codes).
    CZlibShim_ERR_DATA = 1,
    /// The compressed data ends before the end of the stream.
    CZlibShim_ERR_TRUNCATED = 2,
    /// The data inflates to more bytes than the output buffer holds.
    CZlibShim_ERR_OVERFLOW = 3,
    /// zlib could not allocate its state.
    CZlibShim_ERR_MEMORY = 4,
    /// A length does not fit zlib's 32-bit counters, or a NULL pointer was passed.
    CZlibShim_ERR_ARGUMENT = 5,
};

/// Inflates one complete zlib stream (RFC 1950, as in an OSM PBF Blob's zlib_data) from
/// `src[0..<src_len]` into `dst[0..<dst_cap]`. On CZlibShim_OK the stream ended and
/// `*produced` bytes were written (possibly fewer than dst_cap: the caller compares with
/// the size it expected). Bytes after the end of the stream are ignored.
/// Complexity: O(src_len + dst_cap). Allocates zlib's state (~40 KiB) for the call only.
int CZlibShim_inflate(const unsigned char *src, size_t src_len,
                      unsigned char *dst, size_t dst_cap, size_t *produced);

/// The largest size a zlib stream of `src_len` bytes can take (zlib's compressBound), so
/// that `CZlibShim_deflate` into that many bytes cannot run out of room.
size_t CZlibShim_deflate_bound(size_t src_len);

/// Compresses `src[0..<src_len]` into one complete zlib stream (RFC 1950, as an OSM PBF
/// Blob's zlib_data) in `dst[0..<dst_cap]` at `level` (0 to 9, or -1 for zlib's default,
/// 6). On CZlibShim_OK `*produced` bytes were written. CZlibShim_ERR_OVERFLOW when
/// `dst_cap` is too small (room for `CZlibShim_deflate_bound(src_len)` never is).
/// Complexity: O(src_len). Allocates zlib's state (~270 KiB at level 6) for the call only.
int CZlibShim_deflate(const unsigned char *src, size_t src_len,
                      unsigned char *dst, size_t dst_cap, size_t *produced, int level);

/// A streaming gzip (RFC 1952) decoder that accepts multi-member files.
typedef struct CZlibShim_gunzip CZlibShim_gunzip;

/// Creates a decoder. Returns NULL when out of memory. Free with CZlibShim_gunzip_destroy.
CZlibShim_gunzip *CZlibShim_gunzip_create(void);

/// Frees a decoder (NULL is allowed).
void CZlibShim_gunzip_destroy(CZlibShim_gunzip *g);

/// Decodes from `in[0..<in_len]` into `out[0..<out_cap]`: sets `*consumed` and
/// `*produced`. Either may be 0 (e.g. the input held only a header, or `in_len` is 0 and
/// no output was pending). When a member ends, the next call with input starts the next
/// member. Returns CZlibShim_OK, CZlibShim_ERR_DATA (see CZlibShim_gunzip_message) or
/// CZlibShim_ERR_MEMORY; after an error the decoder must not be fed again.
int CZlibShim_gunzip_feed(CZlibShim_gunzip *g,
                          const unsigned char *in, size_t in_len, size_t *consumed,
                          unsigned char *out, size_t out_cap, size_t *produced);

/// 1 when the last member ended cleanly and no further member has begun (the input may
/// end here), 0 otherwise (including before any input).
int CZlibShim_gunzip_at_member_end(const CZlibShim_gunzip *g);

/// zlib's description of the last error, or "" (owned by the decoder).
const char *CZlibShim_gunzip_message(const CZlibShim_gunzip *g);

#endif

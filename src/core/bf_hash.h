/*-------------------------------------------------------------------------
 *
 * bf_hash.h
 *	  The hash functions of format version 1: XXH3_64bits with seed 0 over
 *	  a value's canonical bytes (hash id 1), and XXH64 with seed 0 over its
 *	  Parquet plain encoding (hash id 2, Parquet mode: bf_parquet.h).
 *
 * xxHash comes from Debian's libxxhash-dev and is used header-only
 * (XXH_INLINE_ALL), so fixed-length inputs such as 8-byte integers compile
 * to straight-line code and the module needs no libxxhash at run time.
 * XXH3's output has been frozen since xxHash 0.8.0, and XXH64's since 0.6,
 * so stored filters stay valid across library upgrades; test/unit pins
 * known answers of both.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_hash.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_HASH_H
#define BF_HASH_H

#include <stddef.h>
#include <stdint.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* Hash of an arbitrary byte string */
static inline uint64_t
bf_hash_bytes(const void *data, size_t len)
{
	return (uint64_t) XXH3_64bits(data, len);
}

/*
 * Hash of a 64-bit integer, encoded as 8 little-endian bytes.  One 8-byte
 * store (not eight byte stores, which the loads inside XXH3 cannot forward
 * from) keeps this at a couple of nanoseconds.
 */
static inline uint64_t
bf_hash_u64(uint64_t value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	value = __builtin_bswap64(value);
#endif
	return (uint64_t) XXH3_64bits(&value, sizeof(value));
}

/*
 * The hash of a sequence of 64-bit words, each as 8 little-endian bytes
 * (the XXH3_64bits of their concatenation, as bf_hash_bytes would give
 * it), built a word at a time: for values made of parts, whose parts'
 * hashes are the words.
 */
typedef XXH3_state_t bf_hash_stream;

/* Start a stream of words */
static inline void
bf_hash_stream_begin(bf_hash_stream *stream)
{
	(void) XXH3_64bits_reset(stream);
}

/* Add a word to a stream */
static inline void
bf_hash_stream_add(bf_hash_stream *stream, uint64_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	word = __builtin_bswap64(word);
#endif
	(void) XXH3_64bits_update(stream, &word, sizeof(word));
}

/* The hash of the words added to a stream */
static inline uint64_t
bf_hash_stream_end(const bf_hash_stream *stream)
{
	return (uint64_t) XXH3_64bits_digest(stream);
}

/*
 * Parquet mode: XXH64, seed 0, of a value's plain encoding, as the Parquet
 * format defines its filters' hash.  Of a byte array (BYTE_ARRAY,
 * FIXED_LEN_BYTE_ARRAY), its bytes with no length before them.
 */
static inline uint64_t
bf_parquet_hash_bytes(const void *data, size_t len)
{
	return (uint64_t) XXH64(data, len, 0);
}

/* Parquet mode: of a 32-bit value (INT32, FLOAT's bits), 4 bytes LE */
static inline uint64_t
bf_parquet_hash_u32(uint32_t value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	value = __builtin_bswap32(value);
#endif
	return (uint64_t) XXH64(&value, sizeof(value), 0);
}

/* Parquet mode: of a 64-bit value (INT64, DOUBLE's bits), 8 bytes LE */
static inline uint64_t
bf_parquet_hash_u64(uint64_t value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	value = __builtin_bswap64(value);
#endif
	return (uint64_t) XXH64(&value, sizeof(value), 0);
}

#endif							/* BF_HASH_H */

/*-------------------------------------------------------------------------
 *
 * bf_parquet.h
 *	  Parquet mode of the core library (bf_parquet.c): the kinds of value a
 *	  Parquet-mode filter holds, and the filters of Parquet files, read and
 *	  written.
 *
 * Parquet's split-block Bloom filter (apache/parquet-format, BloomFilter.md)
 * has our block layout, bit for bit; only the hash differs.  A filter in
 * Parquet mode (hash id BF_HASH_PARQUET) hashes each value's Parquet plain
 * encoding with XXH64, seed 0 (bf_hash.h), so its payload is what a
 * Parquet writer would store for the same values.  Its kind names the
 * Parquet physical type (and logical type, where it changes the bytes) of
 * its values; a Parquet kind goes with the Parquet hash id and no other,
 * which the validator checks.
 *
 * In a Parquet file a filter is a Thrift compact BloomFilterHeader
 * (numBytes, BLOCK, XXHASH, UNCOMPRESSED) followed by numBytes of blocks.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_parquet.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_PARQUET_H
#define BF_PARQUET_H

#include "bf.h"

/*
 * Kinds of value in Parquet mode (the header's kind field; stored, so never
 * renumbered), clear of the PostgreSQL layer's kinds (1 to 12, and those
 * with bit 31 set)
 */
#define BF_KIND_PQ_INT32		0x101	/* INT32, 4 bytes little-endian */
#define BF_KIND_PQ_INT64		0x102	/* INT64, 8 bytes little-endian */
#define BF_KIND_PQ_FLOAT		0x103	/* FLOAT, IEEE binary32 */
#define BF_KIND_PQ_DOUBLE		0x104	/* DOUBLE, IEEE binary64 */
#define BF_KIND_PQ_STRING		0x105	/* BYTE_ARRAY (STRING): UTF-8 bytes */
#define BF_KIND_PQ_BINARY		0x106	/* BYTE_ARRAY: the bytes */
#define BF_KIND_PQ_UUID			0x107	/* FIXED_LEN_BYTE_ARRAY(16) (UUID) */
#define BF_KIND_PQ_DATE			0x108	/* INT32 (DATE): days since 1970 */
#define BF_KIND_PQ_TIMESTAMP	0x109	/* INT64 (TIMESTAMP(MICROS, local)):
										 * microseconds since 1970 */
#define BF_KIND_PQ_TIMESTAMPTZ	0x10A	/* INT64 (TIMESTAMP(MICROS, UTC)) */
#define BF_KIND_PQ_DECIMAL32	0x200	/* + scale 0..9: INT32 (DECIMAL) */
#define BF_KIND_PQ_DECIMAL64	0x300	/* + scale 0..18: INT64 (DECIMAL) */

/* Largest scale of a decimal of each width */
#define BF_PQ_DECIMAL32_DIGITS	9
#define BF_PQ_DECIMAL64_DIGITS	18

/*
 * Sizes of the filters Parquet mode writes: powers of two from 64 bytes
 * (Impala's smallest) to 128 MiB (every reader's largest).  Filters read
 * may be any multiple of 32 bytes that fits a filter of ours.
 */
#define BF_PQ_MIN_BLOCKS		((uint64_t) 2)
#define BF_PQ_MAX_BLOCKS		((uint64_t) 1 << 22)

/* Longest encoded BloomFilterHeader: numBytes as a 5-byte varint */
#define BF_PQ_HEADER_MAX		19

/* bf_format.c */
extern bool bf_kind_is_parquet(uint32_t kind);
extern uint8_t bf_hash_of_kind(uint32_t kind);

/* bf_parquet.c */
extern size_t bf_parquet_header_size(uint32_t num_bytes);
extern size_t bf_parquet_write_header(uint8_t *buf, uint32_t num_bytes);
extern bf_status bf_parquet_read_header(const uint8_t *buf, size_t len,
										uint32_t *num_bytes,
										size_t *header_len);

extern bool bf_parquet_writable(uint64_t nblocks);
extern size_t bf_parquet_size(uint64_t nblocks);
extern bf_status bf_parquet_write(uint8_t *dst, size_t len,
								  const bf_view *view, uint64_t nblocks);
extern bf_status bf_parquet_read_size(const uint8_t *src, size_t src_len,
									  size_t *len);
extern bf_status bf_parquet_read(uint8_t *dst, size_t len, const uint8_t *src,
								 size_t src_len, uint32_t kind);

#endif							/* BF_PARQUET_H */

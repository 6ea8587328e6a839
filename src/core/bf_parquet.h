/*-------------------------------------------------------------------------
 *
 * bf_parquet.h
 *	  Parquet mode of the core library (bf_parquet.c): the filters of
 *	  Parquet files, read and written.
 *
 * Parquet's split-block Bloom filter (apache/parquet-format, BloomFilter.md)
 * has our block layout, bit for bit; only the hash differs.  A filter in
 * Parquet mode (hash id BF_HASH_PARQUET) hashes each value's Parquet plain
 * encoding with XXH64, seed 0 (bf_hash.h), so its payload is what a
 * Parquet writer would store for the same values.  Its kind (BF_KIND_PQ_*,
 * bf.h) names the Parquet physical type (and logical type, where it changes
 * the bytes) of its values.
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
 * Sizes of the filters Parquet mode writes: powers of two from 64 bytes
 * (Impala's smallest) to 128 MiB (every reader's largest).  Filters read
 * may be any multiple of 32 bytes that fits a filter of ours.
 */
#define BF_PQ_MIN_BLOCKS		((uint64_t) 2)
#define BF_PQ_MAX_BLOCKS		((uint64_t) 1 << 22)

/* Longest encoded BloomFilterHeader: numBytes as a 5-byte varint */
#define BF_PQ_HEADER_MAX		19

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

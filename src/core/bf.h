/*-------------------------------------------------------------------------
 *
 * bf.h
 *	  Public interface of the bloomfilter core library.
 *
 * The core implements a split-block Bloom filter (SBBF) kept in one flat,
 * portable, little-endian buffer: a 60-byte header followed by the payload.
 * The payload is either an array of 256-bit blocks (layout BLOCKS) or a
 * strictly ascending list of 64-bit value hashes (layout EXACT, used while a
 * set is small enough to be kept exactly), or, only as an aggregate hands
 * on a partial state, hashes in any order (layout LIST) or packed (layout
 * PACKED), which no operation but the accumulator's takes (bf_open
 * refuses them; the PostgreSQL layer reads them as the filters they stand
 * for).
 * doc/format.md documents every byte.
 *
 * The library knows nothing about PostgreSQL and allocates only through the
 * hooks its caller passes: an operation on filters asks how many bytes it
 * needs, and the caller allocates them and lets the core fill them; the
 * accumulator an aggregate builds (bf_acc.h) takes an allocator, its
 * memory's context and its alloc and release functions.  Every fallible
 * entry point returns a bf_status.
 *
 * Entry points that only tests and benchmarks use are in bf_testing.h.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_H
#define BF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Layout constants of format version 1 */
#define BF_FORMAT_VERSION	1
#define BF_HEADER_SIZE		60		/* bytes before the payload */
#define BF_BLOCK_BYTES		32		/* one block: 8 words of 32 bits */
#define BF_BLOCK_WORDS		8
#define BF_BLOCK_BITS		256
#define BF_HASH_BYTES		8		/* one entry of an EXACT payload */

#define BF_LAYOUT_BLOCKS	1		/* payload is nitems 256-bit blocks */
#define BF_LAYOUT_EXACT		2		/* payload is nitems ascending hashes */
#define BF_LAYOUT_LIST		3		/* payload is nitems hashes in any order,
									 * repeats allowed, as a partial aggregate
									 * state hands them on (bf_acc_finish.c):
									 * an auto-sized set not yet sorted, or,
									 * bits_set being a block count, the
									 * hashes of a sized filter not yet made */
#define BF_LAYOUT_PACKED	4		/* a list's distinct keys, sorted, in
									 * Elias-Fano code (bf_packed.c): as a
									 * partial state's text and binary forms
									 * carry them */

#define BF_HASH_XXH3_64		1		/* XXH3_64bits of the canonical bytes */
#define BF_HASH_PARQUET		2		/* XXH64, seed 0, of the Parquet plain
									 * encoding (bf_parquet.h) */

/*
 * Flag bits.  BF_FLAG_AUTO marks a filter whose size was chosen from the
 * data rather than from a declared capacity; its block count is always a
 * power of two, so any two such filters can be merged by folding.
 * BF_FLAG_PART marks one part of a whole filter cut into equal ranges of
 * blocks (bf_parts.c); its header's part fields say which of how many.
 */
#define BF_FLAG_AUTO		0x0001
#define BF_FLAG_PART		0x0002
#define BF_FLAGS_KNOWN		(BF_FLAG_AUTO | BF_FLAG_PART)

/*
 * Size limits.  A serialized filter must fit in one PostgreSQL varlena
 * (1 GB - 1 bytes), and so must its text form, base64 (4/3 of the size),
 * so that every filter can be dumped and restored: 768 MiB - 64 KiB leaves
 * the text 87 KB under the limit.
 */
#define BF_MAX_SIZE			((size_t) 0x2FFF0000)
#define BF_MAX_BLOCKS		((uint64_t) ((BF_MAX_SIZE - BF_HEADER_SIZE) / BF_BLOCK_BYTES))
#define BF_MAX_HASHES		((uint64_t) ((BF_MAX_SIZE - BF_HEADER_SIZE) / BF_HASH_BYTES))

/*
 * A whole filter kept in parts is bounded by the block choice, not by a
 * value's size: ((h >> 32) * blocks) >> 32 stays within 64 bits, and every
 * block can be chosen, up to 2^32 blocks (128 GiB).  Each part is a
 * filter of at most BF_MAX_BLOCKS blocks, and there are at most
 * BF_MAX_PARTS of them (a SQL int).
 */
#define BF_MAX_WHOLE_BLOCKS	((uint64_t) 1 << 32)
#define BF_MAX_PARTS		((uint32_t) 0x7FFFFFFF)

/*
 * The smallest false-positive rate the sizing functions can meet at all:
 * bf_model_fpr(1, BF_MAX_BLOCKS), one value in the largest filter
 * (test_sizing checks the figure).  No header holds a smaller one.
 */
#define BF_MIN_FPR			3.6143177263662827e-20

/*
 * Auto-sized filters of up to this many distinct values stay exact lists of
 * hashes (bf_auto_keeps_exact): 512 KiB of payload at most, about four
 * times the block filter's.  An exact list adds its values without loss to
 * a block filter of any size, so a set this small combines with any other
 * auto-sized filter without folding the larger one down.  doc/sizing.md
 * shows the trade-off.
 */
#define BF_AUTO_EXACT_MAX	((uint64_t) 65536)

/*
 * Kinds of value (the header's kind field).  A filter records the kind of
 * the values it holds, so that a probe or a filter of another kind is
 * refused rather than answered wrongly; the PostgreSQL layer says which
 * types hash to which kind (src/bloom_kinds.h).  This is the one list of
 * the numbered kinds, and the validator accepts a header's kind only if it
 * is one of them, a hashed kind, a kind of values holding enums, or (with
 * the Parquet hash id) one of Parquet mode's.  Kinds are stored in every filter, so
 * they are never renumbered: a new kind takes the next number and becomes
 * BF_KIND_LAST.
 */
#define BF_KIND_NONE			0	/* no value added yet */
#define BF_KIND_TEXT_BLANKS		1	/* text as 1.0 hashed it */
#define BF_KIND_INTEGER			2
#define BF_KIND_FLOAT			3
#define BF_KIND_NUMERIC			4
#define BF_KIND_UUID			5
#define BF_KIND_BYTEA			6
#define BF_KIND_DATE			7
#define BF_KIND_TIMESTAMP		8
#define BF_KIND_TIMESTAMPTZ		9
#define BF_KIND_INET			10
#define BF_KIND_BOOL			11
#define BF_KIND_TEXT			12
#define BF_KIND_LAST			BF_KIND_TEXT	/* the highest numbered kind */

/*
 * A hashed kind: this bit, and 31 bits of a hash of what names the kind (a
 * type without a numbered kind, a collation).  Any 31 bits are well formed.
 */
#define BF_KIND_HASHED_BIT		0x80000000U

/*
 * A kind of values made of parts that hold enums (arrays, composites,
 * ranges and multiranges), hashed by value: this bit without
 * BF_KIND_HASHED_BIT, and 30 bits of a hash of the type's name.  Any 30
 * bits are well formed.
 */
#define BF_KIND_VALUE_BIT		0x40000000U

/*
 * Kinds of value in Parquet mode (bf_parquet.h), clear of the kinds above:
 * each names the Parquet physical type (and logical type, where it changes
 * the bytes) of its values, and goes with the Parquet hash id and no other,
 * which the validator checks (bf_kind_is_parquet, bf_hash_of_kind).
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

/* Status codes returned by every fallible function */
typedef enum bf_status
{
	BF_OK = 0,
	/* bad arguments */
	BF_E_CAPACITY,				/* capacity is zero */
	BF_E_FPR,					/* false-positive rate not in (0, 1) */
	BF_E_CONFIDENCE,			/* confidence level not in (0, 1) */
	BF_E_FPR_FLOOR,				/* rate below BF_MIN_FPR: no filter meets it */
	BF_E_TOO_LARGE,				/* result would exceed BF_MAX_SIZE */
	BF_E_BUFFER,				/* caller's buffer has the wrong size */
	BF_E_LAYOUT,				/* operation not defined for this layout */
	BF_E_FOLD,					/* block counts not related by a power of two */
	BF_E_UNSUPPORTED,			/* kernel set not available on this CPU */
	BF_E_PARTS,					/* part count or number out of range */
	/* resources */
	BF_E_MEMORY,				/* the caller's allocator gave no memory */
	/* incompatible operands */
	BF_E_HASH_MISMATCH,			/* different hash function or seed */
	BF_E_KIND_MISMATCH,			/* different kinds of value */
	BF_E_PART_MISMATCH,			/* different parts, or parts of different
								 * wholes, or a part and a whole filter */
	BF_E_OTHER_PART,			/* a hash that belongs to another part */
	/* estimates that cannot be made */
	BF_E_SATURATED,				/* union folded to the smaller is all ones */
	/* malformed serialized input */
	BF_E_TRUNCATED,				/* shorter than a header */
	BF_E_MAGIC,					/* not a bloomfilter value */
	BF_E_VERSION,				/* unknown format version */
	BF_E_BAD_LAYOUT,			/* unknown layout byte */
	BF_E_BAD_FLAGS,				/* unknown flag bits, or flags contradict */
	BF_E_BAD_HASH,				/* unknown hash id, or unsupported seed */
	BF_E_BAD_KIND,				/* kind neither numbered nor hashed */
	BF_E_RESERVED,				/* a reserved field is not zero */
	BF_E_BAD_PARAMS,			/* capacity or target rate out of range */
	BF_E_BAD_COUNT,				/* item count out of range */
	BF_E_LENGTH,				/* length does not match the item count */
	BF_E_BITS_SET,				/* stored bit count disagrees with payload */
	BF_E_UNSORTED,				/* EXACT hashes not strictly ascending */
	/* malformed Parquet filters (bf_parquet.c) */
	BF_E_PQ_HEADER,				/* not a Thrift compact BloomFilterHeader */
	BF_E_PQ_ALGORITHM,			/* algorithm other than BLOCK */
	BF_E_PQ_HASH,				/* hash other than XXHASH */
	BF_E_PQ_COMPRESSION,		/* compression other than UNCOMPRESSED */
	BF_E_PQ_SIZE,				/* numBytes not a multiple of 32 in range */
	BF_E_PQ_LENGTH,				/* length is not header plus numBytes */
	BF_E_BAD_PART				/* part fields out of range or contradict */
} bf_status;

/*
 * Whether a layout is a list's (plain or packed): a partial aggregate
 * state's hashes, which no operation but the accumulator's union takes
 */
static inline bool
bf_layout_is_list(uint8_t layout)
{
	return layout == BF_LAYOUT_LIST || layout == BF_LAYOUT_PACKED;
}

/* Decoded header, in host byte order */
typedef struct bf_header
{
	uint8_t		version;		/* BF_FORMAT_VERSION */
	uint8_t		layout;			/* BF_LAYOUT_* */
	uint16_t	flags;			/* BF_FLAG_* */
	uint8_t		hash_id;		/* BF_HASH_* */
	uint32_t	kind;			/* kind of value held, 0 = none yet */
	uint64_t	seed;			/* hash seed, 0 */
	uint64_t	capacity;		/* distinct values sized for; 0 for EXACT */
	double		fpr;			/* target false-positive rate, in (0, 1) */
	uint64_t	nitems;			/* blocks (BLOCKS) or hashes (EXACT) */
	uint64_t	bits_set;		/* set bits in the payload; 0 for EXACT */
	uint32_t	parts;			/* BF_FLAG_PART: parts of the whole; else 0 */
	uint32_t	part;			/* BF_FLAG_PART: this part's number, from 0 */
} bf_header;

/* A read-only view of a structurally valid serialized filter */
typedef struct bf_view
{
	bf_header	hdr;
	const uint8_t *payload;		/* BF_HEADER_SIZE bytes into the buffer */
} bf_view;

/* bf_status.c */
extern const char *bf_status_message(bf_status status);
extern const char *bf_hash_name(uint8_t hash_id);
extern bool bf_hash_by_name(const char *name, uint8_t *hash_id);

/* bf_sizing.c */
extern double bf_model_fpr(double n, uint64_t nblocks);
extern bf_status bf_blocks_for(uint64_t capacity, double fpr, uint64_t *nblocks);
extern uint64_t bf_capacity_of(uint64_t nblocks, double fpr);
extern bf_status bf_auto_blocks(uint64_t n, double fpr, uint64_t *nblocks);
extern bool bf_auto_keeps_exact(uint64_t n, double fpr);
extern bf_status bf_auto_header(uint64_t n, double fpr, uint32_t kind,
								bf_header *hdr);
extern bool bf_sizable(uint64_t n, double fpr);

/* bf_format.c */
extern size_t bf_size_blocks(uint64_t nblocks);
extern size_t bf_size_exact(uint64_t nhashes);
extern size_t bf_size_list(uint64_t nhashes);
extern size_t bf_size_packed(uint64_t n, uint64_t nblocks);
extern void bf_header_init(bf_header *hdr, uint8_t layout, uint64_t nitems,
						   uint64_t capacity, double fpr, uint16_t flags,
						   uint32_t kind);
extern void bf_adopt_kind(bf_header *hdr, uint32_t kind);
extern bool bf_kind_is_parquet(uint32_t kind);
extern uint8_t bf_hash_of_kind(uint32_t kind);
extern void bf_write_header(void *buf, const bf_header *hdr);
extern bf_status bf_read_header(const void *buf, size_t len, bf_header *hdr);
extern bf_status bf_peek_header(const void *buf, size_t avail,
								size_t total_len, bf_header *hdr);
extern bf_status bf_open(const void *buf, size_t len, bf_view *view);
extern bf_status bf_open_list(const void *buf, size_t len, bf_view *view);

/* bf_validate.c */
extern bf_status bf_validate(const void *buf, size_t len);

/*
 * Abbreviated sort keys (bf_order_key): 64-bit keys that order as the
 * serialized bytes do, from at most BF_ORDER_PREFIX bytes of each filter
 */
#define BF_ORDER_PREFIX		2047
extern uint64_t bf_order_key(const void *value, size_t len, const void *ref,
							 size_t ref_len);

/* bf_filter.c */
extern bf_status bf_init(void *buf, size_t len, const bf_header *hdr);
extern bf_status bf_init_exact(void *buf, size_t len, const bf_header *hdr,
							   const uint64_t *hashes, size_t n);
extern bf_status bf_add_hashes(void *buf, size_t len, const uint64_t *hashes,
							   size_t n);
extern bool bf_contains(const bf_view *view, uint64_t hash);
extern uint64_t bf_exact_hash(const bf_view *view, uint64_t i);

/* bf_packed.c */
extern uint64_t bf_position(uint64_t hash, uint64_t nblocks);
extern uint64_t bf_hash_at(uint64_t pos, uint64_t nblocks);
extern bf_status bf_write_packed(void *buf, size_t len, const bf_header *hdr,
								 const uint64_t *keys, size_t n);
extern bf_status bf_read_packed(const bf_view *view, uint64_t *keys);

/* bf_search.c */

/*
 * A filter prepared for many membership tests (bf_prepare): an exact
 * filter's hashes get a directory of buckets of their top bits, each with
 * the fingerprints of its hashes, so that a test reads 16 bytes of it, and
 * a hash only when its fingerprint is there
 */
typedef struct bf_prepared
{
	bf_view		view;
	const uint16_t *slots;		/* exact filters: each bucket's fingerprints;
								 * NULL for none */
	const uint32_t *starts;		/* where each bucket's hashes start */
	unsigned	shift;			/* a hash's bucket is hash >> shift */
} bf_prepared;

extern size_t bf_prepare_size(const bf_header *hdr);
extern void bf_prepare(bf_prepared *prepared, const bf_view *view,
					   void *directory, size_t len);
extern bool bf_prepared_contains(const bf_prepared *prepared, uint64_t hash);

/* bf_probe.c */

/* Where a membership test of a filter read in pieces stands */
typedef enum bf_probe_state
{
	BF_PROBE_READ,				/* read bytes [offset, offset + length) of the
								 * filter, then call bf_probe_next */
	BF_PROBE_PRESENT,			/* the hash tests positive */
	BF_PROBE_ABSENT				/* it does not: never added */
} bf_probe_state;

/*
 * A membership test of a filter read in pieces (bf_probe_start): the
 * caller reads the range it names and passes the bytes to bf_probe_next
 * until the state is an answer.  Fields after length are the probe's own.
 */
typedef struct bf_probe
{
	bf_probe_state state;
	size_t		offset;			/* bytes to read, from the filter's start */
	size_t		length;
	uint64_t	hash;
	uint8_t		layout;
	size_t		granule;		/* the caller's unit of reading */
	uint64_t	lo;				/* exact: the places left to search, */
	uint64_t	hi;				/* [lo, hi), between the values */
	double		below;			/* below and above */
	double		above;
	double		density;		/* hashes per unit of value */
	uint64_t	first;			/* the window named: places [first, end) */
	uint64_t	end;
	int			windows;		/* windows read before it */
} bf_probe;

extern void bf_probe_start(bf_probe *probe, const bf_header *hdr,
						   uint64_t hash, size_t granule);
extern bf_status bf_probe_next(bf_probe *probe, const void *bytes, size_t len);
/*
 * bf_parts.c: a whole filter cut into equal ranges of blocks.  The content
 * functions (bf_add_hashes, bf_contains) take a part's local hashes, which
 * bf_part_hash gives for a value's hash of that part.
 */
extern uint32_t bf_part_of(uint64_t hash, uint32_t parts);
extern bf_status bf_part_hash(const bf_header *hdr, uint64_t hash,
							  uint64_t *local);
extern bf_status bf_whole_blocks(uint64_t capacity, double fpr,
								 uint32_t parts, uint64_t *nblocks);
extern bf_status bf_part_header(uint64_t capacity, double fpr, uint32_t parts,
								uint32_t part, uint32_t kind, bf_header *hdr);
extern bf_status bf_split(void *dst, size_t len, const bf_view *whole,
						  uint32_t parts, uint32_t part);
extern bf_status bf_whole_header(const bf_header *part, bf_header *whole);
extern bf_status bf_assemble_into(void *buf, size_t len, const bf_view *part);

/* bf_runs.c */
extern void bf_sort_hashes(uint64_t *hashes, size_t n, uint64_t *scratch);
extern size_t bf_unique_hashes(uint64_t *hashes, size_t n);
extern size_t bf_list_sort(const bf_view *list, uint64_t *hashes,
						   uint64_t *scratch);
extern size_t bf_merge_hashes(uint64_t *run, size_t nrun,
							  const uint64_t *hashes, size_t n);
extern size_t bf_merge_exact(uint64_t *run, size_t nrun, const bf_view *view);

/* bf_combine.c */
extern bf_status bf_check_compatible(const bf_view *a, const bf_view *b);
extern bf_status bf_union_size(const bf_view *a, const bf_view *b, size_t *len);
extern bf_status bf_union(void *dst, size_t len, const bf_view *a,
						  const bf_view *b);
extern bf_status bf_union_header(const bf_view *a, const bf_view *b,
								 bf_header *hdr);
extern bf_status bf_intersect_size(const bf_view *a, const bf_view *b,
								   size_t *len);
extern bf_status bf_intersect(void *dst, size_t len, const bf_view *a,
							  const bf_view *b);
extern bf_status bf_fold(void *dst, size_t len, const bf_view *src,
						 uint64_t nblocks);
extern bf_status bf_union_into(void *buf, size_t len, const bf_view *src,
							   bool *in_place);
extern bf_status bf_intersect_into(void *buf, size_t len, const bf_view *src,
								   bool *in_place);
extern bf_status bf_intersect_hashes(const bf_view *exact,
									 const bf_view *blocks, uint64_t *hashes,
									 uint64_t *count);

/* Estimates of a pair of filters (bf_pair_estimates) */
typedef struct bf_estimates
{
	double		union_size;		/* distinct values in either */
	double		intersection;	/* distinct values in both */
	double		jaccard;		/* intersection / union */
} bf_estimates;

/*
 * An estimate with its confidence interval (bf_cardinality_bounds,
 * bf_pair_bounds): lower <= estimate <= upper, the bounds possibly 0 or
 * infinite, the estimate NaN where it cannot be known
 */
typedef struct bf_bounds
{
	double		estimate;
	double		lower;
	double		upper;
} bf_bounds;

/* The bounds of the three estimates of a pair of filters */
typedef struct bf_pair_bounds
{
	bf_bounds	union_size;
	bf_bounds	intersection;
	bf_bounds	jaccard;
} bf_pair_bounds;

/* bf_estimate.c */
extern double bf_cardinality(const bf_view *view);
extern double bf_cardinality_stderr(const bf_view *view);
extern bf_status bf_cardinality_bounds(const bf_view *view, double confidence,
									   bf_bounds *bounds);
extern bf_status bf_pair_estimate_bounds(const bf_view *a, const bf_view *b,
										 double confidence,
										 bf_pair_bounds *bounds);
extern bf_status bf_pair_estimates(const bf_view *a, const bf_view *b,
								   bf_estimates *est);
extern double bf_current_fpr(const bf_view *view);

#endif							/* BF_H */

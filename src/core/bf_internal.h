/*-------------------------------------------------------------------------
 *
 * bf_internal.h
 *	  Definitions shared by the core's own files and nobody else: byte-order
 *	  helpers, the block addressing scheme, and the kernel table.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_internal.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_INTERNAL_H
#define BF_INTERNAL_H

#include <string.h>

#include "bf.h"

/*
 * Assertions on the core's own invariants (header consistency, block counts
 * related by powers of two, buffer sizes, sorted hashes where an algorithm
 * relies on them).  They are on when the build defines BF_USE_ASSERT, or
 * USE_ASSERT_CHECKING as a PostgreSQL build with assertions passes it, and
 * compile to nothing otherwise; the core includes no PostgreSQL header, so
 * it cannot use Assert.  BF_ASSERTS_ENABLED says which, for a unit test
 * that checks its build really has them.  A failed assertion reports the
 * condition and aborts, as PostgreSQL's ExceptionalCondition does.
 */
extern void bf_assert_fail(const char *cond, const char *file, int line)
			__attribute__((noreturn));	/* bf_status.c */

#if defined(BF_USE_ASSERT) || defined(USE_ASSERT_CHECKING)
#define BF_ASSERTS_ENABLED	1
#define BF_ASSERT(cond) \
	((cond) ? (void) 0 : bf_assert_fail(#cond, __FILE__, __LINE__))
#else
#define BF_ASSERTS_ENABLED	0
#define BF_ASSERT(cond)		((void) 0)
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BF_BIG_ENDIAN 1
#endif

/* Byte offsets of the header fields (bf_format.c describes them) */
#define BF_OFF_MAGIC		0
#define BF_OFF_VERSION		2
#define BF_OFF_LAYOUT		3
#define BF_OFF_FLAGS		4
#define BF_OFF_HASH_ID		6
#define BF_OFF_RESERVED0	7
#define BF_OFF_KIND			8
#define BF_OFF_PARTS		12
#define BF_OFF_SEED			16
#define BF_OFF_CAPACITY		24
#define BF_OFF_FPR			32
#define BF_OFF_NITEMS		40
#define BF_OFF_BITS_SET		48
#define BF_OFF_PART			56

/*
 * The eight odd multipliers of the Parquet/Impala split-block design.  Word i
 * of a block gets the bit (uint32) (h * BF_SALT[i]) >> 27, where h is the low
 * half of the value's hash.
 */
#define BF_SALTS \
	0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU, \
	0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U

extern const uint32_t bf_salt[BF_BLOCK_WORDS];

/*
 * Block chosen for a hash: multiply-shift of the high half over the block
 * count.  Because floor(floor(x) / f) = floor(x / f), a value's block in a
 * filter of B blocks, divided by f, is its block in a filter of B / f blocks;
 * that is what makes folding lossless.
 */
static inline uint64_t
bf_block_index(uint64_t hash, uint64_t nblocks)
{
	BF_ASSERT(nblocks >= 1);
	return ((hash >> 32) * nblocks) >> 32;
}

/* Read a little-endian 16-bit integer from possibly unaligned memory */
static inline uint16_t
bf_load16(const uint8_t *p)
{
	return (uint16_t) (p[0] | (p[1] << 8));
}

/* Read a little-endian 32-bit integer from possibly unaligned memory */
static inline uint32_t
bf_load32(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, sizeof(v));
#ifdef BF_BIG_ENDIAN
	v = __builtin_bswap32(v);
#endif
	return v;
}

/* Read a little-endian 64-bit integer from possibly unaligned memory */
static inline uint64_t
bf_load64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof(v));
#ifdef BF_BIG_ENDIAN
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* Write a little-endian 16-bit integer to possibly unaligned memory */
static inline void
bf_store16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t) v;
	p[1] = (uint8_t) (v >> 8);
}

/* Write a little-endian 32-bit integer to possibly unaligned memory */
static inline void
bf_store32(uint8_t *p, uint32_t v)
{
#ifdef BF_BIG_ENDIAN
	v = __builtin_bswap32(v);
#endif
	memcpy(p, &v, sizeof(v));
}

/* Write a little-endian 64-bit integer to possibly unaligned memory */
static inline void
bf_store64(uint8_t *p, uint64_t v)
{
#ifdef BF_BIG_ENDIAN
	v = __builtin_bswap64(v);
#endif
	memcpy(p, &v, sizeof(v));
}

/* Write a double as the little-endian bytes of its IEEE 754 encoding */
static inline void
bf_store_double(uint8_t *p, double v)
{
	uint64_t	bits;

	memcpy(&bits, &v, sizeof(bits));
	bf_store64(p, bits);
}

/* Read a double written by bf_store_double */
static inline double
bf_load_double(const uint8_t *p)
{
	uint64_t	bits = bf_load64(p);
	double		v;

	memcpy(&v, &bits, sizeof(v));
	return v;
}

/*
 * The operations that touch every byte of a payload or sit on the hot path,
 * in one table so that the CPU-specific set is chosen once.  Block pointers
 * need no alignment.
 */
typedef struct bf_kernels
{
	/*
	 * set the bits of each hash; returns how many bits were newly set, and
	 * adds to *present how many hashes had all their bits set already
	 */
	uint64_t	(*add) (uint8_t *blocks, uint64_t nblocks,
						const uint64_t *hashes, size_t n, size_t *present);

	/*
	 * set the bits of each hash; returns only how many hashes had all
	 * their bits set already, which costs less than counting the bits
	 * newly set (the accumulator counts them once, when it needs them)
	 */
	size_t		(*add_present) (uint8_t *blocks, uint64_t nblocks,
								const uint64_t *hashes, size_t n);
	/* true if every bit of the hash is set */
	bool		(*test) (const uint8_t *blocks, uint64_t nblocks, uint64_t hash);
	/* how many of the hashes test positive */
	size_t		(*count) (const uint8_t *blocks, uint64_t nblocks,
						  const uint64_t *hashes, size_t n);
	/* dst = a | b and dst = a & b over nbytes (dst may be a or b); return
	 * the set bits of dst */
	uint64_t	(*or_count) (uint8_t *dst, const uint8_t *a, const uint8_t *b,
							 size_t nbytes);
	uint64_t	(*and_count) (uint8_t *dst, const uint8_t *a, const uint8_t *b,
							  size_t nbytes);
	/* set bits in data, and in a | b, over nbytes */
	uint64_t	(*popcount) (const uint8_t *data, size_t nbytes);
	uint64_t	(*or_popcount) (const uint8_t *a, const uint8_t *b,
								size_t nbytes);
} bf_kernels;

/* Count the set bits of a 64-bit word without relying on a CPU instruction */
static inline uint64_t
bf_popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (x * 0x0101010101010101ULL) >> 56;
}

extern const bf_kernels bf_kernels_scalar;
extern const bf_kernels *bf_kernels_avx2(void);
extern const bf_kernels *bf_kernels_in_use;
extern const bf_kernels *bf_kernels_choose(void);

/*
 * The kernel set in use, chosen on first use; inline because every
 * membership test asks for it.
 */
static inline const bf_kernels *
bf_kernels_current(void)
{
	return bf_kernels_in_use != NULL ? bf_kernels_in_use : bf_kernels_choose();
}

/*
 * Prefetch distance, in hashes, of the batched add and count kernels (48
 * covers a memory latency at a few nanoseconds per hash), and
 * the prefetch itself (rw: 0 to read, 1 to write).
 */
#define BF_PREFETCH_AHEAD	48
#if defined(__GNUC__) || defined(__clang__)
#define BF_PREFETCH(addr, rw) __builtin_prefetch((addr), (rw))
#else
#define BF_PREFETCH(addr, rw) ((void) 0)
#endif

/*
 * Two compatible filters in the order the operations on a pair take them
 * (bf_pair_order), so that no operation asks which argument is exact or
 * which has more blocks.
 */
typedef enum bf_pair_shape
{
	BF_PAIR_EXACT,				/* both exact; first and second as given */
	BF_PAIR_MIXED,				/* first exact, second blocks */
	BF_PAIR_BLOCKS				/* both blocks; first has at least as many,
								 * second's count times a power of two */
} bf_pair_shape;

typedef struct bf_pair
{
	bf_pair_shape shape;
	const bf_view *first;
	const bf_view *second;
} bf_pair;

/* bf_format.c */
extern void bf_packed_shape(uint64_t n, uint64_t nblocks, int *low_bits,
							uint64_t *high_bits);

/* bf_sizing.c */
extern bf_status bf_blocks_within(uint64_t capacity, double fpr,
								  uint64_t limit, uint64_t *nblocks);

/* bf_parts.c */
extern bool bf_part_sizable(const bf_header *hdr);
extern bf_status bf_same_whole(const bf_header *a, const bf_header *b);

/* Below this many hashes, sorting is by insertion, with no scratch space */
#define BF_SORT_SMALL		48

/* Hashes converted per round when an exact payload feeds a kernel */
#define BF_HASH_CHUNK		256

/* bf_filter.c */
extern uint64_t bf_add_exact_to_blocks(uint8_t *blocks, uint64_t nblocks,
									   const bf_view *exact);
extern void bf_exact_hashes(const bf_view *view, uint64_t first, size_t n,
							uint64_t *out);

/* bf_runs.c */
extern size_t bf_common_hashes(const uint64_t *run, size_t nrun,
							   const uint64_t *hashes, size_t n);
extern size_t bf_common_exact(const uint64_t *run, size_t nrun,
							  const bf_view *view, size_t n);
extern size_t bf_keep_members(uint64_t *run, size_t n, const bf_view *view);

/* bf_search.c */
extern uint64_t bf_exact_rank(const uint8_t *hashes, uint64_t n, uint64_t hash,
							  uint64_t guess, double density);
extern double bf_exact_density(uint64_t n);
extern bool bf_exact_find(const bf_view *view, uint64_t hash);

/* bf_combine.c */
extern void bf_fold_blocks(uint8_t *dst, const uint8_t *src, uint64_t nsrc,
						   uint64_t ndst);
extern bf_status bf_pair_order(const bf_view *a, const bf_view *b,
							   bf_pair *pair);
extern bf_header bf_pair_header(const bf_pair *pair, uint8_t layout,
								uint64_t nitems);
extern bool bf_pair_in_place(const bf_pair *pair, const bf_header *dst,
							 bool intersect);
extern void bf_combine_in_place(bf_header *dst, uint8_t *payload,
								const bf_view *src, bool intersect);
extern bf_status bf_pair_size(const bf_pair *pair, bool intersect,
							  size_t *len);
extern bf_status bf_pair_write(void *dst, size_t len, const bf_pair *pair,
							   bool intersect);
extern uint64_t bf_exact_union_count(const bf_view *a, const bf_view *b);
extern uint64_t bf_exact_intersect_count(const bf_view *a, const bf_view *b);
extern uint64_t bf_exact_in_blocks_count(const bf_view *exact,
										 const bf_view *blocks);
extern uint64_t bf_blocks_union_bits(const bf_pair *pair);
extern uint64_t bf_exact_union_bits(const bf_view *exact,
									const bf_view *blocks);

/* bf_interval.c: the intervals behind the estimators' bounds */
extern double bf_normal_quantile(double confidence);
extern void bf_bounded_interval(double x, double confidence, double c,
								double *lo, double *hi);
extern bf_bounds bf_count_bounds(uint64_t bits_set, uint64_t nblocks, double c);

#endif							/* BF_INTERNAL_H */

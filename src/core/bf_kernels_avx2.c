/*-------------------------------------------------------------------------
 *
 * bf_kernels_avx2.c
 *	  AVX2 kernels for x86-64, compiled with per-function target attributes
 *	  so the module builds with plain -O2 and runs on CPUs without AVX2
 *	  (bf_kernels_avx2 then returns NULL and the portable set is used).
 *
 * A block is one 256-bit register: broadcasting the low half of the hash,
 * multiplying by the eight salts and keeping each product's top five bits
 * gives the one-bit-per-word mask in four instructions; insertion is an OR,
 * the membership test a single VPTEST.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_kernels_avx2.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#define BF_TARGET_AVX2 __attribute__((target("avx2,popcnt")))

/* The eight-bit mask of a hash's low half, one bit per 32-bit lane */
static inline BF_TARGET_AVX2 __m256i
avx2_mask(uint32_t low)
{
	const __m256i salts = _mm256_loadu_si256((const __m256i *) bf_salt);
	__m256i		product = _mm256_mullo_epi32(_mm256_set1_epi32((int) low), salts);

	return _mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_srli_epi32(product, 27));
}

/*
 * Set the bits of the i-th of n hashes, prefetching the block of a later
 * one; into *old and *mask, the block's bits before and the hash's
 */
static inline BF_TARGET_AVX2 void
avx2_add_one(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes,
			 size_t i, size_t n, __m256i *old, __m256i *mask)
{
	__m256i    *block;

	if (i + BF_PREFETCH_AHEAD < n)
		BF_PREFETCH(blocks + bf_block_index(hashes[i + BF_PREFETCH_AHEAD],
											nblocks) * BF_BLOCK_BYTES, 1);
	block = (__m256i *) (blocks + bf_block_index(hashes[i], nblocks) * BF_BLOCK_BYTES);
	*old = _mm256_loadu_si256(block);
	*mask = avx2_mask((uint32_t) hashes[i]);
	_mm256_storeu_si256(block, _mm256_or_si256(*old, *mask));
}

/*
 * Add a batch of hashes (avx2_add_one); counts in *present the hashes
 * that set no new bit
 */
static BF_TARGET_AVX2 uint64_t
avx2_add(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes, size_t n,
		 size_t *present)
{
	const __m256i zero = _mm256_setzero_si256();
	uint64_t	fresh = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		__m256i		old;
		__m256i		mask;
		int			unchanged;

		avx2_add_one(blocks, nblocks, hashes, i, n, &old, &mask);
		/* lanes whose bit was already set */
		unchanged = _mm256_movemask_ps(_mm256_castsi256_ps(
			_mm256_cmpeq_epi32(_mm256_andnot_si256(old, mask), zero)));
		fresh += BF_BLOCK_WORDS - __builtin_popcount((unsigned) unchanged);
		*present += unchanged == 0xFF;
	}
	return fresh;
}

/*
 * Add a batch of hashes as avx2_add does, counting only the hashes that
 * set no new bit (a VPTEST), not the bits newly set: a fifth less work
 * a hash
 */
static BF_TARGET_AVX2 size_t
avx2_add_present(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes,
				 size_t n)
{
	size_t		present = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		__m256i		old;
		__m256i		mask;

		avx2_add_one(blocks, nblocks, hashes, i, n, &old, &mask);
		present += _mm256_testc_si256(old, mask);
	}
	return present;
}

/* True if all eight bits of the hash are set in its block */
static BF_TARGET_AVX2 bool
avx2_test(const uint8_t *blocks, uint64_t nblocks, uint64_t hash)
{
	const __m256i *block = (const __m256i *)
		(blocks + bf_block_index(hash, nblocks) * BF_BLOCK_BYTES);

	return _mm256_testc_si256(_mm256_loadu_si256(block),
							  avx2_mask((uint32_t) hash)) != 0;
}

/* Count the hashes of a batch that test positive */
static BF_TARGET_AVX2 size_t
avx2_count(const uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes,
		   size_t n)
{
	size_t		present = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		if (i + BF_PREFETCH_AHEAD < n)
			BF_PREFETCH(blocks + bf_block_index(hashes[i + BF_PREFETCH_AHEAD],
												nblocks) * BF_BLOCK_BYTES, 0);
		present += avx2_test(blocks, nblocks, hashes[i]);
	}
	return present;
}

/*
 * dst = a | b or dst = a & b, 32 bytes at a time, counting the set bits of
 * the result with POPCNT as it is written; four separate sums keep the
 * additions independent.  dst may be a or b.
 */
static inline BF_TARGET_AVX2 uint64_t
avx2_combine_count(uint8_t *dst, const uint8_t *a, const uint8_t *b,
				   size_t nbytes, bool is_and)
{
	uint64_t	s0 = 0;
	uint64_t	s1 = 0;
	uint64_t	s2 = 0;
	uint64_t	s3 = 0;
	size_t		i = 0;

	for (; i + 32 <= nbytes; i += 32)
	{
		__m256i		x = _mm256_loadu_si256((const __m256i *) (a + i));
		__m256i		y = _mm256_loadu_si256((const __m256i *) (b + i));
		__m256i		r = is_and ? _mm256_and_si256(x, y) : _mm256_or_si256(x, y);

		_mm256_storeu_si256((__m256i *) (dst + i), r);
		s0 += __builtin_popcountll((uint64_t) _mm256_extract_epi64(r, 0));
		s1 += __builtin_popcountll((uint64_t) _mm256_extract_epi64(r, 1));
		s2 += __builtin_popcountll((uint64_t) _mm256_extract_epi64(r, 2));
		s3 += __builtin_popcountll((uint64_t) _mm256_extract_epi64(r, 3));
	}
	for (; i < nbytes; i++)
	{
		dst[i] = is_and ? a[i] & b[i] : a[i] | b[i];
		s0 += __builtin_popcount(dst[i]);
	}
	return s0 + s1 + s2 + s3;
}

/* dst = a | b; returns the set bits of dst */
static BF_TARGET_AVX2 uint64_t
avx2_or_count(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	return avx2_combine_count(dst, a, b, nbytes, false);
}

/* dst = a & b; returns the set bits of dst */
static BF_TARGET_AVX2 uint64_t
avx2_and_count(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	return avx2_combine_count(dst, a, b, nbytes, true);
}

/* Set bits of a byte range: POPCNT with four independent sums */
static BF_TARGET_AVX2 uint64_t
avx2_popcount(const uint8_t *data, size_t nbytes)
{
	uint64_t	s0 = 0;
	uint64_t	s1 = 0;
	uint64_t	s2 = 0;
	uint64_t	s3 = 0;
	size_t		i = 0;

	for (; i + 32 <= nbytes; i += 32)
	{
		s0 += __builtin_popcountll(bf_load64(data + i));
		s1 += __builtin_popcountll(bf_load64(data + i + 8));
		s2 += __builtin_popcountll(bf_load64(data + i + 16));
		s3 += __builtin_popcountll(bf_load64(data + i + 24));
	}
	for (; i < nbytes; i++)
		s0 += __builtin_popcount(data[i]);
	return s0 + s1 + s2 + s3;
}

/* Set bits of a | b over two byte ranges of equal length */
static BF_TARGET_AVX2 uint64_t
avx2_or_popcount(const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	uint64_t	s0 = 0;
	uint64_t	s1 = 0;
	uint64_t	s2 = 0;
	uint64_t	s3 = 0;
	size_t		i = 0;

	for (; i + 32 <= nbytes; i += 32)
	{
		s0 += __builtin_popcountll(bf_load64(a + i) | bf_load64(b + i));
		s1 += __builtin_popcountll(bf_load64(a + i + 8) | bf_load64(b + i + 8));
		s2 += __builtin_popcountll(bf_load64(a + i + 16) | bf_load64(b + i + 16));
		s3 += __builtin_popcountll(bf_load64(a + i + 24) | bf_load64(b + i + 24));
	}
	for (; i < nbytes; i++)
		s0 += __builtin_popcount(a[i] | b[i]);
	return s0 + s1 + s2 + s3;
}

static const bf_kernels kernels_avx2 = {
	.add = avx2_add,
	.add_present = avx2_add_present,
	.test = avx2_test,
	.count = avx2_count,
	.or_count = avx2_or_count,
	.and_count = avx2_and_count,
	.popcount = avx2_popcount,
	.or_popcount = avx2_or_popcount,
};

/* The AVX2 kernel set if this CPU supports it, else NULL */
const bf_kernels *
bf_kernels_avx2(void)
{
	return __builtin_cpu_supports("avx2") ? &kernels_avx2 : NULL;
}

#else							/* not x86-64 with GCC or Clang */

/* No AVX2 kernels in this build */
const bf_kernels *
bf_kernels_avx2(void)
{
	return NULL;
}

#endif

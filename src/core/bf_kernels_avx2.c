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

/* Add a batch of hashes, prefetching the blocks of later ones */
static BF_TARGET_AVX2 uint64_t
avx2_add(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes, size_t n)
{
	const __m256i zero = _mm256_setzero_si256();
	uint64_t	fresh = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		uint64_t	hash = hashes[i];
		__m256i    *block;
		__m256i		old;
		__m256i		mask;
		int			unchanged;

		if (i + BF_PREFETCH_AHEAD < n)
			BF_PREFETCH(blocks + bf_block_index(hashes[i + BF_PREFETCH_AHEAD],
												nblocks) * BF_BLOCK_BYTES, 1);
		block = (__m256i *) (blocks + bf_block_index(hash, nblocks) * BF_BLOCK_BYTES);
		old = _mm256_loadu_si256(block);
		mask = avx2_mask((uint32_t) hash);
		/* lanes whose bit was already set */
		unchanged = _mm256_movemask_ps(_mm256_castsi256_ps(
			_mm256_cmpeq_epi32(_mm256_andnot_si256(old, mask), zero)));
		fresh += BF_BLOCK_WORDS - __builtin_popcount((unsigned) unchanged);
		_mm256_storeu_si256(block, _mm256_or_si256(old, mask));
	}
	return fresh;
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

/* dst |= src, 32 bytes at a time */
static BF_TARGET_AVX2 void
avx2_or_into(uint8_t *dst, const uint8_t *src, size_t nbytes)
{
	size_t		i = 0;

	for (; i + 32 <= nbytes; i += 32)
	{
		__m256i		d = _mm256_loadu_si256((const __m256i *) (dst + i));
		__m256i		s = _mm256_loadu_si256((const __m256i *) (src + i));

		_mm256_storeu_si256((__m256i *) (dst + i), _mm256_or_si256(d, s));
	}
	for (; i < nbytes; i++)
		dst[i] |= src[i];
}

/* dst &= src, 32 bytes at a time */
static BF_TARGET_AVX2 void
avx2_and_into(uint8_t *dst, const uint8_t *src, size_t nbytes)
{
	size_t		i = 0;

	for (; i + 32 <= nbytes; i += 32)
	{
		__m256i		d = _mm256_loadu_si256((const __m256i *) (dst + i));
		__m256i		s = _mm256_loadu_si256((const __m256i *) (src + i));

		_mm256_storeu_si256((__m256i *) (dst + i), _mm256_and_si256(d, s));
	}
	for (; i < nbytes; i++)
		dst[i] &= src[i];
}

/*
 * Set bits of a byte range with the POPCNT instruction, four independent
 * sums to keep several in flight.
 */
static BF_TARGET_AVX2 uint64_t
avx2_popcount(const uint8_t *data, size_t nbytes)
{
	uint64_t	sum[4] = {0, 0, 0, 0};
	size_t		i = 0;
	int			k;

	for (; i + 32 <= nbytes; i += 32)
		for (k = 0; k < 4; k++)
			sum[k] += __builtin_popcountll(bf_load64(data + i + 8 * k));
	for (; i < nbytes; i++)
		sum[0] += __builtin_popcount(data[i]);
	return sum[0] + sum[1] + sum[2] + sum[3];
}

/* Set bits of a | b over two byte ranges of equal length */
static BF_TARGET_AVX2 uint64_t
avx2_or_popcount(const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	uint64_t	sum[4] = {0, 0, 0, 0};
	size_t		i = 0;
	int			k;

	for (; i + 32 <= nbytes; i += 32)
		for (k = 0; k < 4; k++)
			sum[k] += __builtin_popcountll(bf_load64(a + i + 8 * k) |
										   bf_load64(b + i + 8 * k));
	for (; i < nbytes; i++)
		sum[0] += __builtin_popcount(a[i] | b[i]);
	return sum[0] + sum[1] + sum[2] + sum[3];
}

static const bf_kernels kernels_avx2 = {
	avx2_add,
	avx2_test,
	avx2_count,
	avx2_or_into,
	avx2_and_into,
	avx2_popcount,
	avx2_or_popcount
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

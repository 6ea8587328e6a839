/*-------------------------------------------------------------------------
 *
 * bf_kernels.c
 *	  Portable kernels for the hot operations, and the choice between them
 *	  and the CPU-specific ones (bf_kernels_avx2.c).
 *
 * The portable kernels read and write words through explicit little-endian
 * loads and stores, so they give the same bytes on every platform; the
 * unit tests check that every kernel set gives identical results.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_kernels.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"
#include "bf_testing.h"

const uint32_t bf_salt[BF_BLOCK_WORDS] = {BF_SALTS};

/* Kernel set in use; NULL until the first call chooses one */
const bf_kernels *bf_kernels_in_use = NULL;

/* Set a hash's eight bits in its block; returns how many were newly set */
static inline uint64_t
scalar_add_one(uint8_t *blocks, uint64_t nblocks, uint64_t hash)
{
	uint8_t    *block = blocks + bf_block_index(hash, nblocks) * BF_BLOCK_BYTES;
	uint32_t	low = (uint32_t) hash;
	uint64_t	fresh = 0;
	int			w;

	for (w = 0; w < BF_BLOCK_WORDS; w++)
	{
		uint32_t	bit = 1U << ((low * bf_salt[w]) >> 27);
		uint32_t	word = bf_load32(block + 4 * w);

		fresh += (word & bit) == 0;
		bf_store32(block + 4 * w, word | bit);
	}
	return fresh;
}

/*
 * Add a batch of hashes, prefetching the blocks of later ones; counts in
 * *present the hashes that set no new bit
 */
static uint64_t
scalar_add(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes, size_t n,
		   size_t *present)
{
	uint64_t	fresh = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		uint64_t	one;

		if (i + BF_PREFETCH_AHEAD < n)
			BF_PREFETCH(blocks + bf_block_index(hashes[i + BF_PREFETCH_AHEAD],
												nblocks) * BF_BLOCK_BYTES, 1);
		one = scalar_add_one(blocks, nblocks, hashes[i]);
		*present += one == 0;
		fresh += one;
	}
	return fresh;
}

/*
 * Add a batch of hashes (scalar_add), counting only the hashes that set
 * no new bit
 */
static size_t
scalar_add_present(uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes,
				   size_t n)
{
	size_t		present = 0;

	(void) scalar_add(blocks, nblocks, hashes, n, &present);
	return present;
}

/* True if all eight bits of the hash are set in its block */
static bool
scalar_test(const uint8_t *blocks, uint64_t nblocks, uint64_t hash)
{
	const uint8_t *block = blocks + bf_block_index(hash, nblocks) * BF_BLOCK_BYTES;
	uint32_t	low = (uint32_t) hash;
	uint32_t	missing = 0;
	int			w;

	for (w = 0; w < BF_BLOCK_WORDS; w++)
		missing |= ~bf_load32(block + 4 * w) & (1U << ((low * bf_salt[w]) >> 27));
	return missing == 0;
}

/* Count the hashes of a batch that test positive */
static size_t
scalar_count(const uint8_t *blocks, uint64_t nblocks, const uint64_t *hashes,
			 size_t n)
{
	size_t		present = 0;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		if (i + BF_PREFETCH_AHEAD < n)
			BF_PREFETCH(blocks + bf_block_index(hashes[i + BF_PREFETCH_AHEAD],
												nblocks) * BF_BLOCK_BYTES, 0);
		present += scalar_test(blocks, nblocks, hashes[i]);
	}
	return present;
}

/*
 * dst = a | b or dst = a & b, 8 bytes at a time; returns the set bits of
 * dst.  dst may be a or b.
 */
static inline uint64_t
scalar_combine_count(uint8_t *dst, const uint8_t *a, const uint8_t *b,
					 size_t nbytes, bool is_and)
{
	uint64_t	total = 0;
	size_t		i = 0;

	for (; i + 8 <= nbytes; i += 8)
	{
		uint64_t	x = bf_load64(a + i);
		uint64_t	y = bf_load64(b + i);
		uint64_t	word = is_and ? x & y : x | y;

		bf_store64(dst + i, word);
		total += bf_popcount64(word);
	}
	for (; i < nbytes; i++)
	{
		dst[i] = is_and ? a[i] & b[i] : a[i] | b[i];
		total += bf_popcount64(dst[i]);
	}
	return total;
}

/* dst = a | b; returns the set bits of dst */
static uint64_t
scalar_or_count(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	return scalar_combine_count(dst, a, b, nbytes, false);
}

/* dst = a & b; returns the set bits of dst */
static uint64_t
scalar_and_count(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	return scalar_combine_count(dst, a, b, nbytes, true);
}

/* Set bits of a byte range */
static uint64_t
scalar_popcount(const uint8_t *data, size_t nbytes)
{
	uint64_t	total = 0;
	size_t		i = 0;

	for (; i + 8 <= nbytes; i += 8)
		total += bf_popcount64(bf_load64(data + i));
	for (; i < nbytes; i++)
		total += bf_popcount64(data[i]);
	return total;
}

/* Set bits of a | b over two byte ranges of equal length */
static uint64_t
scalar_or_popcount(const uint8_t *a, const uint8_t *b, size_t nbytes)
{
	uint64_t	total = 0;
	size_t		i = 0;

	for (; i + 8 <= nbytes; i += 8)
		total += bf_popcount64(bf_load64(a + i) | bf_load64(b + i));
	for (; i < nbytes; i++)
		total += bf_popcount64(a[i] | b[i]);
	return total;
}

const bf_kernels bf_kernels_scalar = {
	.add = scalar_add,
	.add_present = scalar_add_present,
	.test = scalar_test,
	.count = scalar_count,
	.or_count = scalar_or_count,
	.and_count = scalar_and_count,
	.popcount = scalar_popcount,
	.or_popcount = scalar_or_popcount,
};

/*
 * Choose the kernel set on first use (bf_kernels_current): AVX2 where the
 * CPU has it, the portable set otherwise.  PostgreSQL backends are
 * single-threaded; a threaded caller should call bf_use_kernels once
 * before starting threads.
 */
const bf_kernels *
bf_kernels_choose(void)
{
	const bf_kernels *avx2 = bf_kernels_avx2();

	bf_kernels_in_use = avx2 ? avx2 : &bf_kernels_scalar;
	return bf_kernels_in_use;
}

/*
 * Force a kernel set, for tests and benchmarks that compare them.
 * Returns BF_E_UNSUPPORTED if the CPU or the build lacks the set.
 */
bf_status
bf_use_kernels(bf_kernel_set set)
{
	const bf_kernels *avx2 = bf_kernels_avx2();

	switch (set)
	{
		case BF_KERNELS_AUTO:
			bf_kernels_in_use = NULL;
			return BF_OK;
		case BF_KERNELS_SCALAR:
			bf_kernels_in_use = &bf_kernels_scalar;
			return BF_OK;
		case BF_KERNELS_AVX2:
			if (avx2 == NULL)
				return BF_E_UNSUPPORTED;
			bf_kernels_in_use = avx2;
			return BF_OK;
	}
	return BF_E_UNSUPPORTED;
}

/* Which kernel set the next operation will use */
bf_kernel_set
bf_active_kernels(void)
{
	return bf_kernels_current() == &bf_kernels_scalar ?
		BF_KERNELS_SCALAR : BF_KERNELS_AVX2;
}

/*
 * Number of set bits in nbytes of data, for tests and benchmarks (the
 * core's own files call the kernel in use)
 */
uint64_t
bf_popcount(const uint8_t *data, size_t nbytes)
{
	return bf_kernels_current()->popcount(data, nbytes);
}

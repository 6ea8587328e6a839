/*-------------------------------------------------------------------------
 *
 * bf_combine.c
 *	  Union, intersection and folding of filters.
 *
 * Two filters combine when they share hash function and seed and hold the
 * same kind of value (or one holds none yet).  Two block filters must also
 * have block counts that differ by a power of two: the larger is folded
 * down first.  Folding ORs each run of f adjacent blocks into one; since a
 * value's block in B / f blocks is its block in B blocks divided by f (see
 * bf_block_index), the folded filter is bit for bit the filter that adding
 * the same values to B / f blocks would have built.
 *
 * An exact filter combines with a block filter by adding its hashes to the
 * blocks (union) or by keeping those of its hashes the blocks contain
 * (intersection); two exact filters merge their sorted hash lists.
 *
 * The result's parameters (capacity, target rate, flags) come from the input
 * of the result's layout that sorts first by (block count, larger capacity,
 * smaller rate, flags).  With that choice union is commutative and
 * associative down to the last byte, and so is intersection among filters
 * of one block count.  Across block counts intersection is commutative but
 * not associative: folding an AND keeps fewer bits than ANDing the folds,
 * so the order decides which bits survive (every common member does).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_combine.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/* Blocks folded per round when a union is counted without being built */
#define BF_FOLD_CHUNK		128

/*
 * Check that two filters can be combined.  Returns BF_E_HASH_MISMATCH,
 * BF_E_KIND_MISMATCH or BF_E_FOLD when they cannot.
 */
bf_status
bf_check_compatible(const bf_view *a, const bf_view *b)
{
	uint64_t	big;
	uint64_t	small;
	uint64_t	ratio;

	if (a->hdr.hash_id != b->hdr.hash_id || a->hdr.seed != b->hdr.seed)
		return BF_E_HASH_MISMATCH;
	if (a->hdr.kind != b->hdr.kind && a->hdr.kind != 0 && b->hdr.kind != 0)
		return BF_E_KIND_MISMATCH;
	if (a->hdr.layout == BF_LAYOUT_BLOCKS && b->hdr.layout == BF_LAYOUT_BLOCKS)
	{
		big = a->hdr.nitems > b->hdr.nitems ? a->hdr.nitems : b->hdr.nitems;
		small = a->hdr.nitems > b->hdr.nitems ? b->hdr.nitems : a->hdr.nitems;
		if (big % small != 0)
			return BF_E_FOLD;
		ratio = big / small;
		if ((ratio & (ratio - 1)) != 0)
			return BF_E_FOLD;
	}
	return BF_OK;
}

/* True if a's parameters sort before b's (see the file header) */
static bool
params_precede(const bf_header *a, const bf_header *b)
{
	if (a->nitems != b->nitems)
		return a->nitems < b->nitems;
	if (a->capacity != b->capacity)
		return a->capacity > b->capacity;
	if (a->fpr != b->fpr)
		return a->fpr < b->fpr;
	return a->flags <= b->flags;
}

/*
 * Header of the result of combining a and b into the given layout, with
 * nitems items; bits_set is left at zero for the caller to fill in.
 */
static bf_header
result_header(const bf_view *a, const bf_view *b, uint8_t layout,
			  uint64_t nitems)
{
	const bf_header *source;
	bf_header	hdr;

	if (a->hdr.layout != layout)
		source = &b->hdr;
	else if (b->hdr.layout != layout)
		source = &a->hdr;
	else
		source = params_precede(&a->hdr, &b->hdr) ? &a->hdr : &b->hdr;

	bf_header_init(&hdr, layout, nitems, source->capacity, source->fpr,
				   source->flags, a->hdr.kind != 0 ? a->hdr.kind : b->hdr.kind);
	return hdr;
}

/*
 * OR each run of nsrc / ndst adjacent blocks of src into one block of dst.
 * Bitwise OR does not care about byte order, so 64-bit words are used.
 */
static void
fold_blocks(uint8_t *dst, const uint8_t *src, uint64_t nsrc, uint64_t ndst)
{
	uint64_t	factor = nsrc / ndst;
	uint64_t	j;
	uint64_t	i;
	int			k;

	for (j = 0; j < ndst; j++)
	{
		for (k = 0; k < BF_BLOCK_BYTES / 8; k++)
		{
			uint64_t	word = 0;

			for (i = 0; i < factor; i++)
				word |= bf_load64(src + (j * factor + i) * BF_BLOCK_BYTES + 8 * k);
			bf_store64(dst + j * BF_BLOCK_BYTES + 8 * k, word);
		}
	}
}

/*
 * Write into dst the OR (or the AND) of two compatible block filters'
 * blocks, the larger folded to the smaller's count first; returns the set
 * bits of the result.  Equal counts take a single fused pass.
 */
static uint64_t
combine_blocks(uint8_t *dst, const bf_view *a, const bf_view *b, bool is_and)
{
	const bf_kernels *kernels = bf_kernels_current();
	const bf_view *big = a->hdr.nitems >= b->hdr.nitems ? a : b;
	const bf_view *small = big == a ? b : a;
	size_t		nbytes = (size_t) small->hdr.nitems * BF_BLOCK_BYTES;
	const uint8_t *left = big->payload;

	if (big->hdr.nitems != small->hdr.nitems)
	{
		fold_blocks(dst, big->payload, big->hdr.nitems, small->hdr.nitems);
		left = dst;
	}
	return is_and ? kernels->and_count(dst, left, small->payload, nbytes) :
		kernels->or_count(dst, left, small->payload, nbytes);
}

/* Number of distinct hashes in the merge of two exact filters */
uint64_t
bf_exact_union_count(const bf_view *a, const bf_view *b)
{
	uint64_t	i = 0;
	uint64_t	j = 0;
	uint64_t	count = 0;

	while (i < a->hdr.nitems && j < b->hdr.nitems)
	{
		uint64_t	x = bf_exact_hash(a, i);
		uint64_t	y = bf_exact_hash(b, j);

		i += x <= y;
		j += y <= x;
		count++;
	}
	return count + (a->hdr.nitems - i) + (b->hdr.nitems - j);
}

/*
 * Merge two exact filters' hashes, or keep only the common ones, into out
 * (room for the count bf_exact_union_count or bf_exact_common_count gave: both
 * take the same steps as this loop, so they agree even on unsorted input).
 */
static void
exact_merge(uint8_t *out, const bf_view *a, const bf_view *b, bool common_only)
{
	uint64_t	i = 0;
	uint64_t	j = 0;

	while (i < a->hdr.nitems && j < b->hdr.nitems)
	{
		uint64_t	x = bf_exact_hash(a, i);
		uint64_t	y = bf_exact_hash(b, j);

		if (!common_only || x == y)
		{
			bf_store64(out, x <= y ? x : y);
			out += BF_HASH_BYTES;
		}
		i += x <= y;
		j += y <= x;
	}
	if (common_only)
		return;
	for (; i < a->hdr.nitems; i++, out += BF_HASH_BYTES)
		bf_store64(out, bf_exact_hash(a, i));
	for (; j < b->hdr.nitems; j++, out += BF_HASH_BYTES)
		bf_store64(out, bf_exact_hash(b, j));
}

/* Number of hashes two exact filters have in common */
uint64_t
bf_exact_common_count(const bf_view *a, const bf_view *b)
{
	return a->hdr.nitems + b->hdr.nitems - bf_exact_union_count(a, b);
}

/* Number of an exact filter's hashes that a block filter contains */
static uint64_t
exact_in_blocks_count(const bf_view *exact, const bf_view *blocks)
{
	uint64_t	count = 0;
	uint64_t	i;

	for (i = 0; i < exact->hdr.nitems; i++)
		count += bf_contains(blocks, bf_exact_hash(exact, i));
	return count;
}

/*
 * Set bits in the union of two compatible block filters, computed a chunk
 * of folded blocks at a time so that nothing needs allocating.
 */
uint64_t
bf_union_bits(const bf_view *a, const bf_view *b)
{
	const bf_kernels *kernels = bf_kernels_current();
	const bf_view *big = a->hdr.nitems >= b->hdr.nitems ? a : b;
	const bf_view *small = big == a ? b : a;
	uint64_t	factor = big->hdr.nitems / small->hdr.nitems;
	uint8_t		chunk[BF_FOLD_CHUNK * BF_BLOCK_BYTES];
	uint64_t	bits = 0;
	uint64_t	j;

	if (factor == 1)
		return kernels->or_popcount(a->payload, b->payload,
									(size_t) a->hdr.nitems * BF_BLOCK_BYTES);
	for (j = 0; j < small->hdr.nitems; j += BF_FOLD_CHUNK)
	{
		uint64_t	n = small->hdr.nitems - j;

		if (n > BF_FOLD_CHUNK)
			n = BF_FOLD_CHUNK;
		fold_blocks(chunk, big->payload + j * factor * BF_BLOCK_BYTES,
					n * factor, n);
		bits += kernels->or_popcount(chunk, small->payload + j * BF_BLOCK_BYTES,
									 n * BF_BLOCK_BYTES);
	}
	return bits;
}

/*
 * Set bits in the union of an exact filter and a block filter, without
 * building it.  Hashes in ascending order visit blocks in ascending order,
 * so each block is copied once and its hashes applied to the copy.
 */
uint64_t
bf_exact_union_bits(const bf_view *exact, const bf_view *blocks)
{
	const bf_kernels *kernels = bf_kernels_current();
	uint64_t	fresh = 0;
	uint64_t	i = 0;

	while (i < exact->hdr.nitems)
	{
		uint64_t	hash = bf_exact_hash(exact, i);
		uint64_t	block = bf_block_index(hash, blocks->hdr.nitems);
		uint8_t		copy[BF_BLOCK_BYTES];

		memcpy(copy, blocks->payload + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		do
		{
			/* in a one-block filter every hash maps to block 0 */
			fresh += kernels->add(copy, 1, &hash, 1);
			if (++i == exact->hdr.nitems)
				break;
			hash = bf_exact_hash(exact, i);
		} while (bf_block_index(hash, blocks->hdr.nitems) == block);
	}
	return blocks->hdr.bits_set + fresh;
}

/*
 * Combine src into the block filter in buf, in place, by OR or by AND: src
 * is a block filter of the same block count or of a count larger by a
 * power of two (folded on the way), or, for OR only, an exact filter.  The
 * header's count of set bits, and its kind if it held none, are updated,
 * and its parameters become those bf_union and bf_intersect would choose
 * (result_header), so that combining many filters in place gives the same
 * bytes in any order.
 *
 * Returns BF_E_LAYOUT if buf holds an exact filter or the result would be
 * one (AND with an exact filter), and BF_E_FOLD if src has fewer blocks:
 * those need a new buffer (bf_union, bf_intersect).
 */
static bf_status
combine_into(void *buf, size_t len, const bf_view *src, bool is_and)
{
	const bf_kernels *kernels = bf_kernels_current();
	uint8_t    *payload = (uint8_t *) buf + BF_HEADER_SIZE;
	bf_view		dst;
	bf_status	status = bf_open(buf, len, &dst);
	uint64_t	bits = 0;
	uint64_t	factor;
	uint64_t	j;

	if (status != BF_OK)
		return status;
	if (dst.hdr.layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	status = bf_check_compatible(&dst, src);
	if (status != BF_OK)
		return status;

	if (src->hdr.layout == BF_LAYOUT_EXACT)
	{
		if (is_and)
			return BF_E_LAYOUT;
		bits = dst.hdr.bits_set + bf_add_exact_to_blocks(payload, dst.hdr.nitems, src);
	}
	else if (src->hdr.nitems < dst.hdr.nitems)
		return BF_E_FOLD;
	else
	{
		uint8_t		chunk[BF_FOLD_CHUNK * BF_BLOCK_BYTES];

		factor = src->hdr.nitems / dst.hdr.nitems;
		for (j = 0; j < dst.hdr.nitems; j += BF_FOLD_CHUNK)
		{
			uint64_t	n = dst.hdr.nitems - j;
			uint8_t    *to = payload + j * BF_BLOCK_BYTES;
			const uint8_t *from = src->payload + j * factor * BF_BLOCK_BYTES;

			if (n > BF_FOLD_CHUNK)
				n = BF_FOLD_CHUNK;
			if (factor > 1)
			{
				fold_blocks(chunk, from, n * factor, n);
				from = chunk;
			}
			bits += is_and ?
				kernels->and_count(to, to, from, n * BF_BLOCK_BYTES) :
				kernels->or_count(to, to, from, n * BF_BLOCK_BYTES);
		}
	}
	dst.hdr.bits_set = bits;
	if (dst.hdr.kind == 0)
		dst.hdr.kind = src->hdr.kind;
	/* the parameters bf_union and bf_intersect would give, in any order */
	if (src->hdr.layout == BF_LAYOUT_BLOCKS &&
		src->hdr.nitems == dst.hdr.nitems &&
		params_precede(&src->hdr, &dst.hdr))
	{
		dst.hdr.capacity = src->hdr.capacity;
		dst.hdr.fpr = src->hdr.fpr;
		dst.hdr.flags = src->hdr.flags;
	}
	bf_write_header(buf, &dst.hdr);
	return BF_OK;
}

/* Union of src into the block filter in buf, in place (combine_into) */
bf_status
bf_merge_into(void *buf, size_t len, const bf_view *src)
{
	return combine_into(buf, len, src, false);
}

/* Intersection of src into the block filter in buf, in place (combine_into) */
bf_status
bf_intersect_into(void *buf, size_t len, const bf_view *src)
{
	return combine_into(buf, len, src, true);
}

/*
 * Serialized size of the union of a and b, after checking they can be
 * combined.  The union is an exact filter if both are exact, a block filter
 * of the smaller block count otherwise.
 */
bf_status
bf_union_size(const bf_view *a, const bf_view *b, size_t *len)
{
	bf_status	status = bf_check_compatible(a, b);
	uint64_t	count;

	if (status != BF_OK)
		return status;
	if (a->hdr.layout == BF_LAYOUT_EXACT && b->hdr.layout == BF_LAYOUT_EXACT)
	{
		count = bf_exact_union_count(a, b);
		if (count > BF_MAX_HASHES)
			return BF_E_TOO_LARGE;
		*len = bf_size_exact(count);
	}
	else if (a->hdr.layout == BF_LAYOUT_EXACT)
		*len = bf_size_blocks(b->hdr.nitems);
	else if (b->hdr.layout == BF_LAYOUT_EXACT)
		*len = bf_size_blocks(a->hdr.nitems);
	else
		*len = bf_size_blocks(a->hdr.nitems < b->hdr.nitems ?
							  a->hdr.nitems : b->hdr.nitems);
	return BF_OK;
}

/*
 * Write the union of a and b into dst, whose length must be what
 * bf_union_size gave.  Every value added to either is a member of the union.
 */
bf_status
bf_union(void *dst, size_t len, const bf_view *a, const bf_view *b)
{
	uint8_t    *out = (uint8_t *) dst + BF_HEADER_SIZE;
	size_t		expected;
	bf_status	status = bf_union_size(a, b, &expected);
	bf_header	hdr;

	if (status != BF_OK)
		return status;
	if (len != expected)
		return BF_E_BUFFER;

	if (a->hdr.layout == BF_LAYOUT_EXACT && b->hdr.layout == BF_LAYOUT_EXACT)
	{
		hdr = result_header(a, b, BF_LAYOUT_EXACT, bf_exact_union_count(a, b));
		exact_merge(out, a, b, false);
	}
	else if (a->hdr.layout == BF_LAYOUT_EXACT || b->hdr.layout == BF_LAYOUT_EXACT)
	{
		const bf_view *exact = a->hdr.layout == BF_LAYOUT_EXACT ? a : b;
		const bf_view *blocks = exact == a ? b : a;

		hdr = result_header(a, b, BF_LAYOUT_BLOCKS, blocks->hdr.nitems);
		memcpy(out, blocks->payload, len - BF_HEADER_SIZE);
		hdr.bits_set = blocks->hdr.bits_set +
			bf_add_exact_to_blocks(out, blocks->hdr.nitems, exact);
	}
	else
	{
		hdr = result_header(a, b, BF_LAYOUT_BLOCKS,
							(len - BF_HEADER_SIZE) / BF_BLOCK_BYTES);
		hdr.bits_set = combine_blocks(out, a, b, false);
	}
	bf_write_header(dst, &hdr);
	return BF_OK;
}

/*
 * Serialized size of the intersection of a and b, after checking they can
 * be combined.  The intersection of two block filters is a block filter of
 * the smaller block count; if either is exact, it is the exact list of that
 * filter's hashes that the other contains.
 */
bf_status
bf_intersect_size(const bf_view *a, const bf_view *b, size_t *len)
{
	bf_status	status = bf_check_compatible(a, b);

	if (status != BF_OK)
		return status;
	if (a->hdr.layout == BF_LAYOUT_EXACT && b->hdr.layout == BF_LAYOUT_EXACT)
		*len = bf_size_exact(bf_exact_common_count(a, b));
	else if (a->hdr.layout == BF_LAYOUT_EXACT)
		*len = bf_size_exact(exact_in_blocks_count(a, b));
	else if (b->hdr.layout == BF_LAYOUT_EXACT)
		*len = bf_size_exact(exact_in_blocks_count(b, a));
	else
		*len = bf_size_blocks(a->hdr.nitems < b->hdr.nitems ?
							  a->hdr.nitems : b->hdr.nitems);
	return BF_OK;
}

/*
 * Write the intersection of a and b into dst, whose length must be what
 * bf_intersect_size gave.  Every value added to both is a member; the
 * intersection of block filters may also answer true for values in neither,
 * at a rate bf_current_fpr reports.
 */
bf_status
bf_intersect(void *dst, size_t len, const bf_view *a, const bf_view *b)
{
	uint8_t    *out = (uint8_t *) dst + BF_HEADER_SIZE;
	size_t		expected;
	bf_status	status = bf_intersect_size(a, b, &expected);
	bf_header	hdr;

	if (status != BF_OK)
		return status;
	if (len != expected)
		return BF_E_BUFFER;

	if (a->hdr.layout == BF_LAYOUT_EXACT && b->hdr.layout == BF_LAYOUT_EXACT)
	{
		hdr = result_header(a, b, BF_LAYOUT_EXACT,
							(len - BF_HEADER_SIZE) / BF_HASH_BYTES);
		exact_merge(out, a, b, true);
	}
	else if (a->hdr.layout == BF_LAYOUT_EXACT || b->hdr.layout == BF_LAYOUT_EXACT)
	{
		const bf_view *exact = a->hdr.layout == BF_LAYOUT_EXACT ? a : b;
		const bf_view *blocks = exact == a ? b : a;
		uint64_t	i;

		hdr = result_header(a, b, BF_LAYOUT_EXACT,
							(len - BF_HEADER_SIZE) / BF_HASH_BYTES);
		for (i = 0; i < exact->hdr.nitems; i++)
		{
			uint64_t	hash = bf_exact_hash(exact, i);

			if (bf_contains(blocks, hash))
			{
				bf_store64(out, hash);
				out += BF_HASH_BYTES;
			}
		}
	}
	else
	{
		hdr = result_header(a, b, BF_LAYOUT_BLOCKS,
							(len - BF_HEADER_SIZE) / BF_BLOCK_BYTES);
		hdr.bits_set = combine_blocks(out, a, b, true);
	}
	bf_write_header(dst, &hdr);
	return BF_OK;
}

/*
 * Write src folded down to nblocks blocks into dst (of bf_size_blocks
 * (nblocks) bytes).  nblocks must divide src's block count by a power of
 * two; folding by 1 copies.  Every member of src is a member of the result.
 */
bf_status
bf_fold(void *dst, size_t len, const bf_view *src, uint64_t nblocks)
{
	uint64_t	ratio;
	bf_header	hdr = src->hdr;

	if (src->hdr.layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	if (nblocks < 1 || nblocks > src->hdr.nitems || src->hdr.nitems % nblocks != 0)
		return BF_E_FOLD;
	ratio = src->hdr.nitems / nblocks;
	if ((ratio & (ratio - 1)) != 0)
		return BF_E_FOLD;
	if (len != bf_size_blocks(nblocks))
		return BF_E_BUFFER;

	fold_blocks((uint8_t *) dst + BF_HEADER_SIZE, src->payload,
				src->hdr.nitems, nblocks);
	hdr.nitems = nblocks;
	hdr.bits_set = bf_popcount((uint8_t *) dst + BF_HEADER_SIZE,
							   len - BF_HEADER_SIZE);
	bf_write_header(dst, &hdr);
	return BF_OK;
}

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
 * (intersection); two exact filters walk their sorted hash lists together.
 * Every operation on a pair checks the pair once and takes it in one order
 * (bf_pair_order): the exact filter first, or the one with more blocks.
 *
 * Union and intersection in place (bf_union_into, bf_intersect_into) answer
 * whether they could: when the result needs a new buffer, that is not an
 * error, and the caller goes on to bf_union_size and bf_union (or the
 * intersection's pair).  BF_E_FOLD always means the two can never combine.
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

/* Blocks folded per round when blocks are combined without a scratch buffer */
#define BF_FOLD_CHUNK		128

/* True if x is a power of two (x > 0) */
static inline bool
is_power_of_two(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

/*
 * Check that two filters can be combined and put them in the order every
 * operation on a pair takes them (bf_pair, bf_internal.h).  Returns
 * BF_E_HASH_MISMATCH, BF_E_KIND_MISMATCH, BF_E_PART_MISMATCH (bf_parts.c)
 * or BF_E_FOLD when they can never be combined.  This is the one place a pair is checked and dispatched on.
 */
bf_status
bf_pair_order(const bf_view *a, const bf_view *b, bf_pair *pair)
{
	bool		a_exact = a->hdr.layout == BF_LAYOUT_EXACT;
	bool		b_exact = b->hdr.layout == BF_LAYOUT_EXACT;
	bf_status	status;

	if (a->hdr.hash_id != b->hdr.hash_id || a->hdr.seed != b->hdr.seed)
		return BF_E_HASH_MISMATCH;
	if (a->hdr.kind != b->hdr.kind && a->hdr.kind != 0 && b->hdr.kind != 0)
		return BF_E_KIND_MISMATCH;
	status = bf_same_whole(&a->hdr, &b->hdr);
	if (status != BF_OK)
		return status;

	pair->first = a;
	pair->second = b;
	if (a_exact && b_exact)
		pair->shape = BF_PAIR_EXACT;
	else if (a_exact || b_exact)
	{
		pair->shape = BF_PAIR_MIXED;
		pair->first = a_exact ? a : b;
		pair->second = a_exact ? b : a;
	}
	else
	{
		pair->shape = BF_PAIR_BLOCKS;
		pair->first = a->hdr.nitems >= b->hdr.nitems ? a : b;
		pair->second = pair->first == a ? b : a;
		if (pair->first->hdr.nitems % pair->second->hdr.nitems != 0 ||
			!is_power_of_two(pair->first->hdr.nitems / pair->second->hdr.nitems))
			return BF_E_FOLD;
	}
	return BF_OK;
}

/*
 * Check that two filters can be combined.  Returns BF_E_HASH_MISMATCH,
 * BF_E_KIND_MISMATCH, BF_E_PART_MISMATCH or BF_E_FOLD when they cannot.
 */
bf_status
bf_check_compatible(const bf_view *a, const bf_view *b)
{
	bf_pair		pair;

	return bf_pair_order(a, b, &pair);
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
 * Header of the result of combining a pair into the given layout, with
 * nitems items; bits_set is left at zero for the caller to fill in.  The
 * choice is symmetric, so it does not matter which of the pair is first:
 * the parameters of the input of the result's layout that sorts first
 * (params_precede), and the kind either holds.
 */
bf_header
bf_pair_header(const bf_pair *pair, uint8_t layout, uint64_t nitems)
{
	const bf_header *a = &pair->first->hdr;
	const bf_header *b = &pair->second->hdr;
	const bf_header *source;
	bf_header	hdr;

	if (a->layout != layout)
		source = b;
	else if (b->layout != layout)
		source = a;
	else
		source = params_precede(a, b) ? a : b;

	hdr = *source;
	hdr.layout = layout;
	hdr.nitems = nitems;
	hdr.bits_set = 0;
	hdr.kind = a->kind;
	bf_adopt_kind(&hdr, b->kind);
	return hdr;
}

/*
 * OR each run of nsrc / ndst adjacent blocks of src into one block of dst.
 * Bitwise OR does not care about byte order, so 64-bit words are used.
 */
void
bf_fold_blocks(uint8_t *dst, const uint8_t *src, uint64_t nsrc, uint64_t ndst)
{
	uint64_t	factor = nsrc / ndst;
	uint64_t	j;
	uint64_t	i;
	int			k;

	BF_ASSERT(ndst >= 1 && nsrc % ndst == 0 && is_power_of_two(factor));
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
 * The OR (or the AND) of the nblocks blocks at small and the blocks at big
 * folded by factor to nblocks, written to dst (which may be small), or,
 * with dst NULL, only counted (OR only).  Folds a chunk at a time, so that
 * nothing needs allocating; returns the set bits of the result.  Equal
 * counts take a single fused pass.
 */
static uint64_t
union_or_intersect_folded(uint8_t *dst, const uint8_t *small,
						  const uint8_t *big, uint64_t factor,
						  uint64_t nblocks, bool intersect)
{
	const bf_kernels *kernels = bf_kernels_current();
	uint8_t		chunk[BF_FOLD_CHUNK * BF_BLOCK_BYTES];
	uint64_t	bits = 0;
	uint64_t	j;

	BF_ASSERT(is_power_of_two(factor) && nblocks >= 1);
	BF_ASSERT(dst != NULL || !intersect);
	if (factor == 1)
	{
		size_t		nbytes = (size_t) nblocks * BF_BLOCK_BYTES;

		if (dst == NULL)
			return kernels->or_popcount(small, big, nbytes);
		return intersect ? kernels->and_count(dst, small, big, nbytes) :
			kernels->or_count(dst, small, big, nbytes);
	}
	for (j = 0; j < nblocks; j += BF_FOLD_CHUNK)
	{
		uint64_t	n = nblocks - j;
		size_t		offset = (size_t) j * BF_BLOCK_BYTES;

		if (n > BF_FOLD_CHUNK)
			n = BF_FOLD_CHUNK;
		bf_fold_blocks(chunk, big + offset * factor, n * factor, n);
		if (dst == NULL)
			bits += kernels->or_popcount(chunk, small + offset,
										 n * BF_BLOCK_BYTES);
		else if (intersect)
			bits += kernels->and_count(dst + offset, small + offset, chunk,
									   n * BF_BLOCK_BYTES);
		else
			bits += kernels->or_count(dst + offset, small + offset, chunk,
									  n * BF_BLOCK_BYTES);
	}
	return bits;
}

/*
 * Set bits in the union of a pair of block filters (BF_PAIR_BLOCKS),
 * without building it.
 */
uint64_t
bf_blocks_union_bits(const bf_pair *pair)
{
	BF_ASSERT(pair->shape == BF_PAIR_BLOCKS);
	return union_or_intersect_folded(NULL, pair->second->payload,
									 pair->first->payload,
									 pair->first->hdr.nitems / pair->second->hdr.nitems,
									 pair->second->hdr.nitems, false);
}

/* Number of distinct hashes in the union of two exact filters */
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

/* Number of hashes two exact filters have in common */
uint64_t
bf_exact_intersect_count(const bf_view *a, const bf_view *b)
{
	return a->hdr.nitems + b->hdr.nitems - bf_exact_union_count(a, b);
}

/*
 * Write the union of two exact filters' hashes, or only their common ones,
 * to out (room for the count bf_exact_union_count or
 * bf_exact_intersect_count gave: both take the same steps as this loop, so
 * they agree even on unsorted input).  Returns how many were written.
 */
static uint64_t
union_or_intersect_exact(uint8_t *out, const bf_view *a, const bf_view *b,
						 bool intersect)
{
	uint8_t    *start = out;
	uint64_t	i = 0;
	uint64_t	j = 0;

	while (i < a->hdr.nitems && j < b->hdr.nitems)
	{
		uint64_t	x = bf_exact_hash(a, i);
		uint64_t	y = bf_exact_hash(b, j);

		if (!intersect || x == y)
		{
			bf_store64(out, x <= y ? x : y);
			out += BF_HASH_BYTES;
		}
		i += x <= y;
		j += y <= x;
	}
	if (!intersect)
	{
		for (; i < a->hdr.nitems; i++, out += BF_HASH_BYTES)
			bf_store64(out, bf_exact_hash(a, i));
		for (; j < b->hdr.nitems; j++, out += BF_HASH_BYTES)
			bf_store64(out, bf_exact_hash(b, j));
	}
	return (uint64_t) (out - start) / BF_HASH_BYTES;
}

/*
 * The hashes of an exact filter that a block filter contains, in the exact
 * filter's order: stored into hashes (host order) or into out (payload
 * bytes) where either is not NULL, and counted.  The one loop behind the
 * intersection of an exact filter with a block filter.
 */
static uint64_t
exact_in_blocks(const bf_view *exact, const bf_view *blocks, uint64_t *hashes,
				uint8_t *out)
{
	uint64_t	count = 0;
	uint64_t	i;

	for (i = 0; i < exact->hdr.nitems; i++)
	{
		uint64_t	hash = bf_exact_hash(exact, i);

		if (!bf_contains(blocks, hash))
			continue;
		if (hashes != NULL)
			hashes[count] = hash;
		if (out != NULL)
			bf_store64(out + count * BF_HASH_BYTES, hash);
		count++;
	}
	return count;
}

/*
 * How many hashes of an exact filter a block filter contains: the size of
 * their intersection as bf_intersect would build it, for the estimators.
 */
uint64_t
bf_exact_in_blocks_count(const bf_view *exact, const bf_view *blocks)
{
	BF_ASSERT(exact->hdr.layout == BF_LAYOUT_EXACT &&
			  blocks->hdr.layout == BF_LAYOUT_BLOCKS);
	return exact_in_blocks(exact, blocks, NULL, NULL);
}

/*
 * The hashes of an exact filter that a block filter contains, in the exact
 * filter's order (ascending, for a valid filter), into hashes (room for
 * exact's item count); *count receives how many.  This is the intersection
 * of the two as a list of hashes, for a caller that keeps hashes in its own
 * structure (the aggregate state's sorted run).  Like bf_contains, it leaves
 * checking that the two may be combined (bf_check_compatible) to the
 * caller.  Returns BF_E_LAYOUT unless exact is exact and blocks is not.
 */
bf_status
bf_intersect_hashes(const bf_view *exact, const bf_view *blocks,
					uint64_t *hashes, uint64_t *count)
{
	if (exact->hdr.layout != BF_LAYOUT_EXACT ||
		blocks->hdr.layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	*count = exact_in_blocks(exact, blocks, hashes, NULL);
	return BF_OK;
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
	size_t		present = 0;

	while (i < exact->hdr.nitems)
	{
		uint64_t	hash = bf_exact_hash(exact, i);
		uint64_t	block = bf_block_index(hash, blocks->hdr.nitems);
		uint8_t		copy[BF_BLOCK_BYTES];

		memcpy(copy, blocks->payload + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		do
		{
			/* in a one-block filter every hash maps to block 0 */
			fresh += kernels->add(copy, 1, &hash, 1, &present);
			if (++i == exact->hdr.nitems)
				break;
			hash = bf_exact_hash(exact, i);
		} while (bf_block_index(hash, blocks->hdr.nitems) == block);
	}
	return blocks->hdr.bits_set + fresh;
}

/*
 * Whether combining a checked pair into dst, one of the pair and a block
 * filter, fits in dst's own blocks: a union with an exact filter, or either
 * operation with a block filter of at least as many blocks (folded on the
 * way).  Otherwise the result needs a new buffer (bf_pair_write).
 */
bool
bf_pair_in_place(const bf_pair *pair, const bf_header *dst, bool intersect)
{
	if (dst->layout != BF_LAYOUT_BLOCKS)
		return false;
	if (pair->shape == BF_PAIR_MIXED)
		return !intersect;
	/* the second of a pair of block filters has the fewer blocks */
	return pair->shape == BF_PAIR_BLOCKS && pair->second->hdr.nitems == dst->nitems;
}

/*
 * Combine src into the block filter whose header is *dst and whose blocks
 * are at payload, in place, by OR or by AND, where bf_pair_in_place says it
 * fits.  The header's count of set bits, and its kind if it held none, are
 * updated, and its parameters become those bf_pair_write would choose
 * (bf_pair_header), so that combining many filters in place gives the same
 * bytes in any order.
 */
void
bf_combine_in_place(bf_header *dst, uint8_t *payload, const bf_view *src,
					bool intersect)
{
	uint64_t	bits;

	BF_ASSERT(dst->layout == BF_LAYOUT_BLOCKS);
	if (src->hdr.layout == BF_LAYOUT_EXACT)
	{
		BF_ASSERT(!intersect);
		bits = dst->bits_set + bf_add_exact_to_blocks(payload, dst->nitems, src);
	}
	else
		bits = union_or_intersect_folded(payload, payload, src->payload,
										 src->hdr.nitems / dst->nitems,
										 dst->nitems, intersect);
	BF_ASSERT(bits <= dst->nitems * BF_BLOCK_BITS);
	dst->bits_set = bits;
	bf_adopt_kind(dst, src->hdr.kind);
	/* the parameters bf_union and bf_intersect would give, in any order */
	if (src->hdr.layout == BF_LAYOUT_BLOCKS &&
		src->hdr.nitems == dst->nitems &&
		params_precede(&src->hdr, dst))
	{
		dst->capacity = src->hdr.capacity;
		dst->fpr = src->hdr.fpr;
		dst->flags = src->hdr.flags;
	}
}

/*
 * Combine src into the block filter in buf, in place, by OR or by AND,
 * after checking the two can be combined at all (bf_pair_in_place says
 * when that fits; bf_combine_in_place does it).
 *
 * When the result needs a new buffer (buf holds an exact filter, src has
 * fewer blocks, or the result is an exact filter), buf is left as it was
 * and *in_place is false: not an error, but the answer to go to bf_union
 * or bf_intersect.  Errors are for filters that can never be combined and
 * for a buf that is not a filter.
 */
static bf_status
union_or_intersect_into(void *buf, size_t len, const bf_view *src,
						bool intersect, bool *in_place)
{
	bf_view		dst;
	bf_pair		pair;
	bf_status	status = bf_open(buf, len, &dst);

	*in_place = false;
	if (status == BF_OK)
		status = bf_pair_order(&dst, src, &pair);
	if (status != BF_OK || !bf_pair_in_place(&pair, &dst.hdr, intersect))
		return status;
	bf_combine_in_place(&dst.hdr, (uint8_t *) buf + BF_HEADER_SIZE, src,
						intersect);
	bf_write_header(buf, &dst.hdr);
	*in_place = true;
	return BF_OK;
}

/*
 * Union of src into the block filter in buf, in place where the union fits
 * there (*in_place says whether it did: union_or_intersect_into).
 */
bf_status
bf_union_into(void *buf, size_t len, const bf_view *src, bool *in_place)
{
	return union_or_intersect_into(buf, len, src, false, in_place);
}

/*
 * Intersection of src into the block filter in buf, in place where the
 * intersection fits there (*in_place says whether it did:
 * union_or_intersect_into).
 */
bf_status
bf_intersect_into(void *buf, size_t len, const bf_view *src, bool *in_place)
{
	return union_or_intersect_into(buf, len, src, true, in_place);
}

/*
 * Layout and item count of the union or the intersection of a checked
 * pair, and its serialized size: the layout policy of combination, in one
 * place.  The union is an exact filter if both are exact, a block filter of
 * the smaller block count otherwise.  The intersection of two block
 * filters is a block filter of the smaller block count; if either is
 * exact, it is the exact list of that filter's hashes that the other
 * contains.
 */
static bf_status
result_shape(const bf_pair *pair, bool intersect, uint8_t *layout,
			 uint64_t *nitems, size_t *len)
{
	*layout = BF_LAYOUT_EXACT;
	*nitems = 0;
	switch (pair->shape)
	{
		case BF_PAIR_EXACT:
			*nitems = intersect ?
				bf_exact_intersect_count(pair->first, pair->second) :
				bf_exact_union_count(pair->first, pair->second);
			break;
		case BF_PAIR_MIXED:
			if (intersect)
				*nitems = exact_in_blocks(pair->first, pair->second,
										  NULL, NULL);
			else
			{
				*layout = BF_LAYOUT_BLOCKS;
				*nitems = pair->second->hdr.nitems;
			}
			break;
		case BF_PAIR_BLOCKS:
			*layout = BF_LAYOUT_BLOCKS;
			*nitems = pair->second->hdr.nitems;
			break;
	}
	if (*layout == BF_LAYOUT_EXACT && *nitems > BF_MAX_HASHES)
		return BF_E_TOO_LARGE;
	*len = *layout == BF_LAYOUT_EXACT ? bf_size_exact(*nitems) :
		bf_size_blocks(*nitems);
	return BF_OK;
}

/*
 * Serialized size of the union or the intersection of a checked pair
 * (result_shape says which layout it has); BF_E_TOO_LARGE past the limit.
 */
bf_status
bf_pair_size(const bf_pair *pair, bool intersect, size_t *len)
{
	uint8_t		layout;
	uint64_t	nitems;

	return result_shape(pair, intersect, &layout, &nitems, len);
}

/*
 * Write the union or the intersection of a checked pair into dst, whose
 * length must be what bf_pair_size gave (else BF_E_BUFFER).
 */
bf_status
bf_pair_write(void *dst, size_t len, const bf_pair *pair, bool intersect)
{
	uint8_t    *out = (uint8_t *) dst + BF_HEADER_SIZE;
	uint8_t		layout;
	uint64_t	nitems;
	size_t		expected;
	bf_header	hdr;
	bf_status	status = result_shape(pair, intersect, &layout, &nitems,
									  &expected);

	if (status != BF_OK)
		return status;
	if (len != expected)
		return BF_E_BUFFER;

	hdr = bf_pair_header(pair, layout, nitems);
	switch (pair->shape)
	{
		case BF_PAIR_EXACT:
			nitems = union_or_intersect_exact(out, pair->first, pair->second,
											  intersect);
			break;
		case BF_PAIR_MIXED:
			if (intersect)
				nitems = exact_in_blocks(pair->first, pair->second, NULL, out);
			else
			{
				memcpy(out, pair->second->payload, len - BF_HEADER_SIZE);
				hdr.bits_set = pair->second->hdr.bits_set +
					bf_add_exact_to_blocks(out, nitems, pair->first);
			}
			break;
		case BF_PAIR_BLOCKS:
			hdr.bits_set = union_or_intersect_folded(out, pair->second->payload,
													 pair->first->payload,
													 pair->first->hdr.nitems / nitems,
													 nitems, intersect);
			break;
	}
	BF_ASSERT(nitems == hdr.nitems);
	bf_write_header(dst, &hdr);
	return BF_OK;
}

/*
 * Serialized size of the union or the intersection of a and b, after
 * checking they can be combined (bf_pair_size).
 */
static bf_status
union_or_intersect_size(const bf_view *a, const bf_view *b, bool intersect,
						size_t *len)
{
	bf_pair		pair;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status != BF_OK)
		return status;
	return bf_pair_size(&pair, intersect, len);
}

/*
 * Write the union or the intersection of a and b into dst, whose length
 * must be what union_or_intersect_size gave (bf_pair_write).
 */
static bf_status
union_or_intersect(void *dst, size_t len, const bf_view *a, const bf_view *b,
				   bool intersect)
{
	bf_pair		pair;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status != BF_OK)
		return status;
	return bf_pair_write(dst, len, &pair, intersect);
}

/*
 * Serialized size of the union of a and b, after checking they can be
 * combined (result_shape says which layout the union has).
 */
bf_status
bf_union_size(const bf_view *a, const bf_view *b, size_t *len)
{
	return union_or_intersect_size(a, b, false, len);
}

/*
 * Write the union of a and b into dst, whose length must be what
 * bf_union_size gave.  Every value added to either is a member of the union.
 */
bf_status
bf_union(void *dst, size_t len, const bf_view *a, const bf_view *b)
{
	return union_or_intersect(dst, len, a, b, false);
}

/*
 * Header the union of a and b would have, its count of set bits left at
 * zero, without building it: the size and the parameters (capacity, target
 * rate, flags) the estimators measure the union against, so that they can
 * say when it holds more than its size holds.  Returns the status of
 * bf_check_compatible, or BF_E_TOO_LARGE as bf_union_size does.
 */
bf_status
bf_union_header(const bf_view *a, const bf_view *b, bf_header *hdr)
{
	bf_pair		pair;
	uint8_t		layout;
	uint64_t	nitems;
	size_t		len;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status == BF_OK)
		status = result_shape(&pair, false, &layout, &nitems, &len);
	if (status == BF_OK)
		*hdr = bf_pair_header(&pair, layout, nitems);
	return status;
}

/*
 * Serialized size of the intersection of a and b, after checking they can
 * be combined (result_shape says which layout the intersection has).
 */
bf_status
bf_intersect_size(const bf_view *a, const bf_view *b, size_t *len)
{
	return union_or_intersect_size(a, b, true, len);
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
	return union_or_intersect(dst, len, a, b, true);
}

/*
 * Write src folded down to nblocks blocks into dst (of bf_size_blocks
 * (nblocks) bytes).  nblocks must divide src's block count by a power of
 * two; folding by 1 copies.  Every member of src is a member of the result.
 * A part is not folded (BF_E_LAYOUT).
 */
bf_status
bf_fold(void *dst, size_t len, const bf_view *src, uint64_t nblocks)
{
	bf_header	hdr = src->hdr;

	/* a part folded would be no part of its whole */
	if (src->hdr.layout != BF_LAYOUT_BLOCKS || (src->hdr.flags & BF_FLAG_PART))
		return BF_E_LAYOUT;
	if (nblocks < 1 || nblocks > src->hdr.nitems ||
		src->hdr.nitems % nblocks != 0 ||
		!is_power_of_two(src->hdr.nitems / nblocks))
		return BF_E_FOLD;
	if (len != bf_size_blocks(nblocks))
		return BF_E_BUFFER;

	bf_fold_blocks((uint8_t *) dst + BF_HEADER_SIZE, src->payload,
				   src->hdr.nitems, nblocks);
	hdr.nitems = nblocks;
	hdr.bits_set = bf_kernels_current()->popcount((uint8_t *) dst + BF_HEADER_SIZE,
												  len - BF_HEADER_SIZE);
	bf_write_header(dst, &hdr);
	return BF_OK;
}

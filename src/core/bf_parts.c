/*-------------------------------------------------------------------------
 *
 * bf_parts.c
 *	  A whole filter cut into equal ranges of blocks: its parts, each an
 *	  ordinary block filter whose header says which part of how many it is,
 *	  and of what whole.
 *
 * A value's block in a filter of B blocks is ((h >> 32) * B) >> 32
 * (bf_block_index).  Cut the B = b * P blocks into P ranges of b: part i
 * holds blocks i * b to (i + 1) * b - 1, and since floor(floor(x) / b) =
 * floor(x / b), the part a value falls in is its block among P blocks,
 * ((h >> 32) * P) >> 32 (bf_part_of), whatever b is.  Within its part, the
 * value's block is its block in a filter of b blocks for the local hash
 * whose high half is (h >> 32) * P - i * 2^32, that is (h >> 32) * P
 * modulo 2^32, and whose low half (the bits set in the block) is the
 * value's own (bf_part_hash): so a part is a filter of b blocks holding
 * its values' local hashes, every kernel works on it unchanged, and the
 * parts laid end to end are the whole filter's blocks, byte for byte.
 *
 * A part's header keeps the whole's capacity, target rate, flags, kind and
 * hash, with BF_FLAG_PART, its block count b and two fields of its own:
 * the number of parts P (bytes 12 to 15) and its number i (bytes 56 to
 * 59), both zero in any other filter.  The whole has b * P blocks, and
 * since it never has to fit in one value, up to BF_MAX_WHOLE_BLOCKS of
 * them, sized for capacities bf_blocks_for cannot reach (bf_whole_blocks).
 * Parts combine only with the same part of the same whole (bf_same_whole),
 * and are never folded.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_parts.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/*
 * The part of parts that a value's hash falls in: its block in a filter of
 * parts blocks (see the file header).
 */
uint32_t
bf_part_of(uint64_t hash, uint32_t parts)
{
	BF_ASSERT(parts >= 1);
	return (uint32_t) bf_block_index(hash, parts);
}

/*
 * The hash that the filter whose header is hdr stores for a value's hash:
 * the hash itself, or, for a part, the local hash of the file header.
 * BF_E_OTHER_PART if the value belongs to another part (*local is then
 * left as it was).
 */
bf_status
bf_part_hash(const bf_header *hdr, uint64_t hash, uint64_t *local)
{
	if (!(hdr->flags & BF_FLAG_PART))
	{
		*local = hash;
		return BF_OK;
	}
	if (bf_part_of(hash, hdr->parts) != hdr->part)
		return BF_E_OTHER_PART;
	/* the high half times parts, less part * 2^32, and the low half */
	*local = (((hash >> 32) * hdr->parts) << 32) | (hash & UINT64_C(0xFFFFFFFF));
	BF_ASSERT(bf_block_index(*local, hdr->nitems) ==
			  bf_block_index(hash, hdr->nitems * hdr->parts) -
			  (uint64_t) hdr->part * hdr->nitems);
	return BF_OK;
}

/*
 * Block count of the whole filter sized for capacity values at rate fpr,
 * kept in parts parts: the smallest count whose model rate meets fpr, as
 * bf_blocks_for finds it (but up to BF_MAX_WHOLE_BLOCKS), rounded up to a
 * multiple of parts.  BF_E_PARTS for a part count out of range or too
 * small (a part would have more than BF_MAX_BLOCKS blocks),
 * BF_E_TOO_LARGE for a whole past BF_MAX_WHOLE_BLOCKS, else
 * bf_blocks_for's statuses.
 */
bf_status
bf_whole_blocks(uint64_t capacity, double fpr, uint32_t parts,
				uint64_t *nblocks)
{
	uint64_t	optimal;
	uint64_t	per_part;
	bf_status	status;

	if (parts < 1 || parts > BF_MAX_PARTS)
		return BF_E_PARTS;
	status = bf_blocks_within(capacity, fpr, BF_MAX_WHOLE_BLOCKS, &optimal);
	if (status != BF_OK)
		return status;
	per_part = (optimal + parts - 1) / parts;
	if (per_part > BF_MAX_BLOCKS)
		return BF_E_PARTS;
	if (per_part * parts > BF_MAX_WHOLE_BLOCKS)
		return BF_E_TOO_LARGE;
	*nblocks = per_part * parts;
	return BF_OK;
}

/*
 * Header of the empty part number part of parts of the whole filter sized
 * for capacity values at rate fpr (bf_whole_blocks), holding values of the
 * given kind.  BF_E_PARTS if part is not below parts.
 */
bf_status
bf_part_header(uint64_t capacity, double fpr, uint32_t parts, uint32_t part,
			   uint32_t kind, bf_header *hdr)
{
	uint64_t	nblocks;
	bf_status	status = bf_whole_blocks(capacity, fpr, parts, &nblocks);

	if (status != BF_OK)
		return status;
	if (part >= parts)
		return BF_E_PARTS;
	bf_header_init(hdr, BF_LAYOUT_BLOCKS, nblocks / parts, capacity, fpr,
				   BF_FLAG_PART, kind);
	hdr->parts = parts;
	hdr->part = part;
	return BF_OK;
}

/*
 * Write part number part of parts of the block filter whole into dst (of
 * bf_size_blocks(blocks / parts) bytes): its range of blocks, under the
 * whole's header made a part's.  BF_E_LAYOUT for an exact filter,
 * BF_E_PARTS for a part (parts are not cut again), a filter in Parquet
 * mode (check_part_fields of bf_format.c says why) or a count that does
 * not divide the block count.
 */
bf_status
bf_split(void *dst, size_t len, const bf_view *whole, uint32_t parts,
		 uint32_t part)
{
	uint8_t    *out = (uint8_t *) dst + BF_HEADER_SIZE;
	bf_header	hdr = whole->hdr;
	uint64_t	nblocks;

	if (whole->hdr.layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	if ((whole->hdr.flags & BF_FLAG_PART) ||
		whole->hdr.hash_id != BF_HASH_XXH3_64 || parts < 1 ||
		parts > BF_MAX_PARTS || part >= parts ||
		whole->hdr.nitems % parts != 0)
		return BF_E_PARTS;
	nblocks = whole->hdr.nitems / parts;
	if (len != bf_size_blocks(nblocks))
		return BF_E_BUFFER;

	memcpy(out, whole->payload + (size_t) part * nblocks * BF_BLOCK_BYTES,
		   (size_t) nblocks * BF_BLOCK_BYTES);
	hdr.nitems = nblocks;
	hdr.flags |= BF_FLAG_PART;
	hdr.parts = parts;
	hdr.part = part;
	hdr.bits_set = bf_kernels_current()->popcount(out, (size_t) nblocks * BF_BLOCK_BYTES);
	bf_write_header(dst, &hdr);
	return BF_OK;
}

/*
 * Header of the whole filter that the part whose header is part belongs
 * to, its count of set bits zero: for assembling the parts into one value.
 * BF_E_PARTS if it is not a part, BF_E_TOO_LARGE if the whole does not fit
 * in a value.
 */
bf_status
bf_whole_header(const bf_header *part, bf_header *whole)
{
	if (!(part->flags & BF_FLAG_PART))
		return BF_E_PARTS;
	if (part->nitems * part->parts > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	*whole = *part;
	whole->nitems = part->nitems * part->parts;
	whole->flags &= ~BF_FLAG_PART;
	whole->parts = 0;
	whole->part = 0;
	whole->bits_set = 0;
	return BF_OK;
}

/*
 * OR the part part into its range of the whole block filter in buf, in
 * place, keeping the header's count of set bits, and its kind if it held
 * none, current.  BF_E_PARTS if part is not a part, BF_E_TOO_LARGE as
 * bf_whole_header, BF_E_PART_MISMATCH if buf is not its whole (another
 * size, capacity, rate, flags or hash), BF_E_KIND_MISMATCH if the two hold
 * different kinds of value.
 */
bf_status
bf_assemble_into(void *buf, size_t len, const bf_view *part)
{
	bf_view		dst;
	bf_header	expected;
	uint8_t    *range;
	size_t		nbytes = (size_t) part->hdr.nitems * BF_BLOCK_BYTES;
	uint64_t	before;
	bf_status	status = bf_whole_header(&part->hdr, &expected);

	if (status == BF_OK)
		status = bf_open(buf, len, &dst);
	if (status != BF_OK)
		return status;
	if (dst.hdr.layout != BF_LAYOUT_BLOCKS ||
		dst.hdr.flags != expected.flags ||
		dst.hdr.nitems != expected.nitems ||
		dst.hdr.capacity != expected.capacity ||
		dst.hdr.fpr != expected.fpr ||
		dst.hdr.hash_id != expected.hash_id || dst.hdr.seed != expected.seed)
		return BF_E_PART_MISMATCH;
	if (dst.hdr.kind != part->hdr.kind && dst.hdr.kind != 0 &&
		part->hdr.kind != 0)
		return BF_E_KIND_MISMATCH;

	range = (uint8_t *) buf + BF_HEADER_SIZE + (size_t) part->hdr.part * nbytes;
	before = bf_kernels_current()->popcount(range, nbytes);
	dst.hdr.bits_set += bf_kernels_current()->or_count(range, range,
													   part->payload, nbytes) -
		before;
	if (dst.hdr.kind == 0)
		dst.hdr.kind = part->hdr.kind;
	bf_write_header(buf, &dst.hdr);
	return BF_OK;
}

/*
 * Whether a part's capacity and rate are ones bf_whole_blocks can size a
 * whole for (the validator's bound, as bf_sizable's for other filters).
 */
bool
bf_part_sizable(const bf_header *hdr)
{
	return hdr->capacity >= 1 && hdr->fpr >= BF_MIN_FPR && hdr->fpr < 1.0 &&
		bf_model_fpr((double) hdr->capacity, BF_MAX_WHOLE_BLOCKS) <= hdr->fpr;
}

/*
 * Whether two filters, either of them a part, may be combined: the same
 * part of the same whole (block count, capacity, rate, flags), or a part
 * and an empty exact filter (the empty set, which bloom_agg gives over no
 * values).  BF_E_PART_MISMATCH otherwise; BF_OK when neither is a part.
 * The hash and the kind are the caller's to check (bf_pair_order).
 */
bf_status
bf_same_whole(const bf_header *a, const bf_header *b)
{
	if (a->parts == 0 && b->parts == 0)
		return BF_OK;
	if ((a->layout == BF_LAYOUT_EXACT && a->nitems == 0) ||
		(b->layout == BF_LAYOUT_EXACT && b->nitems == 0))
		return BF_OK;
	if (a->parts != b->parts || a->part != b->part ||
		a->nitems != b->nitems || a->capacity != b->capacity ||
		a->fpr != b->fpr || a->flags != b->flags)
		return BF_E_PART_MISMATCH;
	return BF_OK;
}

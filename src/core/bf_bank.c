/*-------------------------------------------------------------------------
 *
 * bf_bank.c
 *	  A bank of filters: the geometry a filter maps onto, the shapes of a
 *	  group's pages, writing a group's pages from its filters, reading a
 *	  filter back, and testing a value against every filter of a page.
 *
 * bf_bank.h describes the layout.  The map of a block filter onto a group
 * of Z blocks rests on the block choice being a multiply-shift of the high
 * half of the hash, x = hash >> 32: the filter's block of x is
 * floor(x * z / 2^32), the group's floor(x * Z / 2^32), both monotonic in
 * x, so the group's block g takes the hashes x from ceil(g * 2^32 / Z) to
 * ceil((g + 1) * 2^32 / Z) - 1, which the filter's blocks j0 to j1 (those
 * of its first and last x) hold.  Their OR sets every bit any of those
 * hashes sets in the filter: no member is lost.  For z = Z * 2^k, j0 and
 * j1 are g * 2^k and (g + 1) * 2^k - 1, the fold of bf_fold.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_bank.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_bank.h"
#include "bf_internal.h"

#include <math.h>

/* The shapes of a part of a block, longest piece first */
static const uint32_t subpiece_bits[] = {128, 64, 32, 16, 8};

/* Hashes added to a mapped block at a time, from an exact list */
#define BF_BANK_HASH_CHUNK	64

/* Bytes of a piece of a shape */
static inline uint32_t
piece_bytes(const bf_bank_shape *shape)
{
	return shape->piece_bits / 8;
}

/*
 * The shape for a group of columns filters of nblocks blocks, in pages of
 * page_bytes: the longest pieces a page can hold that many of (fewest
 * pages for a test to read), and pieces of no more blocks than a filter
 * has.  false if a page holds no shape of that many columns.
 */
bool
bf_bank_shape_for(uint32_t columns, uint64_t nblocks, size_t page_bytes,
				  bf_bank_shape *shape)
{
	uint64_t	blocks_per_page = page_bytes / BF_BLOCK_BYTES;
	uint64_t	m;
	size_t		i;

	if (columns == 0 || nblocks == 0)
		return false;
	if (columns <= blocks_per_page)
	{
		m = blocks_per_page / columns;
		if (m > nblocks)
			m = nblocks;
		shape->piece_bits = (uint32_t) (m * BF_BLOCK_BITS);
		shape->capacity = (uint32_t) (blocks_per_page / m);
		return true;
	}
	for (i = 0; i < sizeof(subpiece_bits) / sizeof(subpiece_bits[0]); i++)
	{
		uint64_t	capacity = (uint64_t) page_bytes * 8 / subpiece_bits[i];

		if (capacity >= columns)
		{
			shape->piece_bits = subpiece_bits[i];
			shape->capacity = (uint32_t) capacity;
			return true;
		}
	}
	return false;
}

/*
 * Whether shape is one that bf_bank_shape_for gives for pages of
 * page_bytes: pieces of a part of a block or of whole blocks, and the
 * capacity of a page at that length (for checking what is read back)
 */
bool
bf_bank_shape_valid(const bf_bank_shape *shape, size_t page_bytes)
{
	uint32_t	bits = shape->piece_bits;
	size_t		i;

	if (bits >= BF_BLOCK_BITS && bits % BF_BLOCK_BITS == 0)
		return bits / 8 <= page_bytes &&
			shape->capacity == page_bytes / (bits / 8);
	for (i = 0; i < sizeof(subpiece_bits) / sizeof(subpiece_bits[0]); i++)
		if (bits == subpiece_bits[i])
			return shape->capacity == (uint64_t) page_bytes * 8 / bits;
	return false;
}

/* Pieces (pages) of a group of filters of nblocks blocks */
uint64_t
bf_bank_pieces(const bf_bank_shape *shape, uint64_t nblocks)
{
	uint64_t	bytes = nblocks * BF_BLOCK_BYTES;

	return (bytes + piece_bytes(shape) - 1) / piece_bytes(shape);
}

/*
 * Pieces that hold whole blocks: the unit bf_bank_write writes, since a
 * block is mapped and rewritten once for all its pieces
 */
uint64_t
bf_bank_pieces_per_write(const bf_bank_shape *shape)
{
	return shape->piece_bits < BF_BLOCK_BITS ?
		BF_BLOCK_BITS / shape->piece_bits : 1;
}

/*
 * The pages a test of one value reads of a group, on average: one for
 * pieces of whole blocks; for pieces of a part of a block, the distinct
 * parts that its eight bits, each at a random position of its word, fall
 * in: K (1 - (1 - 1/K)^8) of the K parts of a block
 */
double
bf_bank_probe_pages(const bf_bank_shape *shape)
{
	double		parts;

	if (shape->piece_bits >= BF_BLOCK_BITS)
		return 1.0;
	parts = (double) (BF_BLOCK_BITS / shape->piece_bits);
	return parts * (1.0 - pow(1.0 - 1.0 / parts, BF_BLOCK_WORDS));
}

/* A filter to write in a group of nblocks blocks */
void
bf_bank_source_init(bf_bank_source *source, const bf_view *view,
					uint64_t nblocks)
{
	BF_ASSERT(nblocks >= 1);
	source->view = *view;
	source->nblocks = nblocks;
}

/*
 * Whether a filter with header hdr, mapped onto nblocks blocks, is itself:
 * a block filter of that many blocks, which answers every test as the
 * filter does
 */
bool
bf_bank_maps_exactly(const bf_header *hdr, uint64_t nblocks)
{
	return hdr->layout == BF_LAYOUT_BLOCKS && hdr->nitems == nblocks;
}

/*
 * The range of the high halves of hashes, [*first, *last], that block
 * block of a filter of nblocks blocks takes
 */
static void
block_range(uint64_t block, uint64_t nblocks, uint64_t *first, uint64_t *last)
{
	*first = ((block << 32) + nblocks - 1) / nblocks;
	*last = (((block + 1) << 32) + nblocks - 1) / nblocks - 1;
}

/* OR into out the blocks first to last of the block filter view */
static void
or_blocks(const bf_view *view, uint64_t first, uint64_t last, uint8_t *out)
{
	for (int k = 0; k < BF_BLOCK_BYTES / 8; k++)
	{
		uint64_t	word = 0;

		for (uint64_t j = first; j <= last; j++)
			word |= bf_load64(view->payload + j * BF_BLOCK_BYTES + 8 * k);
		bf_store64(out + 8 * k, word);
	}
}

/* Set in out, a block, the bits of the exact list's hashes [first, end) */
static void
add_hashes(const bf_view *view, uint64_t first, uint64_t end, uint8_t *out)
{
	const bf_kernels *kernels = bf_kernels_current();
	uint64_t	chunk[BF_BANK_HASH_CHUNK];
	size_t		present = 0;

	memset(out, 0, BF_BLOCK_BYTES);
	for (uint64_t i = first; i < end; i += BF_BANK_HASH_CHUNK)
	{
		size_t		n = end - i < BF_BANK_HASH_CHUNK ?
			(size_t) (end - i) : BF_BANK_HASH_CHUNK;

		bf_exact_hashes(view, i, n, chunk);
		/* one block: every hash is in it, at the bits its low half picks */
		(void) kernels->add(out, 1, chunk, n, &present);
	}
}

/*
 * The place in the exact list view of its first hash not below hash (its
 * count of hashes if none is)
 */
static uint64_t
exact_rank(const bf_view *view, uint64_t hash)
{
	double		density = bf_exact_density(view->hdr.nitems);

	return bf_exact_rank(view->payload, view->hdr.nitems, hash,
						 (uint64_t) ((double) hash * density), density);
}

/*
 * Block block of the filter of source, mapped onto the group's blocks, in
 * the format's layout (eight little-endian words), into out
 */
void
bf_bank_mapped_block(const bf_bank_source *source, uint64_t block,
					 uint8_t *out)
{
	const bf_view *view = &source->view;
	uint64_t	first;
	uint64_t	last;

	BF_ASSERT(block < source->nblocks);
	block_range(block, source->nblocks, &first, &last);
	if (view->hdr.layout == BF_LAYOUT_EXACT)
	{
		uint64_t	start = exact_rank(view, first << 32);
		uint64_t	end = last == UINT32_MAX ? view->hdr.nitems :
			exact_rank(view, (last + 1) << 32);

		add_hashes(view, start, end, out);
		return;
	}
	if (view->hdr.nitems == source->nblocks)
	{
		memcpy(out, view->payload + block * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		return;
	}
	or_blocks(view, (first * view->hdr.nitems) >> 32,
			  (last * view->hdr.nitems) >> 32, out);
}

/* Greatest common divisor */
static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b != 0)
	{
		uint64_t	r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/*
 * The false-positive rate, by the sizing's model (bf_model_fpr), of the
 * filter with header hdr mapped onto nblocks blocks.  Its estimated n
 * values load each of the group's blocks as the filter's blocks that
 * overlap it do: z + Z - gcd(z, Z) overlaps of the filter's z blocks with
 * the group's Z (every block of either, and each boundary of the filter's
 * that does not fall on one of the group's, opens one more), r per block
 * of the group, each with n / z values.  An exact list's values are added
 * as they are.
 */
double
bf_bank_mapped_fpr(const bf_header *hdr, uint64_t nblocks)
{
	bf_view		view = {.hdr = *hdr,.payload = NULL};
	double		n = bf_cardinality(&view);
	uint64_t	z = hdr->nitems;
	double		overlaps;

	if (hdr->layout == BF_LAYOUT_EXACT || z == 0)
		return bf_model_fpr(n, nblocks);
	overlaps = (double) (z + nblocks - gcd(z, nblocks)) / (double) nblocks;
	return bf_model_fpr(n * overlaps * (double) nblocks / (double) z, nblocks);
}

/*
 * The geometry a filter with header hdr is kept at: a block filter its own
 * block count, or with fold, if that is no power of two, the greatest
 * power of two below it; an exact list the power-of-two count that an
 * auto-sized filter of its hashes gets at its rate (bf_auto_blocks).
 */
bf_status
bf_bank_geometry(const bf_header *hdr, bool fold, uint64_t *nblocks)
{
	uint64_t	z = hdr->nitems;

	if (hdr->layout == BF_LAYOUT_EXACT)
		return bf_auto_blocks(z, hdr->fpr, nblocks);
	BF_ASSERT(z >= 1);
	if (fold && (z & (z - 1)) != 0)
	{
		while ((z & (z - 1)) != 0)
			z &= z - 1;
	}
	*nblocks = z;
	return BF_OK;
}

/*
 * Transpose an 8 by 8 matrix of bits, row i in byte i (bit j of byte i at
 * bit 8 i + j of x): bit 8 i + j goes to 8 j + i (Hacker's Delight, 7-3)
 */
static inline uint64_t
transpose8(uint64_t x)
{
	uint64_t	t;

	t = (x ^ (x >> 7)) & UINT64_C(0x00AA00AA00AA00AA);
	x = x ^ t ^ (t << 7);
	t = (x ^ (x >> 14)) & UINT64_C(0x0000CCCC0000CCCC);
	x = x ^ t ^ (t << 14);
	t = (x ^ (x >> 28)) & UINT64_C(0x00000000F0F0F0F0);
	x = x ^ t ^ (t << 28);
	return x;
}

/*
 * Rewrite a block position-major: byte p of out holds bit p of each word
 * of block (word w at bit w).  Byte k of the eight words is an 8 by 8
 * matrix of bits whose transpose is bytes 8 k to 8 k + 7 of out.
 */
static void
to_position_major(const uint8_t *block, uint8_t *out)
{
	for (int k = 0; k < 4; k++)
	{
		uint64_t	rows = 0;

		for (int w = 0; w < BF_BLOCK_WORDS; w++)
			rows |= (uint64_t) block[4 * w + k] << (8 * w);
		bf_store64(out + 8 * k, transpose8(rows));
	}
}

/* Rewrite a position-major block in the format's layout: the inverse */
static void
from_position_major(const uint8_t *in, uint8_t *block)
{
	for (int k = 0; k < 4; k++)
	{
		uint64_t	rows = transpose8(bf_load64(in + 8 * k));

		for (int w = 0; w < BF_BLOCK_WORDS; w++)
			block[4 * w + k] = (uint8_t) (rows >> (8 * w));
	}
}

/* Copy n bytes (a constant, for the compiler) from the piece to each page */
#define SCATTER(n) \
	for (int j = 0; j < BF_BLOCK_BYTES / (n); j++) \
		memcpy(pages[j] + offset, rewritten + j * (n), (n))

/*
 * The 32 bytes of a rewritten block, cut into pieces of bytes (1 to 16),
 * to offset on each of the pages of its pieces
 */
static inline void
scatter(uint8_t *const *pages, uint64_t offset, const uint8_t *rewritten,
		uint32_t bytes)
{
	switch (bytes)
	{
		case 1:
			SCATTER(1);
			break;
		case 2:
			SCATTER(2);
			break;
		case 4:
			SCATTER(4);
			break;
		case 8:
			SCATTER(8);
			break;
		default:
			BF_ASSERT(bytes == 16);
			SCATTER(16);
			break;
	}
}

/*
 * Write pieces first_piece to first_piece + npieces - 1 of a group of
 * columns (the filters of columns, in order) into pages (one page per
 * piece): column c's piece at bytes c * piece_bits / 8 on.  The range
 * starts and ends on whole blocks (bf_bank_pieces_per_write), or at the
 * group's last piece; bytes of a piece past a filter's last block, and of
 * the page past the last column, are left as they are (the caller zeroes
 * its pages).
 */
void
bf_bank_write(const bf_bank_shape *shape, uint64_t first_piece,
			  uint64_t npieces, const bf_bank_source *columns,
			  uint32_t ncolumns, uint8_t *const *pages)
{
	uint64_t	bytes = piece_bytes(shape);
	uint64_t	start = first_piece * bytes;
	uint64_t	end = (first_piece + npieces) * bytes;

	BF_ASSERT(ncolumns >= 1 && ncolumns <= shape->capacity);
	BF_ASSERT(start % BF_BLOCK_BYTES == 0);
	for (uint32_t c = 0; c < ncolumns; c++)
	{
		uint64_t	stop = columns[c].nblocks * BF_BLOCK_BYTES;

		BF_ASSERT(columns[c].nblocks == columns[0].nblocks);
		if (stop > end)
			stop = end;
		for (uint64_t at = start; at < stop; at += BF_BLOCK_BYTES)
		{
			uint8_t		block[BF_BLOCK_BYTES];
			uint8_t		rewritten[BF_BLOCK_BYTES];

			bf_bank_mapped_block(&columns[c], at / BF_BLOCK_BYTES, block);
			to_position_major(block, rewritten);
			if (bytes >= BF_BLOCK_BYTES)
				memcpy(pages[at / bytes - first_piece] + c * bytes + at % bytes,
					   rewritten, BF_BLOCK_BYTES);
			else
				scatter(pages + (at / bytes - first_piece), c * bytes, rewritten,
						(uint32_t) bytes);
		}
	}
}

/*
 * Copy column column's part of piece piece (on page) into blocks, the
 * position-major form of its filter of nblocks blocks; once every piece
 * is copied, bf_bank_unpack gives the filter's blocks
 */
void
bf_bank_gather(const bf_bank_shape *shape, uint64_t piece, const uint8_t *page,
			   uint32_t column, uint64_t nblocks, uint8_t *blocks)
{
	uint64_t	bytes = piece_bytes(shape);
	uint64_t	at = piece * bytes;
	uint64_t	total = nblocks * BF_BLOCK_BYTES;

	BF_ASSERT(column < shape->capacity && at < total);
	memcpy(blocks + at, page + (uint64_t) column * bytes,
		   total - at < bytes ? total - at : bytes);
}

/* Rewrite nblocks position-major blocks (bf_bank_gather) in place */
void
bf_bank_unpack(uint8_t *blocks, uint64_t nblocks)
{
	for (uint64_t b = 0; b < nblocks; b++)
	{
		uint8_t		in[BF_BLOCK_BYTES];

		memcpy(in, blocks + b * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
		from_position_major(in, blocks + b * BF_BLOCK_BYTES);
	}
}

/*
 * The test of hash in a group of nblocks blocks: the value's block, and in
 * it the bit of each word that the hash picks (as the kernels do), in the
 * pieces that hold them; each step's window is its piece, or for pieces of
 * whole blocks the value's block in it
 */
void
bf_bank_plan(const bf_bank_shape *shape, uint64_t nblocks, uint64_t hash,
			 bf_bank_probe *probe)
{
	uint64_t	bytes = piece_bytes(shape);
	uint64_t	block = bf_block_index(hash, nblocks);
	uint32_t	low = (uint32_t) hash;

	probe->nsteps = 0;
	for (int w = 0; w < BF_BLOCK_WORDS; w++)
	{
		uint64_t	at = block * BF_BLOCK_BYTES + ((low * bf_salt[w]) >> 27);
		uint64_t	piece = at / bytes;
		uint64_t	offset = at % bytes;
		bf_bank_step *step = NULL;
		int			i;

		for (i = 0; i < probe->nsteps; i++)
			if (probe->steps[i].piece == piece)
				step = &probe->steps[i];
		if (step == NULL)
		{
			/* a new step, kept in order of pieces */
			for (i = probe->nsteps; i > 0 && probe->steps[i - 1].piece > piece; i--)
				probe->steps[i] = probe->steps[i - 1];
			step = &probe->steps[i];
			probe->nsteps++;
			memset(step, 0, sizeof(*step));
			step->piece = piece;
			step->offset = bytes > BF_BLOCK_BYTES ?
				(uint32_t) (offset - offset % BF_BLOCK_BYTES) : 0;
			step->length = bytes > BF_BLOCK_BYTES ?
				BF_BLOCK_BYTES : (uint32_t) bytes;
		}
		step->mask[offset - step->offset] |= (uint8_t) (1U << w);
	}
}

/* Up to 8 bytes at p, little-endian, as an integer (the rest zero) */
static inline uint64_t
load_partial(const uint8_t *p, uint32_t n)
{
	uint8_t		bytes[8] = {0};

	memcpy(bytes, p, n);
	return bf_load64(bytes);
}

/*
 * Clear, in candidates (a bit per column, 64 a word), the columns of page
 * whose window of step lacks a bit of its mask: those cannot hold the
 * value.  Columns already cleared are not read.
 */
void
bf_bank_match(const bf_bank_shape *shape, const uint8_t *page,
			  uint32_t ncolumns, const bf_bank_step *step,
			  uint64_t *candidates)
{
	uint64_t	bytes = piece_bytes(shape);
	uint32_t	chunk = step->length < 8 ? step->length : 8;
	uint32_t	nchunks = step->length / chunk;
	uint64_t	mask[BF_BLOCK_BYTES / 8];

	BF_ASSERT(ncolumns <= shape->capacity);
	for (uint32_t k = 0; k < nchunks; k++)
		mask[k] = load_partial(step->mask + k * chunk, chunk);
	for (uint32_t base = 0; base < ncolumns; base += 64)
	{
		uint64_t	word = candidates[base / 64];
		uint64_t	keep = 0;
		uint32_t	n = ncolumns - base < 64 ? ncolumns - base : 64;

		if (word == 0)
			continue;
		for (uint32_t i = 0; i < n; i++)
		{
			const uint8_t *window;
			bool		all = true;

			if (!(word & ((uint64_t) 1 << i)))
				continue;
			window = page + (base + i) * bytes + step->offset;
			for (uint32_t k = 0; k < nchunks && all; k++)
				all = (load_partial(window + k * chunk, chunk) & mask[k]) == mask[k];
			keep |= (uint64_t) all << i;
		}
		candidates[base / 64] = word & keep;
	}
}

/*-------------------------------------------------------------------------
 *
 * bf_bank.h
 *	  A bank of filters (bf_bank.c): many filters of one geometry kept side
 *	  by side in pages, so that a test of one value reads, of each filter,
 *	  only the bits it needs, and of all of them a few pages.
 *
 * The geometry of a group of filters is a block count Z.  Any filter maps
 * onto it without losing a value (bf_bank_source): a block filter of Z
 * blocks as it is; a block filter of any other count by OR-ing, into each
 * of the group's blocks, every block of the filter whose range of hashes
 * overlaps it (for a power-of-two count Z * 2^k, exactly the fold of
 * bf_fold); an exact list by adding its hashes.
 *
 * Each block of a mapped filter is written position-major: byte p of the
 * block holds bit p of each of its eight words (word w at bit w), so that
 * the bits a value tests (one per word, at the positions its hash picks)
 * lie in a few bytes.  The filter, so rewritten, is a string of bits cut
 * into pieces of the same length (the shape's piece_bits: 8 to 128 bits,
 * a part of a block, or a whole number of blocks); page k of a group holds
 * piece k of each of its filters (its columns), side by side.  A test reads
 * the pages of the pieces its bits fall in (bf_bank_plan): one for a shape
 * of whole blocks, two to eight for shapes of a part of a block, whose
 * pages hold more filters each.
 *
 * Nothing here knows PostgreSQL's pages: the caller says how many bytes of
 * a page a group may fill.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_bank.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_BANK_H
#define BF_BANK_H

#include "bf.h"

/* The steps of a test: a value tests one bit in each of eight words */
#define BF_BANK_MAX_STEPS		BF_BLOCK_WORDS

/*
 * How a group lays its filters out: the length of a piece, and how many
 * filters (columns) a page holds at that length
 */
typedef struct bf_bank_shape
{
	uint32_t	piece_bits;		/* 8, 16, 32, 64, 128, or 256 * m */
	uint32_t	capacity;		/* columns a page holds */
} bf_bank_shape;

/*
 * One step of a test: the page of piece piece, where each column's bytes
 * offset to offset + length - 1 of its piece must have every bit of mask
 */
typedef struct bf_bank_step
{
	uint64_t	piece;
	uint32_t	offset;
	uint32_t	length;			/* 1, 2, 4, 8, 16 or 32 */
	uint8_t		mask[BF_BLOCK_BYTES];
} bf_bank_step;

/* A test of one hash in a group: its steps, by ascending piece */
typedef struct bf_bank_probe
{
	int			nsteps;
	bf_bank_step steps[BF_BANK_MAX_STEPS];
} bf_bank_probe;

/*
 * A filter as a group of nblocks blocks holds it (bf_bank_source_init):
 * its blocks mapped onto the group's geometry
 */
typedef struct bf_bank_source
{
	bf_view		view;
	uint64_t	nblocks;		/* the group's geometry, Z */
} bf_bank_source;

extern bool bf_bank_shape_for(uint32_t columns, uint64_t nblocks,
							  size_t page_bytes, bf_bank_shape *shape);
extern bool bf_bank_shape_valid(const bf_bank_shape *shape, size_t page_bytes);
extern uint64_t bf_bank_pieces(const bf_bank_shape *shape, uint64_t nblocks);
extern uint64_t bf_bank_pieces_per_write(const bf_bank_shape *shape);
extern double bf_bank_probe_pages(const bf_bank_shape *shape);

extern void bf_bank_source_init(bf_bank_source *source, const bf_view *view,
								uint64_t nblocks);
extern bool bf_bank_maps_exactly(const bf_header *hdr, uint64_t nblocks);
extern void bf_bank_mapped_block(const bf_bank_source *source, uint64_t block,
								 uint8_t *out);
extern double bf_bank_mapped_fpr(const bf_header *hdr, uint64_t nblocks);
extern bf_status bf_bank_geometry(const bf_header *hdr, bool fold,
								  uint64_t *nblocks);

extern void bf_bank_write(const bf_bank_shape *shape, uint64_t first_piece,
						  uint64_t npieces, const bf_bank_source *columns,
						  uint32_t ncolumns, uint8_t *const *pages);
extern void bf_bank_gather(const bf_bank_shape *shape, uint64_t piece,
						   const uint8_t *page, uint32_t column,
						   uint64_t nblocks, uint8_t *blocks);
extern void bf_bank_unpack(uint8_t *blocks, uint64_t nblocks);

extern void bf_bank_plan(const bf_bank_shape *shape, uint64_t nblocks,
						 uint64_t hash, bf_bank_probe *probe);
extern void bf_bank_match(const bf_bank_shape *shape, const uint8_t *page,
						  uint32_t ncolumns, const bf_bank_step *step,
						  uint64_t *candidates);

#endif							/* BF_BANK_H */

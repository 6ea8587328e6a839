/*-------------------------------------------------------------------------
 *
 * bloom_bank_class.c
 *	  Which class of a bloombank index a filter goes to: the geometry its
 *	  group keeps it at, its kind of value and hash, and its part.
 *
 * A block filter is kept at its own block count, where the index answers
 * every test exactly as the filter does (BANK_CLASS_EXACT), unless its
 * count is no power of two, it has too few companions of that count to
 * fill a page, and folding them onto the power of two below costs less in
 * candidates than their own group would in pages: a fold loses no member
 * but admits more candidates, each a recheck of the row's filter
 * (BANK_RECHECK_PAGES pages), against one page a test for a group of its
 * own.  Sparse filters fold nearly for free; filters at their design load
 * do not.  An exact list is kept at the power-of-two count an auto-sized
 * filter of its hashes gets at its rate (bf_bank_geometry): the index is
 * smaller than the list, and its candidates about that rate.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_class.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

/*
 * The class of a filter with header hdr: at its own geometry, or with
 * fold at the power of two below its block count
 */
BankClass
bloom_bank_class_of(const bf_header *hdr, bool fold)
{
	BankClass	class;
	uint64		nblocks;
	bf_status	status = bf_bank_geometry(hdr, fold, &nblocks);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	memset(&class, 0, sizeof(class));
	class.nblocks = nblocks;
	class.kind = hdr->kind;
	class.hash_id = hdr->hash_id;
	class.flags = bf_bank_maps_exactly(hdr, nblocks) ? BANK_CLASS_EXACT : 0;
	if (hdr->flags & BF_FLAG_PART)
	{
		class.parts = hdr->parts;
		class.part = hdr->part;
	}
	return class;
}

/*
 * The header a filter of the class would have, for hashing a value as the
 * class's filters ask and placing it in its part (bloom_hashes_to_test)
 */
bf_header
bloom_bank_class_header(const BankClass *class)
{
	bf_header	hdr;

	memset(&hdr, 0, sizeof(hdr));
	hdr.version = BF_FORMAT_VERSION;
	hdr.layout = BF_LAYOUT_BLOCKS;
	hdr.hash_id = class->hash_id;
	hdr.kind = class->kind;
	hdr.nitems = class->nblocks;
	if (class->parts > 0)
	{
		hdr.flags = BF_FLAG_PART;
		hdr.parts = class->parts;
		hdr.part = class->part;
	}
	return hdr;
}

/* Whether two classes are one */
bool
bloom_bank_same_class(const BankClass *a, const BankClass *b)
{
	return a->nblocks == b->nblocks && a->kind == b->kind &&
		a->hash_id == b->hash_id && a->flags == b->flags &&
		a->parts == b->parts && a->part == b->part;
}

/* A filter's header and its place in the batch, to sort by exact class */
typedef struct Placed
{
	const bf_header *hdr;
	int			index;
} Placed;

/* Order of filters by what their own class would be (layout, count, ...) */
static int
compare_placed(const void *a, const void *b)
{
	const bf_header *x = ((const Placed *) a)->hdr;
	const bf_header *y = ((const Placed *) b)->hdr;

	if (x->layout != y->layout)
		return x->layout < y->layout ? -1 : 1;
	if (x->nitems != y->nitems)
		return x->nitems < y->nitems ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->hash_id != y->hash_id)
		return x->hash_id < y->hash_id ? -1 : 1;
	if (x->parts != y->parts)
		return x->parts < y->parts ? -1 : 1;
	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	return ((const Placed *) a)->index - ((const Placed *) b)->index;
}

/* Whether two filters would be of one class at their own geometry */
static bool
same_own_class(const bf_header *x, const bf_header *y)
{
	return x->layout == y->layout && x->nitems == y->nitems &&
		x->kind == y->kind && x->hash_id == y->hash_id &&
		x->parts == y->parts && x->part == y->part;
}

/*
 * Whether the filters of a run (placed[0..n), of one own class) fold:
 * too few of them to fill a page of their own, no group of their own
 * class among existing, and their expected extra candidates folded cost
 * less than that page
 */
static bool
folds(const Placed *placed, int n, const BankClass *existing, int nexisting)
{
	const bf_header *hdr = placed[0].hdr;
	BankClass	own = bloom_bank_class_of(hdr, false);
	BankClass	folded = bloom_bank_class_of(hdr, true);
	double		cost = 0.0;

	if (folded.nblocks == own.nblocks || n >= (int) (BANK_PAGE_BYTES / BF_BLOCK_BYTES))
		return false;
	for (int i = 0; i < nexisting; i++)
		if (bloom_bank_same_class(&existing[i], &own))
			return false;
	for (int i = 0; i < n; i++)
		cost += (bf_bank_mapped_fpr(placed[i].hdr, folded.nblocks) -
				 bf_bank_mapped_fpr(placed[i].hdr, own.nblocks)) * BANK_RECHECK_PAGES;
	return cost < 1.0;
}

/*
 * The classes (into classes) of a batch of n filters with headers
 * headers, given the classes of the index's groups (existing, nexisting):
 * each run of filters of one own class is kept at its count or folded
 * (see the file header)
 */
void
bloom_bank_choose_classes(const bf_header *headers, BankClass *classes, int n,
						  const BankClass *existing, int nexisting)
{
	Placed	   *placed = palloc(Max(n, 1) * sizeof(Placed));
	int			start = 0;

	for (int i = 0; i < n; i++)
	{
		placed[i].hdr = &headers[i];
		placed[i].index = i;
	}
	qsort(placed, n, sizeof(Placed), compare_placed);
	while (start < n)
	{
		int			end = start + 1;
		bool		fold;

		while (end < n && same_own_class(placed[start].hdr, placed[end].hdr))
			end++;
		fold = placed[start].hdr->layout == BF_LAYOUT_BLOCKS &&
			folds(&placed[start], end - start, existing, nexisting);
		for (int i = start; i < end; i++)
			classes[placed[i].index] = bloom_bank_class_of(placed[i].hdr, fold);
		start = end;
	}
	pfree(placed);
}

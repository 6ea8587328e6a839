/*-------------------------------------------------------------------------
 *
 * bf_hashset.c
 *	  A set of 64-bit value hashes in caller memory, and a radix sort: the
 *	  parts from which an aggregate keeps a small set exactly.
 *
 * The set is open addressing with linear probing over a power-of-two table
 * kept at most half full.  The hashes are uniform already, so their low bits
 * index the table directly.  Zero marks an empty slot; the hash 0 itself is
 * recorded by a flag.  The caller owns the table and grows it (allocating a
 * larger one and calling bf_hashset_rehash) when bf_hashset_room says so.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_hashset.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/* Below this many hashes, sorting is by insertion */
#define BF_SMALL_SORT		48

/* Slots for a set of count hashes: a power of two at least twice count */
uint64_t
bf_hashset_slots_for(uint64_t count)
{
	uint64_t	nslots = BF_HASHSET_MIN_SLOTS;

	while (nslots / 2 < count)
		nslots *= 2;
	return nslots;
}

/* Make an empty set over nslots zeroed-here slots (a power of two) */
void
bf_hashset_init(bf_hashset *set, uint64_t *slots, uint64_t nslots)
{
	BF_ASSERT(nslots >= BF_HASHSET_MIN_SLOTS && (nslots & (nslots - 1)) == 0);
	memset(slots, 0, nslots * sizeof(uint64_t));
	set->slots = slots;
	set->nslots = nslots;
	set->count = 0;
	set->has_zero = false;
}

/* How many more hashes the set takes before it must grow */
uint64_t
bf_hashset_room(const bf_hashset *set)
{
	return set->nslots / 2 - set->count;
}

/* Slot where hash is or would go */
static inline uint64_t *
find_slot(const bf_hashset *set, uint64_t hash)
{
	uint64_t	mask = set->nslots - 1;
	uint64_t	i = hash & mask;

	while (set->slots[i] != 0 && set->slots[i] != hash)
		i = (i + 1) & mask;
	return &set->slots[i];
}

/* Add one hash; the caller has made sure there is room */
static inline void
add_one(bf_hashset *set, uint64_t hash)
{
	uint64_t   *slot;

	if (hash == 0)
	{
		set->count += !set->has_zero;
		set->has_zero = true;
		return;
	}
	slot = find_slot(set, hash);
	if (*slot == 0)
	{
		*slot = hash;
		set->count++;
	}
}

/* Whether the set holds hash */
bool
bf_hashset_contains(const bf_hashset *set, uint64_t hash)
{
	if (hash == 0)
		return set->has_zero;
	return *find_slot(set, hash) == hash;
}

/*
 * Add n hashes, prefetching the slots of later ones.  The caller must have
 * checked that bf_hashset_room(set) >= n.
 */
void
bf_hashset_add(bf_hashset *set, const uint64_t *hashes, size_t n)
{
	uint64_t	mask = set->nslots - 1;
	size_t		i;

	for (i = 0; i < n; i++)
	{
		if (i + BF_PREFETCH_AHEAD < n)
			BF_PREFETCH(&set->slots[hashes[i + BF_PREFETCH_AHEAD] & mask], 1);
		add_one(set, hashes[i]);
	}
	/* at most half full, so that every probe reaches an empty slot */
	BF_ASSERT(set->count <= set->nslots / 2);
}

/* Copy every hash of src into dst, an empty set with room for them */
void
bf_hashset_rehash(bf_hashset *dst, const bf_hashset *src)
{
	uint64_t	i;

	for (i = 0; i < src->nslots; i++)
		if (src->slots[i] != 0)
			add_one(dst, src->slots[i]);
	if (src->has_zero)
		add_one(dst, 0);
	BF_ASSERT(dst->count == src->count && dst->count <= dst->nslots / 2);
}

/* Write the set's hashes to out (room for set->count), unordered */
void
bf_hashset_extract(const bf_hashset *set, uint64_t *out)
{
	uint64_t	i;

	if (set->has_zero)
		*out++ = 0;
	for (i = 0; i < set->nslots; i++)
		if (set->slots[i] != 0)
			*out++ = set->slots[i];
}

/*
 * Sort n hashes ascending: least-significant-digit radix sort, a byte per
 * pass, through caller scratch space of n hashes; passes whose byte is the
 * same in every hash are skipped.  Small inputs use insertion sort.
 */
void
bf_sort_hashes(uint64_t *hashes, size_t n, uint64_t *scratch)
{
	uint64_t   *from = hashes;
	uint64_t   *to = scratch;
	size_t		i;
	int			shift;

	if (n < BF_SMALL_SORT)
	{
		for (i = 1; i < n; i++)
		{
			uint64_t	v = hashes[i];
			size_t		j = i;

			for (; j > 0 && hashes[j - 1] > v; j--)
				hashes[j] = hashes[j - 1];
			hashes[j] = v;
		}
		return;
	}

	for (shift = 0; shift < 64; shift += 8)
	{
		size_t		count[256] = {0};
		size_t		offset = 0;
		uint64_t   *swap;
		int			d;

		for (i = 0; i < n; i++)
			count[(from[i] >> shift) & 0xff]++;
		if (count[(from[0] >> shift) & 0xff] == n)
			continue;
		for (d = 0; d < 256; d++)
		{
			size_t		c = count[d];

			count[d] = offset;
			offset += c;
		}
		for (i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xff]++] = from[i];
		swap = from;
		from = to;
		to = swap;
	}
	if (from != hashes)
		memcpy(hashes, from, n * sizeof(uint64_t));
#if BF_ASSERTS_ENABLED
	for (i = 1; i < n; i++)
		BF_ASSERT(hashes[i - 1] <= hashes[i]);
#endif
}

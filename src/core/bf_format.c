/*-------------------------------------------------------------------------
 *
 * bf_format.c
 *	  The serialized form of a filter: header encoding and decoding (the
 *	  kinds of value and the hash each implies, a part's fields), and the
 *	  abbreviated keys of its byte order.  The validator that every byte
 *	  string from outside must pass is bf_validate.c.
 *
 * Format version 1, all integers little-endian (doc/format.md):
 *
 *	 offset size field
 *	  0		2	magic, the bytes 'B' 'F'
 *	  2		1	format version, 1
 *	  3		1	layout: 1 = blocks, 2 = exact hashes
 *	  4		2	flags: bit 0 = auto-sized, bit 1 = a part of a whole;
 *				other bits zero
 *	  6		1	hash id: 1 = XXH3_64bits, 2 = XXH64 of the Parquet plain
 *				encoding (bf_hash.h)
 *	  7		1	reserved, zero
 *	  8		4	kind of value held: 0 = none yet, 1 to BF_KIND_LAST a
 *				numbered kind, BF_KIND_HASHED_BIT and 31 bits of hash,
 *				BF_KIND_VALUE_BIT and 30 bits of hash (a type holding
 *				enums, hashed by value), or with hash id 2 and no
 *				other, one of Parquet's kinds
 *	 12		4	a part: the number of parts of its whole; else zero
 *	 16		8	hash seed, 0
 *	 24		8	capacity the filter was sized for (0 for exact)
 *	 32		8	target false-positive rate, IEEE 754 binary64
 *	 40		8	item count: blocks, or hashes
 *	 48		8	number of set bits in the payload (0 for exact)
 *	 56		4	a part: its number, from 0; else zero
 *	 60			payload: 32-byte blocks of eight 32-bit words, or
 *				ascending 64-bit hashes
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_format.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/* Number of bits of x, 0 for 0 */
static int
bit_length(uint64_t x)
{
	int			n = 0;

	while (x != 0)
	{
		n++;
		x >>= 1;
	}
	return n;
}

/*
 * Serialized size of a filter of nblocks blocks.  The caller keeps nblocks
 * within BF_MAX_BLOCKS, so the result fits in BF_MAX_SIZE.
 */
size_t
bf_size_blocks(uint64_t nblocks)
{
	BF_ASSERT(nblocks <= BF_MAX_BLOCKS);
	return BF_HEADER_SIZE + (size_t) nblocks * BF_BLOCK_BYTES;
}

/* Serialized size of an exact filter of nhashes hashes (<= BF_MAX_HASHES) */
size_t
bf_size_exact(uint64_t nhashes)
{
	BF_ASSERT(nhashes <= BF_MAX_HASHES);
	return BF_HEADER_SIZE + (size_t) nhashes * BF_HASH_BYTES;
}

/*
 * Serialized size of a list of nhashes hashes in any order: an exact
 * filter's, 8 bytes a hash
 */
size_t
bf_size_list(uint64_t nhashes)
{
	return bf_size_exact(nhashes);
}

/*
 * The Elias-Fano code's parameters for a packed list (bf_packed.c) of n
 * keys of a list of nblocks blocks (0: of an auto-sized set's hashes):
 * the low parts' bits, and the high parts' bit string's length
 */
void
bf_packed_shape(uint64_t n, uint64_t nblocks, int *low_bits,
				uint64_t *high_bits)
{
	int			l;

	if (n == 0)
	{
		*low_bits = 0;
		*high_bits = 0;
		return;
	}
	if (nblocks == 0)
		/* u = 2^64: n * 2^l <= 2^64 */
		l = 64 - bit_length(n) + ((n & (n - 1)) == 0);
	else
		/* u = nblocks * 2^32, below 2^57 */
		l = bit_length((nblocks << 32) / n) - 1;
	if (l > 63)
		l = 63;
	*low_bits = l;
	*high_bits = n + (nblocks == 0 ? (UINT64_MAX >> l) + 1 :
					  (((nblocks << 32) - 1) >> l) + 1);
}

/*
 * Serialized size of a packed list of n keys of a list of nblocks blocks
 * (0: of an auto-sized set's hashes): the low parts and the high parts,
 * each in whole 64-bit words
 */
size_t
bf_size_packed(uint64_t n, uint64_t nblocks)
{
	int			l;
	uint64_t	high;

	BF_ASSERT(n <= BF_MAX_HASHES && nblocks <= BF_MAX_BLOCKS);
	bf_packed_shape(n, nblocks, &l, &high);
	return BF_HEADER_SIZE +
		8 * (size_t) ((n * (uint64_t) l + 63) / 64 + (high + 63) / 64);
}

/* Whether kind is one of Parquet mode's kinds of value */
bool
bf_kind_is_parquet(uint32_t kind)
{
	if (kind >= BF_KIND_PQ_INT32 && kind <= BF_KIND_PQ_TIMESTAMPTZ)
		return true;
	if ((kind & ~UINT32_C(0xFF)) == BF_KIND_PQ_DECIMAL32)
		return (kind & 0xFF) <= BF_PQ_DECIMAL32_DIGITS;
	if ((kind & ~UINT32_C(0xFF)) == BF_KIND_PQ_DECIMAL64)
		return (kind & 0xFF) <= BF_PQ_DECIMAL64_DIGITS;
	return false;
}

/*
 * The hash id that goes with a kind of value: Parquet's for its kinds,
 * XXH3 for all others (and for none, which either may have)
 */
uint8_t
bf_hash_of_kind(uint32_t kind)
{
	return bf_kind_is_parquet(kind) ? BF_HASH_PARQUET : BF_HASH_XXH3_64;
}

/*
 * Fill a header for a new, empty filter of the given layout and parameters,
 * with the current version, seed 0 and the hash that goes with the kind
 * (bf_hash_of_kind): a Parquet-mode filter that holds no kind yet has its
 * hash id set by the caller.
 */
void
bf_header_init(bf_header *hdr, uint8_t layout, uint64_t nitems,
			   uint64_t capacity, double fpr, uint16_t flags, uint32_t kind)
{
	memset(hdr, 0, sizeof(*hdr));
	hdr->version = BF_FORMAT_VERSION;
	hdr->layout = layout;
	hdr->flags = flags;
	hdr->hash_id = bf_hash_of_kind(kind);
	hdr->kind = kind;
	hdr->seed = 0;
	hdr->capacity = capacity;
	hdr->fpr = fpr;
	hdr->nitems = nitems;
	hdr->bits_set = 0;
}

/*
 * Give a header that holds no kind of value yet (kind 0) the kind kind:
 * the one rule by which a filter, or an aggregate's accumulator, takes the
 * kind of the values or filters that join it.  A header that holds a kind
 * keeps it; whether the two may meet at all is bf_pair_order's to say.
 */
void
bf_adopt_kind(bf_header *hdr, uint32_t kind)
{
	if (hdr->kind == 0)
		hdr->kind = kind;
}

/* Encode a header into the first BF_HEADER_SIZE bytes of buf */
void
bf_write_header(void *buf, const bf_header *hdr)
{
	uint8_t    *p = buf;

	memset(p, 0, BF_HEADER_SIZE);
	p[BF_OFF_MAGIC] = 'B';
	p[BF_OFF_MAGIC + 1] = 'F';
	p[BF_OFF_VERSION] = hdr->version;
	p[BF_OFF_LAYOUT] = hdr->layout;
	bf_store16(p + BF_OFF_FLAGS, hdr->flags);
	p[BF_OFF_HASH_ID] = hdr->hash_id;
	bf_store32(p + BF_OFF_KIND, hdr->kind);
	bf_store64(p + BF_OFF_SEED, hdr->seed);
	bf_store64(p + BF_OFF_CAPACITY, hdr->capacity);
	bf_store_double(p + BF_OFF_FPR, hdr->fpr);
	bf_store64(p + BF_OFF_NITEMS, hdr->nitems);
	bf_store64(p + BF_OFF_BITS_SET, hdr->bits_set);
	bf_store32(p + BF_OFF_PARTS, hdr->parts);
	bf_store32(p + BF_OFF_PART, hdr->part);
}

/*
 * Whether a header's kind is one this version knows: none, a numbered kind
 * (bf.h lists them), any hashed kind, any kind of values holding enums, or
 * one of Parquet mode's (BF_KIND_PQ_*).
 */
static inline bool
kind_known(uint32_t kind)
{
	return kind <= BF_KIND_LAST ||
		(kind & (BF_KIND_HASHED_BIT | BF_KIND_VALUE_BIT)) != 0 ||
		bf_kind_is_parquet(kind);
}

/*
 * Check a decoded header's part fields, for bf_peek_header: zero but in a
 * part (else BF_E_RESERVED, as they were before parts); in a part, a block
 * filter (sized by capacity, or auto-sized with a whole of a power of two
 * blocks) of the default hash, of a part number below a part count of 1 to
 * BF_MAX_PARTS, whose whole has at most BF_MAX_WHOLE_BLOCKS blocks (else
 * BF_E_BAD_PART).  A filter in Parquet mode is not cut into parts: it
 * may hold a value by either of two hashes (both zeros of a float), which
 * two parts would each hold only one of.  The block count itself is
 * checked by the caller.
 */
static bf_status
check_part_fields(const bf_header *hdr)
{
	uint64_t	whole;

	if (!(hdr->flags & BF_FLAG_PART))
		return hdr->parts == 0 && hdr->part == 0 ? BF_OK : BF_E_RESERVED;
	if (hdr->layout != BF_LAYOUT_BLOCKS || hdr->hash_id != BF_HASH_XXH3_64 ||
		hdr->parts < 1 ||
		hdr->parts > BF_MAX_PARTS || hdr->part >= hdr->parts)
		return BF_E_BAD_PART;
	whole = hdr->nitems * hdr->parts;
	if (whole > BF_MAX_WHOLE_BLOCKS ||
		((hdr->flags & BF_FLAG_AUTO) && (whole & (whole - 1)) != 0))
		return BF_E_BAD_PART;
	return BF_OK;
}

/*
 * Decode and check the header of a serialized filter of len bytes.
 *
 * Checks every header field and that len is exactly what the item count
 * implies, so any later operation on the payload stays in bounds.  Reads
 * nothing beyond len.  Does not read the payload: bf_validate does.
 */
bf_status
bf_read_header(const void *buf, size_t len, bf_header *hdr)
{
	return bf_peek_header(buf, len, len, hdr);
}

/*
 * Decode and check the header of a serialized filter of total_len bytes
 * from its first avail bytes (at least the header), as bf_read_header
 * does: for reading a header without fetching the whole filter.
 */
bf_status
bf_peek_header(const void *buf, size_t avail, size_t total_len, bf_header *hdr)
{
	const uint8_t *p = buf;
	size_t		expected;
	bf_status	status;

	if (avail < BF_HEADER_SIZE || total_len < BF_HEADER_SIZE)
		return BF_E_TRUNCATED;
	if (p[BF_OFF_MAGIC] != 'B' || p[BF_OFF_MAGIC + 1] != 'F')
		return BF_E_MAGIC;

	hdr->version = p[BF_OFF_VERSION];
	hdr->layout = p[BF_OFF_LAYOUT];
	hdr->flags = bf_load16(p + BF_OFF_FLAGS);
	hdr->hash_id = p[BF_OFF_HASH_ID];
	hdr->kind = bf_load32(p + BF_OFF_KIND);
	hdr->seed = bf_load64(p + BF_OFF_SEED);
	hdr->capacity = bf_load64(p + BF_OFF_CAPACITY);
	hdr->fpr = bf_load_double(p + BF_OFF_FPR);
	hdr->nitems = bf_load64(p + BF_OFF_NITEMS);
	hdr->bits_set = bf_load64(p + BF_OFF_BITS_SET);
	hdr->parts = bf_load32(p + BF_OFF_PARTS);
	hdr->part = bf_load32(p + BF_OFF_PART);

	if (hdr->version != BF_FORMAT_VERSION)
		return BF_E_VERSION;
	if (hdr->layout != BF_LAYOUT_BLOCKS && hdr->layout != BF_LAYOUT_EXACT &&
		hdr->layout != BF_LAYOUT_LIST && hdr->layout != BF_LAYOUT_PACKED)
		return BF_E_BAD_LAYOUT;
	if ((hdr->flags & ~BF_FLAGS_KNOWN) != 0)
		return BF_E_BAD_FLAGS;
	if ((hdr->hash_id != BF_HASH_XXH3_64 && hdr->hash_id != BF_HASH_PARQUET) ||
		hdr->seed != 0)
		return BF_E_BAD_HASH;
	/* Parquet's kinds with its hash, other kinds with the other */
	if (hdr->kind != 0 && bf_hash_of_kind(hdr->kind) != hdr->hash_id)
		return BF_E_BAD_HASH;
	if (!kind_known(hdr->kind))
		return BF_E_BAD_KIND;
	if (p[BF_OFF_RESERVED0] != 0)
		return BF_E_RESERVED;
	if (!(hdr->fpr >= BF_MIN_FPR && hdr->fpr < 1.0))
		return BF_E_BAD_PARAMS;

	if (hdr->layout == BF_LAYOUT_BLOCKS)
	{
		if (hdr->capacity < 1)
			return BF_E_BAD_PARAMS;
		if (hdr->nitems < 1 || hdr->nitems > BF_MAX_BLOCKS)
			return BF_E_BAD_COUNT;
		/* auto-sized filters have a power-of-two block count */
		if ((hdr->flags & BF_FLAG_AUTO) &&
			(hdr->nitems & (hdr->nitems - 1)) != 0)
			return BF_E_BAD_FLAGS;
		if (hdr->bits_set > hdr->nitems * BF_BLOCK_BITS)
			return BF_E_BITS_SET;
		expected = bf_size_blocks(hdr->nitems);
	}
	else if (hdr->layout != BF_LAYOUT_EXACT && hdr->bits_set != 0)
	{
		/* the hashes of a filter of a size the caller gave, not a part */
		if (hdr->flags != 0)
			return BF_E_BAD_FLAGS;
		if (hdr->capacity < 1)
			return BF_E_BAD_PARAMS;
		if (hdr->bits_set > BF_MAX_BLOCKS)
			return BF_E_BAD_COUNT;
		if (hdr->nitems > BF_MAX_HASHES)
			return BF_E_BAD_COUNT;
		expected = hdr->layout == BF_LAYOUT_LIST ? bf_size_list(hdr->nitems) :
			bf_size_packed(hdr->nitems, hdr->bits_set);
	}
	else
	{
		/* exact filters and lists are phases of auto-sized ones */
		if (!(hdr->flags & BF_FLAG_AUTO))
			return BF_E_BAD_FLAGS;
		if (hdr->capacity != 0)
			return BF_E_BAD_PARAMS;
		if (hdr->nitems > BF_MAX_HASHES)
			return BF_E_BAD_COUNT;
		if (hdr->bits_set != 0)
			return BF_E_BITS_SET;
		expected = hdr->layout == BF_LAYOUT_EXACT ? bf_size_exact(hdr->nitems) :
			hdr->layout == BF_LAYOUT_LIST ? bf_size_list(hdr->nitems) :
			bf_size_packed(hdr->nitems, 0);
	}
	status = check_part_fields(hdr);
	if (status != BF_OK)
		return status;
	if (total_len != expected)
		return BF_E_LENGTH;
	return BF_OK;
}

/*
 * Open a serialized filter for reading: decode its header and point at its
 * payload.  O(1); the payload's content is not checked, which is safe for
 * every operation of the core (they stay in bounds whatever the bits are)
 * and right for values that were validated when they entered the database.
 * A list (BF_LAYOUT_LIST, BF_LAYOUT_PACKED) is BF_E_LAYOUT: no operation
 * on filters takes one (bf_open_list opens it for those that do).
 */
bf_status
bf_open(const void *buf, size_t len, bf_view *view)
{
	bf_status	status = bf_open_list(buf, len, view);

	if (status == BF_OK && bf_layout_is_list(view->hdr.layout))
		return BF_E_LAYOUT;
	return status;
}

/*
 * Open a serialized filter of any layout, lists among them, for the code
 * that knows what a list is: the validator, the accumulator, and reading
 * a list as the filter it stands for (bf_list_sort, bf_read_packed)
 */
bf_status
bf_open_list(const void *buf, size_t len, bf_view *view)
{
	bf_status	status = bf_read_header(buf, len, &view->hdr);

	if (status != BF_OK)
		return status;
	view->payload = (const uint8_t *) buf + BF_HEADER_SIZE;
	return BF_OK;
}

/*
 * Abbreviated keys for the order of serialized filters (bf_order_key)
 *
 * The btree order of filters is that of their serialized bytes, compared
 * as unsigned bytes, a prefix first.  A sort can compare 64-bit keys
 * instead, computed once per filter from its first bytes, as long as a key
 * never contradicts that order: a key below another's belongs to a filter
 * that sorts before, and equal keys decide nothing (the sort then compares
 * the filters).  The leading bytes alone make poor keys: the magic, the
 * version, the layout, the kind, the capacity, the rate and the item count
 * are usually the same for every filter of a column, and so is the high
 * end of the count of set bits; what tells them apart is the low bytes of
 * that count and where the first set bits of the payload are.
 *
 * So each key is taken against a reference filter (the sort's first): it
 * encodes where the filter first differs from the reference, on which
 * side, and its own bytes from there on, zero runs shortened.  Keys built
 * against the same reference compare as their filters do:
 *
 *	 2 bits	 0 if the filter sorts before the reference (its byte at the
 *			 first difference is lower, or it ends there), 1 if its bytes
 *			 read are the reference's, 2 if it sorts after
 *	11 bits	 the offset d of the first difference; for 2, BF_ORDER_PREFIX
 *			 less d (of two filters before the reference, the one that
 *			 departs from it later is nearer to it, so greater; after it,
 *			 smaller).  Nothing follows 1.
 *	 rest	 the filter's bytes from d on, as tokens: a nonzero byte is
 *			 the bit 1 and the byte; a run of k zero bytes and the nonzero
 *			 byte after it are the bit 0, the run's length (4 bits:
 *			 15 less the bit length of k, then the bits of k below its
 *			 highest, inverted: longer runs give smaller codes) and the
 *			 byte.  Zeros up to the end of the bytes read, and whatever
 *			 does not fit, are left out (zero bits).
 *
 * Two filters of the same first field and offset agree up to d, so their
 * tokens compare as their bytes do: where they first differ, a nonzero
 * byte (1) beats a zero (0, the start of a run), the shorter run of zeros
 * beats the longer, the higher byte the lower; a filter that ends, or
 * whose bytes read end, has zero bits from there, which beat nothing.
 * Cutting the code at 64 bits keeps it so.  Only the first BF_ORDER_PREFIX
 * bytes of either string are read (a run is then at most 2,046 bytes,
 * 11 bits).
 */
typedef struct bf_keybits
{
	uint64_t	bits;
	int			room;			/* bits left, from the high end */
} bf_keybits;

/* Append the n low bits of value (n <= 32), as many as fit */
static void
key_put(bf_keybits *key, uint64_t value, int n)
{
	if (n > key->room)
	{
		value >>= n - key->room;
		n = key->room;
	}
	if (n == 0)
		return;
	key->room -= n;
	key->bits |= value << key->room;
}

/*
 * The abbreviated key of the serialized filter (or any byte string) value,
 * len bytes of it read, against the reference ref, ref_len bytes of it
 * read: keys against one reference order as the strings do, or are equal.
 * Reads at most BF_ORDER_PREFIX bytes of either.
 */
uint64_t
bf_order_key(const void *value, size_t len, const void *ref, size_t ref_len)
{
	const uint8_t *v = value;
	const uint8_t *r = ref;
	bf_keybits	key = {0, 64};
	size_t		d = 0;
	size_t		pos;

	if (len > BF_ORDER_PREFIX)
		len = BF_ORDER_PREFIX;
	if (ref_len > BF_ORDER_PREFIX)
		ref_len = BF_ORDER_PREFIX;

	while (d < len && d < ref_len && v[d] == r[d])
		d++;
	if (d == len && d == ref_len)
	{
		key_put(&key, 1, 2);
		return key.bits;
	}
	if (d == len || (d < ref_len && v[d] < r[d]))
	{
		key_put(&key, 0, 2);
		key_put(&key, d, 11);
	}
	else
	{
		key_put(&key, 2, 2);
		key_put(&key, BF_ORDER_PREFIX - d, 11);
	}

	for (pos = d; key.room > 0 && pos < len;)
	{
		size_t		run = 0;

		while (pos + run < len && v[pos + run] == 0)
			run++;
		if (pos + run == len)
			break;
		if (run == 0)
			key_put(&key, 1, 1);
		else
		{
			int			m = bit_length(run);

			key_put(&key, 0, 1);
			key_put(&key, 15 - m, 4);
			key_put(&key, ~run & ((UINT64_C(1) << (m - 1)) - 1), m - 1);
		}
		key_put(&key, v[pos + run], 8);
		pos += run + 1;
	}
	return key.bits;
}

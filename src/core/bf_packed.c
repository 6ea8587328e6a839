/*-------------------------------------------------------------------------
 *
 * bf_packed.c
 *	  Packed lists (layout BF_LAYOUT_PACKED): a list's distinct keys,
 *	  sorted and written in Elias-Fano code, as a partial aggregate
 *	  state's text and binary forms carry them.
 *
 * The keys of an auto-sized set's list are its hashes; those of a sized
 * filter's list are the hashes' positions in its nblocks blocks: the
 * block a hash picks, shifted up by 32 bits, and the hash's low 32 bits,
 * which pick its bits in the block (bf_position).  That is all the filter
 * takes of a hash, and 17 to 25 bits fewer than the hash.
 *
 * n keys below a universe u are written as n low parts of l bits each,
 * l the largest with n * 2^l <= u, then the high parts in unary: key i
 * sets bit (key >> l) + i of a bit string of n + ceil(u / 2^l) bits, so
 * that a key costs l + 2 bits at most, about log2(u / n) + 2: 5.7 bytes a
 * hash of a parallel worker's 1,700,000, 6.1 of a Citus shard's 156,000,
 * against an exact list's 8.  The code of a set of keys is unique: the
 * same keys, the same bytes.  Both parts are little-endian 64-bit words,
 * bits from the lowest up; the bits past the last part are zero.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_packed.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/* 64-bit words of n bits */
static uint64_t
words_of(uint64_t bits)
{
	return (bits + 63) / 64;
}

/*
 * The position of a hash in a filter of nblocks blocks: the block it
 * picks, 32 bits up, and its low 32 bits, which pick its bits there
 */
uint64_t
bf_position(uint64_t hash, uint64_t nblocks)
{
	return bf_block_index(hash, nblocks) << 32 | (hash & UINT32_MAX);
}

/*
 * A hash of position pos in a filter of nblocks blocks: one that picks
 * its block and its bits there (the least whose high half picks the
 * block), so that adding it sets the bits any hash of that position sets
 */
uint64_t
bf_hash_at(uint64_t pos, uint64_t nblocks)
{
	uint64_t	block = pos >> 32;
	uint64_t	high = (block << 32) / nblocks;

	/* the least high half whose block is this one */
	while (high > 0 && bf_block_index((high - 1) << 32, nblocks) >= block)
		high--;
	while (bf_block_index(high << 32, nblocks) < block)
		high++;
	BF_ASSERT(bf_block_index(high << 32, nblocks) == block);
	return high << 32 | (pos & UINT32_MAX);
}

/* Writes bits to little-endian words in order (bf_write_packed) */
typedef struct bit_writer
{
	uint8_t    *out;
	uint64_t	word;
	int			fill;
} bit_writer;

/* Append the low nbits bits of v (nbits <= 63) */
static void
put_bits(bit_writer *w, uint64_t v, int nbits)
{
	if (nbits == 0)
		return;
	w->word |= v << w->fill;
	if (w->fill + nbits >= 64)
	{
		bf_store64(w->out, w->word);
		w->out += 8;
		w->word = w->fill == 0 ? 0 : v >> (64 - w->fill);
		w->fill = w->fill + nbits - 64;
	}
	else
		w->fill += nbits;
}

/* Write out a partly filled last word */
static void
end_bits(bit_writer *w)
{
	if (w->fill > 0)
	{
		bf_store64(w->out, w->word);
		w->out += 8;
	}
	w->word = 0;
	w->fill = 0;
}

/*
 * Write a packed list into buf, of bf_size_packed's length: hdr's
 * descriptor (layout, flags, kind, capacity, rate, and in bits_set the
 * block count of a sized filter's list, 0 for an auto-sized set's), and n
 * keys, strictly ascending (BF_E_UNSORTED) and below the list's universe
 * (positions, bf_position, of a sized filter's list).
 */
bf_status
bf_write_packed(void *buf, size_t len, const bf_header *hdr,
				const uint64_t *keys, size_t n)
{
	bf_header	packed = *hdr;
	bf_header	check;
	bit_writer	w = {(uint8_t *) buf + BF_HEADER_SIZE, 0, 0};
	int			l;
	uint64_t	high;
	uint64_t	at = 0;
	size_t		i;

	if (hdr->layout != BF_LAYOUT_PACKED)
		return BF_E_LAYOUT;
	if (n > BF_MAX_HASHES || hdr->bits_set > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	if (len != bf_size_packed(n, hdr->bits_set))
		return BF_E_BUFFER;
	for (i = 0; i < n; i++)
		if ((i > 0 && keys[i - 1] >= keys[i]) ||
			(hdr->bits_set != 0 && keys[i] >> 32 >= hdr->bits_set))
			return BF_E_UNSORTED;
	packed.nitems = n;
	bf_write_header(buf, &packed);
	bf_packed_shape(n, hdr->bits_set, &l, &high);
	for (i = 0; i < n; i++)
		put_bits(&w, keys[i] & ((UINT64_C(1) << l) - 1), l);
	end_bits(&w);
	/* the high parts: key i's bit is (key >> l) + i, runs of zeros before */
	for (i = 0; i < n; i++)
	{
		uint64_t	bit = (keys[i] >> l) + i;

		for (; bit - at >= 63; at += 63)
			put_bits(&w, 0, 63);
		put_bits(&w, UINT64_C(1) << (bit - at), (int) (bit - at) + 1);
		at = bit + 1;
	}
	for (; high - at >= 63; at += 63)
		put_bits(&w, 0, 63);
	put_bits(&w, 0, (int) (high - at));
	end_bits(&w);
	BF_ASSERT(w.out == (uint8_t *) buf + len);
	return bf_read_header(buf, len, &check);
}

/*
 * Read a packed list's keys into keys (room for its count; NULL only to
 * check them), checking the code as it goes: the high parts' bit string
 * holds exactly the count's set bits, nothing past them; the keys ascend
 * strictly and stay below the universe; the low parts' last word has
 * nothing past them.  BF_E_UNSORTED or BF_E_LENGTH if not.  Reads nothing
 * outside the view's payload, whose length bf_read_header checked.
 */
bf_status
bf_read_packed(const bf_view *view, uint64_t *keys)
{
	uint64_t	n = view->hdr.nitems;
	uint64_t	nblocks = view->hdr.bits_set;
	int			l;
	uint64_t	high;
	const uint8_t *lows = view->payload;
	const uint8_t *highs;
	uint64_t	low_words;
	uint64_t	prev = 0;
	uint64_t	i = 0;
	uint64_t	w;

	BF_ASSERT(view->hdr.layout == BF_LAYOUT_PACKED);
	bf_packed_shape(n, nblocks, &l, &high);
	low_words = words_of(n * (uint64_t) l);
	highs = lows + 8 * low_words;
	if (l > 0 && (n * (uint64_t) l) % 64 != 0 &&
		bf_load64(lows + 8 * (low_words - 1)) >> ((n * (uint64_t) l) % 64) != 0)
		return BF_E_LENGTH;
	for (w = 0; w < words_of(high); w++)
	{
		uint64_t	word = bf_load64(highs + 8 * w);

		if (w == words_of(high) - 1 && high % 64 != 0 && word >> (high % 64) != 0)
			return BF_E_LENGTH;
		while (word != 0)
		{
			uint64_t	bucket = 64 * w + (uint64_t) __builtin_ctzll(word) - i;
			uint64_t	at = i * (uint64_t) l;
			uint64_t	key;

			word &= word - 1;
			if (i == n || bucket > (UINT64_MAX >> l))
				return BF_E_LENGTH;
			key = bucket << l;
			if (l > 0)
			{
				uint64_t	low = bf_load64(lows + 8 * (at / 64)) >> (at % 64);

				if (at % 64 + l > 64)
					low |= bf_load64(lows + 8 * (at / 64 + 1)) << (64 - at % 64);
				key |= low & ((UINT64_C(1) << l) - 1);
			}
			if ((i > 0 && prev >= key) || (nblocks != 0 && key >> 32 >= nblocks))
				return BF_E_UNSORTED;
			if (keys != NULL)
				keys[i] = key;
			prev = key;
			i++;
		}
	}
	return i == n ? BF_OK : BF_E_LENGTH;
}

/*-------------------------------------------------------------------------
 *
 * bf_parquet.c
 *	  The filters of Parquet files, read and written (Parquet mode's kinds
 *	  of value, bf_parquet.h, are the header's: bf_format.c).
 *
 * A Parquet column chunk's filter is a Thrift compact BloomFilterHeader
 * followed by the bitset (apache/parquet-format, parquet.thrift):
 *
 *	struct BloomFilterHeader {
 *		1: required i32 numBytes;
 *		2: required BloomFilterAlgorithm algorithm;		union { 1: BLOCK }
 *		3: required BloomFilterHash hash;				union { 1: XXHASH }
 *		4: required BloomFilterCompression compression;	union { 1: UNCOMPRESSED }
 *	}
 *
 * whose union members are empty structs.  Written, that is 15 <numBytes as
 * a zigzag varint> 1C 1C 00 00 1C 1C 00 00 1C 1C 00 00 00: 15 to 19 bytes.
 * The encoder and decoder here are for this one struct: Debian's C binding
 * of Thrift (libthrift-c-glib) needs GLib and generated code, a lot of
 * dependency for 19 bytes.  The decoder reads what any Thrift writer may
 * write: fields in any order, in the short (delta) or the long form of
 * field ids, and fields it does not know, which it skips; every byte read
 * is within bounds and nesting is limited.
 *
 * The bitset is our payload, bit for bit (bf_parquet.h): a filter is
 * written by copying its blocks, folding them (a larger filter) or
 * repeating each (a smaller one) by a power of two, which keeps every
 * answer; an exact filter is written as its hashes added to blocks.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_parquet.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

#include "bf_internal.h"
#include "bf_parquet.h"

/* Thrift compact protocol: field and element types */
#define TC_STOP			0
#define TC_TRUE			1
#define TC_FALSE		2
#define TC_BYTE			3
#define TC_I16			4
#define TC_I32			5
#define TC_I64			6
#define TC_DOUBLE		7
#define TC_BINARY		8
#define TC_LIST			9
#define TC_SET			10
#define TC_MAP			11
#define TC_STRUCT		12

/* Nesting the decoder follows before it gives up */
#define TC_MAX_DEPTH	16

/* Field ids of BloomFilterHeader */
#define PQ_NUM_BYTES	1
#define PQ_ALGORITHM	2
#define PQ_HASH			3
#define PQ_COMPRESSION	4

/* Highest load per block given to an imported filter (every bit set) */
#define PQ_MAX_LOAD		256

/* A cursor over the bytes of a Thrift compact encoding */
typedef struct tc_reader
{
	const uint8_t *p;
	const uint8_t *end;
} tc_reader;

/* Read one byte; false at the end */
static bool
tc_byte(tc_reader *r, uint8_t *byte)
{
	if (r->p >= r->end)
		return false;
	*byte = *r->p++;
	return true;
}

/* Read an unsigned varint of at most bits bits (32 or 64) */
static bool
tc_varint(tc_reader *r, int bits, uint64_t *value)
{
	uint64_t	v = 0;
	int			shift = 0;
	uint8_t		byte;

	do
	{
		if (shift >= bits || !tc_byte(r, &byte))
			return false;
		/* the last byte may hold only the bits left */
		if (bits - shift < 7 && (byte & 0x7F) >> (bits - shift) != 0)
			return false;
		v |= (uint64_t) (byte & 0x7F) << shift;
		shift += 7;
	} while (byte & 0x80);
	*value = v;
	return true;
}

/* Read a zigzag-encoded signed integer of at most bits bits */
static bool
tc_zigzag(tc_reader *r, int bits, int64_t *value)
{
	uint64_t	v;

	if (!tc_varint(r, bits, &v))
		return false;
	*value = (int64_t) (v >> 1) ^ -(int64_t) (v & 1);
	return true;
}

/* Skip n bytes */
static bool
tc_skip_bytes(tc_reader *r, uint64_t n)
{
	if (n > (uint64_t) (r->end - r->p))
		return false;
	r->p += n;
	return true;
}

static bool tc_skip(tc_reader *r, uint8_t type, int depth);

/*
 * Read a struct's next field header: *type is TC_STOP at its end, and
 * *id the field's id, from the delta to *last or in the long form
 */
static bool
tc_field(tc_reader *r, int16_t *last, uint8_t *type, int16_t *id)
{
	uint8_t		byte;
	int64_t		long_id;

	if (!tc_byte(r, &byte))
		return false;
	*type = byte & 0x0F;
	if (*type == TC_STOP)
		return true;
	if (byte >> 4 != 0)
		*id = (int16_t) (*last + (byte >> 4));
	else
	{
		if (!tc_zigzag(r, 16, &long_id) || long_id < INT16_MIN || long_id > INT16_MAX)
			return false;
		*id = (int16_t) long_id;
	}
	*last = *id;
	return true;
}

/* Skip the elements of a list, set or map: n of each type in types */
static bool
tc_skip_elements(tc_reader *r, uint64_t n, const uint8_t *types, int ntypes,
				 int depth)
{
	uint64_t	i;
	int			k;

	for (i = 0; i < n; i++)
		for (k = 0; k < ntypes; k++)
		{
			/* a boolean element is a byte, unlike a boolean field */
			if (types[k] == TC_TRUE || types[k] == TC_FALSE)
			{
				if (!tc_skip_bytes(r, 1))
					return false;
			}
			else if (!tc_skip(r, types[k], depth))
				return false;
		}
	return true;
}

/* Skip a value of the given type, nested at most TC_MAX_DEPTH deep */
static bool
tc_skip(tc_reader *r, uint8_t type, int depth)
{
	uint64_t	n;
	int64_t		ignored;
	uint8_t		byte;
	uint8_t		types[2];
	int16_t		last = 0;
	int16_t		id;

	if (depth > TC_MAX_DEPTH)
		return false;
	switch (type)
	{
		case TC_TRUE:
		case TC_FALSE:
			return true;		/* the value is in the field's type */
		case TC_BYTE:
			return tc_skip_bytes(r, 1);
		case TC_I16:
		case TC_I32:
		case TC_I64:
			return tc_zigzag(r, 64, &ignored);
		case TC_DOUBLE:
			return tc_skip_bytes(r, 8);
		case TC_BINARY:
			return tc_varint(r, 32, &n) && tc_skip_bytes(r, n);
		case TC_LIST:
		case TC_SET:
			if (!tc_byte(r, &byte))
				return false;
			n = byte >> 4;
			if (n == 15 && !tc_varint(r, 32, &n))
				return false;
			types[0] = byte & 0x0F;
			return tc_skip_elements(r, n, types, 1, depth + 1);
		case TC_MAP:
			if (!tc_varint(r, 32, &n))
				return false;
			if (n == 0)
				return true;
			if (!tc_byte(r, &byte))
				return false;
			types[0] = byte >> 4;
			types[1] = byte & 0x0F;
			return tc_skip_elements(r, n, types, 2, depth + 1);
		case TC_STRUCT:
			for (;;)
			{
				if (!tc_field(r, &last, &byte, &id))
					return false;
				if (byte == TC_STOP)
					return true;
				if (!tc_skip(r, byte, depth + 1))
					return false;
			}
	}
	return false;
}

/*
 * Read one of the header's unions, whose only known member is field 1, an
 * empty struct: *known tells whether that member is the one set.  A union
 * has exactly one member set.
 */
static bool
tc_union(tc_reader *r, bool *known)
{
	int16_t		last = 0;
	int16_t		id;
	uint8_t		type;
	int			members = 0;

	*known = false;
	for (;;)
	{
		if (!tc_field(r, &last, &type, &id))
			return false;
		if (type == TC_STOP)
			return members == 1;
		if (id == 1 && type != TC_STRUCT)
			return false;
		*known = id == 1;
		members++;
		if (!tc_skip(r, type, 1))
			return false;
	}
}

/*
 * Decode the BloomFilterHeader at the start of buf (len bytes): its
 * numBytes, and the header's own length.  BF_E_PQ_HEADER if it is not a
 * well-formed header with its four fields; BF_E_PQ_ALGORITHM, BF_E_PQ_HASH
 * or BF_E_PQ_COMPRESSION if it is another algorithm, hash or compression
 * than the one Parquet defines (BLOCK, XXHASH, UNCOMPRESSED).
 */
bf_status
bf_parquet_read_header(const uint8_t *buf, size_t len, uint32_t *num_bytes,
					   size_t *header_len)
{
	tc_reader	r = {buf, buf + len};
	int16_t		last = 0;
	int16_t		id;
	uint8_t		type;
	int64_t		value = 0;
	bool		known[PQ_COMPRESSION + 1] = {false};
	bool		seen[PQ_COMPRESSION + 1] = {false};

	for (;;)
	{
		if (!tc_field(&r, &last, &type, &id))
			return BF_E_PQ_HEADER;
		if (type == TC_STOP)
			break;
		if (id < PQ_NUM_BYTES || id > PQ_COMPRESSION)
		{
			if (!tc_skip(&r, type, 1))
				return BF_E_PQ_HEADER;
			continue;
		}
		if (seen[id])
			return BF_E_PQ_HEADER;
		seen[id] = true;
		if (id == PQ_NUM_BYTES)
		{
			if (type != TC_I32 || !tc_zigzag(&r, 32, &value) ||
				value < INT32_MIN || value > INT32_MAX)
				return BF_E_PQ_HEADER;
		}
		else if (type != TC_STRUCT || !tc_union(&r, &known[id]))
			return BF_E_PQ_HEADER;
	}
	if (!seen[PQ_NUM_BYTES] || !seen[PQ_ALGORITHM] || !seen[PQ_HASH] ||
		!seen[PQ_COMPRESSION])
		return BF_E_PQ_HEADER;
	if (!known[PQ_ALGORITHM])
		return BF_E_PQ_ALGORITHM;
	if (!known[PQ_HASH])
		return BF_E_PQ_HASH;
	if (!known[PQ_COMPRESSION])
		return BF_E_PQ_COMPRESSION;
	if (value < 0)
		return BF_E_PQ_SIZE;
	*num_bytes = (uint32_t) value;
	*header_len = (size_t) (r.p - buf);
	return BF_OK;
}

/* Write v as an unsigned varint at p; returns the bytes written */
static size_t
tc_put_varint(uint8_t *p, uint32_t v)
{
	size_t		n = 0;

	while (v >= 0x80)
	{
		p[n++] = (uint8_t) (v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t) v;
	return n;
}

/* numBytes as its zigzag encoding (numBytes is never negative) */
static uint32_t
zigzag(uint32_t num_bytes)
{
	return num_bytes << 1;
}

/* Length of the BloomFilterHeader for num_bytes (< 2^31) bytes of blocks */
size_t
bf_parquet_header_size(uint32_t num_bytes)
{
	uint8_t		varint[5];

	BF_ASSERT(num_bytes <= INT32_MAX);
	return 1 + tc_put_varint(varint, zigzag(num_bytes)) + 3 * 4 + 1;
}

/*
 * Write the BloomFilterHeader for num_bytes (< 2^31) bytes of blocks at
 * buf, which has room for bf_parquet_header_size; returns its length
 */
size_t
bf_parquet_write_header(uint8_t *buf, uint32_t num_bytes)
{
	static const uint8_t unions[] = {
		/* algorithm, hash, compression: member 1, an empty struct */
		0x1C, 0x1C, 0x00, 0x00,
		0x1C, 0x1C, 0x00, 0x00,
		0x1C, 0x1C, 0x00, 0x00,
		TC_STOP
	};
	size_t		n = 0;

	BF_ASSERT(num_bytes <= INT32_MAX);
	buf[n++] = (PQ_NUM_BYTES << 4) | TC_I32;
	n += tc_put_varint(buf + n, zigzag(num_bytes));
	memcpy(buf + n, unions, sizeof(unions));
	return n + sizeof(unions);
}

/* True if x is a power of two (x > 0) */
static bool
is_power_of_two(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

/*
 * Whether Parquet mode writes filters of nblocks blocks: a power of two
 * from BF_PQ_MIN_BLOCKS to BF_PQ_MAX_BLOCKS
 */
bool
bf_parquet_writable(uint64_t nblocks)
{
	return is_power_of_two(nblocks) && nblocks >= BF_PQ_MIN_BLOCKS &&
		nblocks <= BF_PQ_MAX_BLOCKS;
}

/* Length of a Parquet filter of nblocks (writable) blocks, header included */
size_t
bf_parquet_size(uint64_t nblocks)
{
	BF_ASSERT(bf_parquet_writable(nblocks));
	return bf_parquet_header_size((uint32_t) (nblocks * BF_BLOCK_BYTES)) +
		(size_t) nblocks * BF_BLOCK_BYTES;
}

/*
 * Block i of nblocks blocks made by repeating each of the view's blocks
 * nblocks / nitems times: a value's block there, divided by that factor,
 * is its block in the view (bf_block_index), so every answer is kept.
 */
static void
repeat_blocks(uint8_t *dst, const bf_view *view, uint64_t nblocks)
{
	uint64_t	factor = nblocks / view->hdr.nitems;
	uint64_t	i;

	for (i = 0; i < nblocks; i++)
		memcpy(dst + i * BF_BLOCK_BYTES,
			   view->payload + (i / factor) * BF_BLOCK_BYTES, BF_BLOCK_BYTES);
}

/*
 * Write a Parquet-mode filter as the Parquet filter of nblocks blocks
 * (bf_parquet_writable) at dst, len bytes (bf_parquet_size): the header,
 * then the blocks, copied, folded or repeated by a power of two, or, for
 * an exact filter, its hashes added to empty blocks.  Returns
 * BF_E_HASH_MISMATCH for a filter of another hash, BF_E_PQ_SIZE for a
 * size Parquet mode does not write, BF_E_FOLD for a block filter whose
 * count is not nblocks times or divided by a power of two, BF_E_BUFFER
 * for the wrong len.
 */
bf_status
bf_parquet_write(uint8_t *dst, size_t len, const bf_view *view,
				 uint64_t nblocks)
{
	uint64_t	nitems = view->hdr.nitems;
	uint8_t    *blocks;

	if (view->hdr.hash_id != BF_HASH_PARQUET)
		return BF_E_HASH_MISMATCH;
	if (!bf_parquet_writable(nblocks))
		return BF_E_PQ_SIZE;
	if (len != bf_parquet_size(nblocks))
		return BF_E_BUFFER;
	if (view->hdr.layout == BF_LAYOUT_BLOCKS &&
		!(nitems >= nblocks ? nitems % nblocks == 0 && is_power_of_two(nitems / nblocks) :
		  nblocks % nitems == 0 && is_power_of_two(nblocks / nitems)))
		return BF_E_FOLD;

	blocks = dst + bf_parquet_write_header(dst, (uint32_t) (nblocks * BF_BLOCK_BYTES));
	BF_ASSERT(blocks + nblocks * BF_BLOCK_BYTES == dst + len);
	if (view->hdr.layout == BF_LAYOUT_EXACT)
	{
		memset(blocks, 0, (size_t) nblocks * BF_BLOCK_BYTES);
		bf_add_exact_to_blocks(blocks, nblocks, view);
	}
	else if (nitems >= nblocks)
		bf_fold_blocks(blocks, view->payload, nitems, nblocks);
	else
		repeat_blocks(blocks, view, nblocks);
	return BF_OK;
}

/*
 * Check a Parquet filter of src_len bytes (header and bitset) and give the
 * length of the filter of ours it becomes.  Its numBytes must be a
 * multiple of 32 from 32 to what a filter of ours holds (BF_E_PQ_SIZE),
 * and src_len the header's length plus numBytes (BF_E_PQ_LENGTH); the
 * header's own errors are bf_parquet_read_header's.
 */
bf_status
bf_parquet_read_size(const uint8_t *src, size_t src_len, size_t *len)
{
	uint32_t	num_bytes;
	size_t		header_len;
	bf_status	status = bf_parquet_read_header(src, src_len, &num_bytes,
												&header_len);

	if (status != BF_OK)
		return status;
	if (num_bytes == 0 || num_bytes % BF_BLOCK_BYTES != 0 ||
		num_bytes / BF_BLOCK_BYTES > BF_MAX_BLOCKS)
		return BF_E_PQ_SIZE;
	if (src_len - header_len != num_bytes)
		return BF_E_PQ_LENGTH;
	*len = bf_size_blocks(num_bytes / BF_BLOCK_BYTES);
	return BF_OK;
}

/*
 * Read a Parquet filter (src, src_len bytes; bf_parquet_read_size gave
 * len) into a block filter of ours at dst, holding values of the Parquet
 * kind given: its blocks as they are, and the capacity and target rate of
 * a filter as full as it is (the distinct count its set bits estimate, at
 * most PQ_MAX_LOAD per block, and the model's rate for that many).
 * Returns BF_E_KIND_MISMATCH for a kind that is not Parquet's.
 */
bf_status
bf_parquet_read(uint8_t *dst, size_t len, const uint8_t *src, size_t src_len,
				uint32_t kind)
{
	uint32_t	num_bytes;
	size_t		header_len;
	size_t		expected;
	bf_view		view;
	double		estimate;
	uint64_t	capacity;
	double		fpr;
	bf_status	status = bf_parquet_read_size(src, src_len, &expected);

	if (status != BF_OK)
		return status;
	if (!bf_kind_is_parquet(kind))
		return BF_E_KIND_MISMATCH;
	if (len != expected)
		return BF_E_BUFFER;
	status = bf_parquet_read_header(src, src_len, &num_bytes, &header_len);
	BF_ASSERT(status == BF_OK);

	memset(&view, 0, sizeof(view));
	bf_header_init(&view.hdr, BF_LAYOUT_BLOCKS, num_bytes / BF_BLOCK_BYTES, 1,
				   0.5, 0, kind);
	memcpy(dst + BF_HEADER_SIZE, src + header_len, num_bytes);
	view.hdr.bits_set = bf_kernels_current()->popcount(dst + BF_HEADER_SIZE,
														 num_bytes);
	estimate = bf_cardinality(&view);
	if (!(estimate <= (double) (view.hdr.nitems * PQ_MAX_LOAD)))
		estimate = (double) (view.hdr.nitems * PQ_MAX_LOAD);
	capacity = estimate < 1.0 ? 1 : (uint64_t) ceil(estimate);
	fpr = bf_model_fpr((double) capacity, view.hdr.nitems);
	view.hdr.capacity = capacity;
	view.hdr.fpr = fpr < BF_MIN_FPR ? BF_MIN_FPR : fpr;
	BF_ASSERT(bf_sizable(view.hdr.capacity, view.hdr.fpr));
	bf_write_header(dst, &view.hdr);
	return BF_OK;
}

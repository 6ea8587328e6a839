/*-------------------------------------------------------------------------
 *
 * test_format.c
 *	  Unit tests of the serialized form: golden vectors that pin the hash
 *	  and the layout to exact bytes, header round trips, and the validator's
 *	  answer to every kind of malformed input.
 *
 * The golden filters were computed by an independent Python rendering of
 * the format (README.md, "On-disk format") over libxxhash; any change of
 * hash, block addressing, salts or header layout breaks them.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_format.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* for BF_ASSERTS_ENABLED */
#include "bf_internal.h"

/* Keys 0..99 in a filter sized for 100 values at 1 % (5 blocks, 220 bytes) */
static const char golden_blocks[] =
"4246010100000100010000000000000000000000000000006400000000000000"
"7b14ae47e17a843f05000000000000005f0200000000000000000000f38ba603"
"20f104efc45b91b01604c2fda7c327208eab40fd90d1ab283828771abbda2b9b"
"aa74a86e32d28cdf84ebec919c6fda5f9486395f355c9a4fd27a661f99a74492"
"3f80e834d82a09ab28d61b234bd82a42a836b615b60162f303dad92990b6c2e8"
"9c848dd2a22390e6b88a861a22047b998b2007e425025ab80b6c78136669919b"
"a97613396c9096ed568783e501cd1e757365e5924daae4b4783eeb4b";

/* Keys 0..2 in an exact filter (84 bytes) */
static const char golden_exact[] =
"4246010201000100010000000000000000000000000000000000000000000000"
"7b14ae47e17a843f030000000000000000000000000000000000000043e2ee91"
"5cc686202e79db643559bc2fd9ac876fbb3a7bc7";

/* Decode a hex string into a new heap buffer; sets *len */
static uint8_t *
from_hex(const char *hex, size_t *len)
{
	size_t		n = strlen(hex) / 2;
	uint8_t    *buf = test_malloc(n);
	size_t		i;

	for (i = 0; i < n; i++)
	{
		unsigned int byte;

		assert_int_equal(sscanf(hex + 2 * i, "%2x", &byte), 1);
		buf[i] = (uint8_t) byte;
	}
	*len = n;
	return buf;
}

/*
 * XXH3_64bits known answers: the empty input is xxHash's published sanity
 * value; the others pin the library Debian ships.
 */
static void
test_hash_known_answers(void **state)
{
	(void) state;
	assert_int_equal(bf_hash_bytes("", 0), UINT64_C(0x2d06800538d394c2));
	assert_int_equal(bf_hash_bytes("a", 1), UINT64_C(0xe6c632b61e964e1f));
	assert_int_equal(bf_hash_bytes("abc", 3), UINT64_C(0x78af5f94892f3950));
	assert_int_equal(bf_hash_bytes("https://example.com/", 20),
					 UINT64_C(0x4ca4ca394042cceb));
	assert_int_equal(bf_hash_u64(42), UINT64_C(0xd5a6f8c838df27c8));
	assert_int_equal(bf_hash_u64(0), UINT64_C(0xc77b3abb6f87acd9));
}

/*
 * A stream of words hashes as their little-endian bytes in one piece, past
 * XXH3's internal buffer (256 bytes) too
 */
static void
test_hash_stream(void **state)
{
	bf_hash_stream stream;
	unsigned char bytes[8 * 100];

	(void) state;
	bf_hash_stream_begin(&stream);
	assert_int_equal(bf_hash_stream_end(&stream), bf_hash_bytes("", 0));
	for (int i = 0; i < 100; i++)
	{
		uint64_t	word = UINT64_C(0x0102030405060708) * (uint64_t) (i + 1);

		bf_hash_stream_add(&stream, word);
		for (int b = 0; b < 8; b++)
			bytes[8 * i + b] = (unsigned char) (word >> (8 * b));
		assert_int_equal(bf_hash_stream_end(&stream),
						 bf_hash_bytes(bytes, 8 * (size_t) (i + 1)));
	}
	bf_hash_stream_begin(&stream);
	bf_hash_stream_add(&stream, 42);
	assert_int_equal(bf_hash_stream_end(&stream), bf_hash_u64(42));
}

/* Filters built from fixed values have exactly the golden bytes */
static void
test_golden_vectors(void **state)
{
	bf_kernel_set sets[2];
	int			nsets = tu_kernel_sets(sets);
	size_t		glen;
	size_t		len;
	uint8_t    *golden = from_hex(golden_blocks, &glen);
	uint8_t    *buf;
	int			s;

	(void) state;
	for (s = 0; s < nsets; s++)
	{
		assert_ok(bf_use_kernels(sets[s]));
		buf = tu_sized(100, 0.01, &len);
		tu_add_range(buf, len, 0, 100);
		assert_int_equal(len, glen);
		assert_memory_equal(buf, golden, len);
		test_free(buf);
	}
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
	assert_ok(bf_validate(golden, glen));
	test_free(golden);

	golden = from_hex(golden_exact, &glen);
	buf = tu_exact(0, 3, &len);
	assert_int_equal(len, glen);
	assert_memory_equal(buf, golden, len);
	test_free(buf);
	test_free(golden);
}

/* Every header field survives encoding and decoding */
static void
test_header_round_trip(void **state)
{
	uint8_t		buf[BF_HEADER_SIZE + 8 * BF_BLOCK_BYTES];
	bf_header	in;
	bf_header	out;

	(void) state;
	bf_header_init(&in, BF_LAYOUT_BLOCKS, 8, UINT64_C(123456789012), 0.0625,
				   BF_FLAG_AUTO, 0xdeadbeefU);
	assert_ok(bf_init(buf, sizeof(buf), &in));
	assert_ok(bf_read_header(buf, sizeof(buf), &out));
	assert_int_equal(out.version, BF_FORMAT_VERSION);
	assert_int_equal(out.layout, BF_LAYOUT_BLOCKS);
	assert_int_equal(out.flags, BF_FLAG_AUTO);
	assert_int_equal(out.hash_id, BF_HASH_XXH3_64);
	assert_int_equal(out.kind, 0xdeadbeefU);
	assert_int_equal(out.seed, 0);
	assert_int_equal(out.capacity, UINT64_C(123456789012));
	assert_true(out.fpr == 0.0625);
	assert_int_equal(out.nitems, 8);
	assert_int_equal(out.bits_set, 0);
}

/* A header can be read from its first bytes, given the whole length */
static void
test_peek_header(void **state)
{
	size_t		glen;
	uint8_t    *golden = from_hex(golden_blocks, &glen);
	bf_header	hdr;

	(void) state;
	assert_ok(bf_peek_header(golden, BF_HEADER_SIZE, glen, &hdr));
	assert_int_equal(hdr.nitems, 5);
	assert_int_equal(hdr.bits_set, 0x25f);
	assert_status(bf_peek_header(golden, BF_HEADER_SIZE, glen + 32, &hdr), BF_E_LENGTH);
	assert_status(bf_peek_header(golden, BF_HEADER_SIZE - 1, glen, &hdr), BF_E_TRUNCATED);
	test_free(golden);
}

/* Overwrite len bytes of buf at offset with the little-endian value v */
static void
poke(uint8_t *buf, size_t offset, size_t len, uint64_t v)
{
	size_t		i;

	for (i = 0; i < len; i++)
		buf[offset + i] = (uint8_t) (v >> (8 * i));
}

/* Overwrite the target rate with v */
static void
poke_fpr(uint8_t *buf, double v)
{
	uint64_t	bits;

	memcpy(&bits, &v, sizeof(bits));
	poke(buf, 32, 8, bits);
}

/*
 * Each malformed header is refused with its own status.  Every case starts
 * from a fresh copy of a valid block filter (or exact filter).
 */
static void
test_validator_rejects(void **state)
{
	size_t		glen;
	size_t		elen;
	uint8_t    *golden = from_hex(golden_blocks, &glen);
	uint8_t    *gexact = from_hex(golden_exact, &elen);
	uint8_t    *b = test_malloc(glen);
	uint8_t    *e = test_malloc(elen);

	(void) state;
#define FRESH() (memcpy(b, golden, glen), memcpy(e, gexact, elen))
	FRESH();
	assert_ok(bf_validate(b, glen));
	assert_ok(bf_validate(e, elen));

	assert_status(bf_validate(b, 0), BF_E_TRUNCATED);
	assert_status(bf_validate(b, BF_HEADER_SIZE - 1), BF_E_TRUNCATED);
	assert_status(bf_validate(b, glen - 1), BF_E_LENGTH);
	assert_status(bf_validate(b, BF_HEADER_SIZE), BF_E_LENGTH);
	assert_status(bf_validate(e, elen - 8), BF_E_LENGTH);

	FRESH(), b[0] = 'X';
	assert_status(bf_validate(b, glen), BF_E_MAGIC);
	FRESH(), b[1] = 'f';
	assert_status(bf_validate(b, glen), BF_E_MAGIC);
	FRESH(), b[2] = 0;
	assert_status(bf_validate(b, glen), BF_E_VERSION);
	FRESH(), b[2] = 2;
	assert_status(bf_validate(b, glen), BF_E_VERSION);
	FRESH(), b[3] = 0;
	assert_status(bf_validate(b, glen), BF_E_BAD_LAYOUT);
	FRESH(), b[3] = 5;
	assert_status(bf_validate(b, glen), BF_E_BAD_LAYOUT);
	/* as a list, the header is a sized filter's list of 5 hashes */
	FRESH(), b[3] = BF_LAYOUT_LIST;
	assert_status(bf_validate(b, glen), BF_E_LENGTH);
	FRESH(), b[3] = BF_LAYOUT_PACKED;
	assert_status(bf_validate(b, glen), BF_E_LENGTH);
	FRESH(), poke(b, 4, 2, 0x0004);
	assert_status(bf_validate(b, glen), BF_E_BAD_FLAGS);
	/* a part without its part fields (test_parts.c has the rest) */
	FRESH(), poke(b, 4, 2, BF_FLAG_PART);
	assert_status(bf_validate(b, glen), BF_E_BAD_PART);
	FRESH(), poke(b, 4, 2, 0x8000);
	assert_status(bf_validate(b, glen), BF_E_BAD_FLAGS);
	/* auto-sized filters have a power-of-two block count; golden has 5 */
	FRESH(), poke(b, 4, 2, BF_FLAG_AUTO);
	assert_status(bf_validate(b, glen), BF_E_BAD_FLAGS);
	FRESH(), b[6] = 0;
	assert_status(bf_validate(b, glen), BF_E_BAD_HASH);
	/* Parquet's hash with a kind not Parquet's (test_parquet has more) */
	FRESH(), b[6] = 2;
	assert_status(bf_validate(b, glen), BF_E_BAD_HASH);
	FRESH(), b[6] = 3;
	assert_status(bf_validate(b, glen), BF_E_BAD_HASH);
	FRESH(), poke(b, 16, 8, 1);
	assert_status(bf_validate(b, glen), BF_E_BAD_HASH);
	FRESH(), b[7] = 1;
	assert_status(bf_validate(b, glen), BF_E_RESERVED);
	FRESH(), b[15] = 0x80;
	assert_status(bf_validate(b, glen), BF_E_RESERVED);
	FRESH(), b[59] = 1;
	assert_status(bf_validate(b, glen), BF_E_RESERVED);
	FRESH(), poke(b, 24, 8, 0);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke_fpr(b, 0.0);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke_fpr(b, 1.0);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke_fpr(b, -0.01);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke_fpr(b, NAN);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	/* rates and capacities no sizing function produces (issue 16, 8) */
	FRESH(), poke_fpr(b, 1e-300);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke_fpr(b, BF_MIN_FPR / 2);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke(b, 24, 8, UINT64_C(1) << 62);
	assert_status(bf_validate(b, glen), BF_E_BAD_PARAMS);
	FRESH(), poke(b, 40, 8, 0);
	assert_status(bf_validate(b, glen), BF_E_BAD_COUNT);
	FRESH(), poke(b, 40, 8, BF_MAX_BLOCKS + 1);
	assert_status(bf_validate(b, glen), BF_E_BAD_COUNT);
	/* a count whose size in bytes would overflow 64 bits */
	FRESH(), poke(b, 40, 8, UINT64_C(1) << 60);
	assert_status(bf_validate(b, glen), BF_E_BAD_COUNT);
	FRESH(), poke(b, 40, 8, 4);
	assert_status(bf_validate(b, glen), BF_E_LENGTH);
	FRESH(), poke(b, 48, 8, 0x25f + 1);
	assert_status(bf_validate(b, glen), BF_E_BITS_SET);
	FRESH(), poke(b, 48, 8, 5 * BF_BLOCK_BITS + 1);
	assert_status(bf_validate(b, glen), BF_E_BITS_SET);
	FRESH(), b[glen - 1] ^= 0x01;
	assert_status(bf_validate(b, glen), BF_E_BITS_SET);

	/* exact filters */
	FRESH(), poke(e, 4, 2, 0);
	assert_status(bf_validate(e, elen), BF_E_BAD_FLAGS);
	FRESH(), poke(e, 24, 8, 3);
	assert_status(bf_validate(e, elen), BF_E_BAD_PARAMS);
	FRESH(), poke(e, 48, 8, 1);
	assert_status(bf_validate(e, elen), BF_E_BITS_SET);
	FRESH(), poke_fpr(e, 1e-300);
	assert_status(bf_validate(e, elen), BF_E_BAD_PARAMS);
	/* at the smallest rate, one value can be sized, but not this many */
	FRESH(), poke_fpr(e, BF_MIN_FPR);
	assert_status(bf_validate(e, elen), BF_E_BAD_PARAMS);
	FRESH(), poke(e, 40, 8, BF_MAX_HASHES + 1);
	assert_status(bf_validate(e, elen), BF_E_BAD_COUNT);
	/* swap the first two hashes, then make them equal */
	FRESH(), memcpy(e + 60, gexact + 68, 8), memcpy(e + 68, gexact + 60, 8);
	assert_status(bf_validate(e, elen), BF_E_UNSORTED);
	FRESH(), memcpy(e + 68, e + 60, 8);
	assert_status(bf_validate(e, elen), BF_E_UNSORTED);
	/* a valid header over a sorted but different list is accepted */
	FRESH(), e[elen - 1] ^= 0x01;
	assert_ok(bf_validate(e, elen));
#undef FRESH
	test_free(golden);
	test_free(gexact);
	test_free(b);
	test_free(e);
}

/*
 * A list (BF_LAYOUT_LIST), the hashes of an auto-sized set in any order
 * as a partial aggregate state hands them on: the golden exact filter's
 * hashes reversed and one repeated is one, any 8 bytes a hash of it;
 * bf_open refuses it (no operation on filters takes one), bf_open_list
 * opens it, and bf_list_sort gives back the golden filter's hashes, so
 * that its exact filter is the golden one byte for byte.  Its length must
 * be its count's, and its header an auto-sized filter's with no capacity
 * or set bits; or, with a block count where the set bits go, the list of
 * a sized filter's hashes, with its capacity and no flag.
 */
static void
test_list(void **state)
{
	size_t		elen;
	uint8_t    *exact = from_hex(golden_exact, &elen);
	size_t		len = bf_size_list(4);
	uint8_t    *list = test_malloc(len);
	uint8_t    *rebuilt = test_malloc(elen);
	uint64_t	hashes[4];
	uint64_t	scratch[4];
	bf_view		view;
	bf_header	hdr;
	size_t		n;

	(void) state;
	assert_int_equal(len, elen + BF_HASH_BYTES);
	memcpy(list, exact, BF_HEADER_SIZE);
	list[3] = BF_LAYOUT_LIST;
	poke(list, 40, 8, 4);
	memcpy(list + BF_HEADER_SIZE, exact + BF_HEADER_SIZE + 16, 8);
	memcpy(list + BF_HEADER_SIZE + 8, exact + BF_HEADER_SIZE + 8, 8);
	memcpy(list + BF_HEADER_SIZE + 16, exact + BF_HEADER_SIZE, 8);
	memcpy(list + BF_HEADER_SIZE + 24, exact + BF_HEADER_SIZE + 8, 8);
	assert_ok(bf_validate(list, len));
	assert_status(bf_open(list, len, &view), BF_E_LAYOUT);
	assert_ok(bf_open_list(list, len, &view));
	assert_int_equal(view.hdr.nitems, 4);
	n = bf_list_sort(&view, hashes, scratch);
	assert_int_equal(n, 3);
	hdr = view.hdr;
	hdr.layout = BF_LAYOUT_EXACT;
	assert_ok(bf_init_exact(rebuilt, elen, &hdr, hashes, n));
	tu_assert_same(rebuilt, elen, exact, elen);

	assert_status(bf_validate(list, len - 1), BF_E_LENGTH);
	poke(list, 24, 8, 100);
	assert_status(bf_validate(list, len), BF_E_BAD_PARAMS);
	poke(list, 24, 8, 0);
	/* with a block count, the hashes of a sized filter: no auto flag */
	poke(list, 48, 8, 5);
	assert_status(bf_validate(list, len), BF_E_BAD_FLAGS);
	poke(list, 4, 2, 0);
	assert_status(bf_validate(list, len), BF_E_BAD_PARAMS);
	poke(list, 24, 8, 100);
	assert_ok(bf_validate(list, len));
	poke(list, 48, 8, BF_MAX_BLOCKS + 1);
	assert_status(bf_validate(list, len), BF_E_BAD_COUNT);
	poke(list, 48, 8, 0);
	poke(list, 24, 8, 0);
	assert_status(bf_validate(list, len), BF_E_BAD_FLAGS);
	test_free(list);
	test_free(rebuilt);
	test_free(exact);
}

/*
 * The kind field: no kind, a numbered kind (doc/format.md lists the twelve)
 * or any hashed kind is accepted; every other value is refused, by the
 * validator and when a filter is made.
 */
static void
test_kinds(void **state)
{
	static const uint32_t hashed[] = {
		BF_KIND_HASHED_BIT, BF_KIND_HASHED_BIT | 1, 0xdeadbeefU, UINT32_MAX,
		BF_KIND_VALUE_BIT, BF_KIND_VALUE_BIT | 1, 0x7fffffffU
	};
	static const uint32_t unknown[] = {
		BF_KIND_LAST + 1, 0x100, 0x3fffffffU
	};
	size_t		glen;
	uint8_t    *golden = from_hex(golden_blocks, &glen);
	uint8_t    *b = test_malloc(glen);
	uint8_t		buf[BF_HEADER_SIZE + BF_BLOCK_BYTES];
	bf_header	hdr;
	uint32_t	kind;
	size_t		i;

	(void) state;
	assert_int_equal(BF_KIND_LAST, 12);
	for (kind = BF_KIND_NONE; kind <= BF_KIND_LAST; kind++)
	{
		memcpy(b, golden, glen), poke(b, 8, 4, kind);
		assert_ok(bf_validate(b, glen));
	}
	for (i = 0; i < sizeof(hashed) / sizeof(hashed[0]); i++)
	{
		memcpy(b, golden, glen), poke(b, 8, 4, hashed[i]);
		assert_ok(bf_validate(b, glen));
	}
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
	{
		memcpy(b, golden, glen), poke(b, 8, 4, unknown[i]);
		assert_status(bf_validate(b, glen), BF_E_BAD_KIND);
		assert_status(bf_read_header(b, glen, &hdr), BF_E_BAD_KIND);
		bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 1, 10, 0.01, 0, unknown[i]);
		assert_status(bf_init(buf, sizeof(buf), &hdr), BF_E_BAD_KIND);
	}
	test_free(golden);
	test_free(b);
}

/*
 * Exhaustive small mutations: every truncation, every single-bit flip of
 * the header and every byte of the payload set to 0xff.  Each result is
 * either refused or, if accepted, opens and answers queries; under the
 * sanitizer build this also proves no read goes out of bounds.
 */
static void
test_mutations_are_safe(void **state)
{
	size_t		glen;
	uint8_t    *golden = from_hex(golden_blocks, &glen);
	uint8_t    *b = test_malloc(glen);
	size_t		i;
	int			bit;
	size_t		accepted = 0;

	(void) state;
	for (i = 0; i < glen; i++)
	{
		uint8_t    *cut = test_malloc(i + 1);

		memcpy(cut, golden, i);
		assert_true(bf_validate(cut, i) != BF_OK);
		test_free(cut);
	}
	for (i = 0; i < BF_HEADER_SIZE; i++)
	{
		for (bit = 0; bit < 8; bit++)
		{
			bf_view		view;

			memcpy(b, golden, glen);
			b[i] ^= (uint8_t) (1 << bit);
			if (bf_validate(b, glen) != BF_OK)
				continue;
			/* only the kind, the capacity and the target rate may change */
			assert_true(i >= 8 && i < 40 && (i < 12 || i >= 24));
			accepted++;
			assert_ok(bf_open(b, glen, &view));
			(void) bf_contains(&view, tu_key(7));
			(void) bf_cardinality(&view);
		}
	}
	assert_true(accepted > 0);
	for (i = BF_HEADER_SIZE; i < glen; i++)
	{
		memcpy(b, golden, glen);
		b[i] = 0xff;
		assert_status(bf_validate(b, glen),
					  golden[i] == 0xff ? BF_OK : BF_E_BITS_SET);
	}
	test_free(golden);
	test_free(b);
}

/* Every status has a message written as a sentence */
static void
test_status_messages(void **state)
{
	int			s;

	(void) state;
	for (s = BF_OK; s <= BF_E_UNSORTED; s++)
	{
		const char *msg = bf_status_message((bf_status) s);
		size_t		n = strlen(msg);

		assert_true(n > 2);
		assert_true(msg[0] >= 'A' && msg[0] <= 'Z');
		assert_true(msg[n - 1] == '.');
		assert_string_not_equal(msg, "Unknown status.");
	}
}

/*
 * The hash id of every header this version writes has a name, as the
 * extension's bloom_info prints it; an unknown id has none.
 */
static void
test_hash_name(void **state)
{
	bf_header	hdr;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 1, 1, 0.01, 0, TU_KIND);
	assert_string_equal(bf_hash_name(hdr.hash_id), "xxh3_64");
	assert_string_equal(bf_hash_name(BF_HASH_XXH3_64), "xxh3_64");
	assert_null(bf_hash_name(0));
	assert_null(bf_hash_name(BF_HASH_PARQUET + 1));
}

/*
 * The unit tests are built with the core's assertions on (test/Makefile
 * defines BF_USE_ASSERT): BF_ASSERTS_ENABLED as this file sees it, and as
 * the core's own files were compiled, so that a change of flags cannot turn
 * them off unnoticed.
 */
static void
test_assertions_enabled(void **state)
{
	(void) state;
	assert_int_equal(BF_ASSERTS_ENABLED, 1);
	assert_true(bf_asserts_enabled());
}

/*
 * The btree order of serialized filters: their bytes compared as unsigned
 * bytes, a prefix first (bloom_cmp in src/bloom_ops.c)
 */
static int
byte_order(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	int			cmp = memcmp(a, b, alen < blen ? alen : blen);

	if (cmp != 0)
		return cmp < 0 ? -1 : 1;
	return alen < blen ? -1 : alen > blen;
}

/* A byte string of the pool of test_order_key_consistent */
typedef struct key_string
{
	uint8_t    *bytes;
	size_t		len;
} key_string;

/* A copy of len bytes of src with room for extra more */
static key_string
copy_string(const uint8_t *src, size_t len, size_t extra)
{
	key_string	k;

	k.bytes = test_malloc(len + extra + 1);
	if (len > 0)
		memcpy(k.bytes, src, len);
	k.len = len;
	return k;
}

/*
 * A changed copy of base: cut short, one byte set, a range zeroed or bytes
 * appended, at offsets near the header, the first payload bytes and the
 * end of what keys read, with the bytes the format is made of (zeros
 * above all) and others
 */
static key_string
mutant(const key_string *base, uint64_t *rs)
{
	static const uint8_t values[] = {0, 0, 0, 1, 2, 0x7f, 0x80, 0xfe, 0xff};
	key_string	k = copy_string(base->bytes, base->len, 64);
	uint64_t	r = tu_random(rs);
	size_t		limit = (r >> 8) % 4 == 0 ? k.len : BF_HEADER_SIZE + 200;
	size_t		at = limit > 0 ? (size_t) (tu_random(rs) % (limit + 1)) : 0;
	uint8_t		value = (r >> 16) % 3 == 0 ? (uint8_t) (r >> 24) :
		values[(r >> 32) % sizeof(values)];
	size_t		i;

	if (at > k.len)
		at = k.len;
	switch (r % 4)
	{
		case 0:					/* cut short */
			k.len = at;
			break;
		case 1:					/* one byte set */
			if (at < k.len)
				k.bytes[at] = value;
			break;
		case 2:					/* a range zeroed */
			for (i = at; i < k.len && i < at + (r >> 40) % 40; i++)
				k.bytes[i] = 0;
			break;
		default:				/* bytes appended */
			for (i = 0; i < 1 + (r >> 40) % 64; i++)
				k.bytes[k.len++] = (i % 3 == 0) ? value : 0;
			break;
	}
	return k;
}

/*
 * Keys against one reference never contradict the byte order: for every
 * pair of a pool of strings (sized and auto-sized filters of the same shape
 * holding different values, exact ones, empty ones, copies, and mutants:
 * cut short, a byte set, zeros, bytes appended, longer than what keys
 * read), and each of many references, a key below another's belongs to a
 * string that sorts before, and equal strings have equal keys.
 */
static void
test_order_key_consistent(void **state)
{
	enum
	{
		NFILTERS = 24, NSTRINGS = 320, NREFS = 48
	};
	key_string	pool[NSTRINGS];
	uint64_t   *keys = test_malloc(NSTRINGS * sizeof(uint64_t));
	uint64_t	rs = 0x9e3779b97f4a7c15;
	size_t		n = 0;
	size_t		i,
				j,
				ref;
	uint64_t	before = 0,
				after = 0,
				ties = 0;

	(void) state;
	for (i = 0; i < NFILTERS; i++)
	{
		size_t		len;
		uint8_t    *f;

		if (i % 6 == 5)
			f = tu_exact(i * 1000, i * 1000 + i % 12, &len);
		else
		{
			/* 22 blocks, 764 bytes; 200 blocks, 6,460 (past the prefix) */
			f = i % 2 ? tu_sized(10, 0.01, &len) : tu_sized(1000, 0.01, &len);
			tu_add_range(f, len, i * 1000, i * 1000 + 5 + i % 4);
		}
		pool[n++] = copy_string(f, len, 0);
		test_free(f);
	}
	pool[n++] = copy_string(pool[0].bytes, pool[0].len, 0);
	pool[n++] = copy_string(pool[1].bytes, pool[1].len, 0);
	pool[n++] = copy_string(NULL, 0, 0);
	while (n < NSTRINGS)
	{
		pool[n] = mutant(&pool[tu_random(&rs) % n], &rs);
		n++;
	}

	for (ref = 0; ref < NREFS; ref++)
	{
		/* the filters, then mutants */
		const key_string *r = &pool[ref < NFILTERS ? ref : NFILTERS + 3 +
									(ref * 7) % (NSTRINGS - NFILTERS - 3)];

		for (i = 0; i < n; i++)
			keys[i] = bf_order_key(pool[i].bytes, pool[i].len, r->bytes, r->len);
		for (i = 0; i < n; i++)
		{
			for (j = 0; j < n; j++)
			{
				int			order = byte_order(pool[i].bytes, pool[i].len,
											   pool[j].bytes, pool[j].len);

				if (keys[i] < keys[j])
				{
					if (order >= 0)
						fail_msg("key %zu < key %zu against reference %zu, "
								 "but the bytes order %d", i, j, ref, order);
					before++;
				}
				else if (keys[i] > keys[j])
				{
					if (order <= 0)
						fail_msg("key %zu > key %zu against reference %zu, "
								 "but the bytes order %d", i, j, ref, order);
					after++;
				}
				else
					ties++;
			}
		}
	}
	/* and the keys decide most pairs */
	print_message("%llu pairs ordered by their keys, %llu left to the bytes\n",
				  (unsigned long long) (before + after),
				  (unsigned long long) ties);
	assert_true(before == after);
	assert_true(ties < (before + after) / 4);

	for (i = 0; i < n; i++)
		test_free(pool[i].bytes);
	test_free(keys);
}

/*
 * The keys of filters of the same shape, as a column's are, tell them
 * apart: 1,000 sparse filters (1,000 blocks, 100 values each; issue 11's
 * benchmark has 3,167 blocks and 1,000 values), whose headers differ only
 * in their counts of set bits (a handful of counts for all of them), get
 * nearly 1,000 keys against the first, in the filters' order.
 */
static void
test_order_key_discriminates(void **state)
{
	enum
	{
		NFILTERS = 1000, NVALUES = 100
	};
	uint8_t    *prefixes = test_malloc((size_t) NFILTERS * BF_ORDER_PREFIX);
	size_t	   *lens = test_malloc(NFILTERS * sizeof(size_t));
	uint64_t   *keys = test_malloc(NFILTERS * sizeof(uint64_t));
	uint64_t   *bits_set = test_malloc(NFILTERS * sizeof(uint64_t));
	size_t		distinct = 0,
				distinct_bits = 0;
	size_t		i,
				j;

	(void) state;
	for (i = 0; i < NFILTERS; i++)
	{
		size_t		len;
		uint8_t    *f = tu_blocks(1000, 7700, 0.01, 0, &len);

		tu_add_range(f, len, i * NVALUES, (i + 1) * NVALUES);
		bits_set[i] = tu_view(f, len).hdr.bits_set;
		lens[i] = len < BF_ORDER_PREFIX ? len : BF_ORDER_PREFIX;
		memcpy(prefixes + i * BF_ORDER_PREFIX, f, lens[i]);
		keys[i] = bf_order_key(f, len, prefixes, lens[0]);
		test_free(f);
	}
	for (i = 0; i < NFILTERS; i++)
	{
		bool		new_key = true,
					new_bits = true;

		for (j = 0; j < i; j++)
		{
			new_key = new_key && keys[j] != keys[i];
			new_bits = new_bits && bits_set[j] != bits_set[i];
			if (keys[i] != keys[j])
				assert_int_equal(keys[i] < keys[j] ? -1 : 1,
								 byte_order(prefixes + i * BF_ORDER_PREFIX, lens[i],
											prefixes + j * BF_ORDER_PREFIX, lens[j]));
		}
		distinct += new_key;
		distinct_bits += new_bits;
	}
	print_message("%zu distinct keys and %zu distinct counts of set bits "
				  "for %d filters\n", distinct, distinct_bits, NFILTERS);
	assert_true(distinct_bits < 100);
	assert_true(distinct >= NFILTERS * 99 / 100);

	test_free(prefixes);
	test_free(lens);
	test_free(keys);
	test_free(bits_set);
}

/* Run the format tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hash_known_answers),
		cmocka_unit_test(test_hash_stream),
		cmocka_unit_test(test_golden_vectors),
		cmocka_unit_test(test_header_round_trip),
		cmocka_unit_test(test_peek_header),
		cmocka_unit_test(test_validator_rejects),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_mutations_are_safe),
		cmocka_unit_test(test_status_messages),
		cmocka_unit_test(test_hash_name),
		cmocka_unit_test(test_order_key_consistent),
		cmocka_unit_test(test_order_key_discriminates),
		cmocka_unit_test(test_assertions_enabled),
	};

	return cmocka_run_group_tests_name("format", tests, NULL, NULL);
}

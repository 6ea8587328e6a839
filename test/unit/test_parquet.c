/*-------------------------------------------------------------------------
 *
 * test_parquet.c
 *	  Unit tests of Parquet mode (bf_parquet.c, bf_hash.h): XXH64 known
 *	  answers, a filter written by parquet-mr, the Thrift compact header
 *	  byte for byte and against malformed input, writing filters at other
 *	  sizes, reading them back, and the validator's rule that Parquet's
 *	  kinds go with Parquet's hash.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_parquet.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#include "bf_parquet.h"

/*
 * The filter parquet-mr (Spark) wrote for the strings "a0" to "a9": one
 * 32-byte block (apache/arrow-rs, parquet/src/bloom_filter/mod.rs,
 * test_with_fixture)
 */
static const uint8_t spark_a0_a9[32] = {
	200, 1, 80, 20, 64, 68, 8, 109, 6, 37, 4, 67, 144, 80, 96, 32,
	8, 132, 43, 33, 0, 5, 99, 65, 2, 0, 224, 44, 64, 78, 96, 4
};

/* The header of a 32-byte filter (arrow-rs, the same file) */
static const uint8_t header_32[15] = {
	21, 64, 28, 28, 0, 0, 28, 28, 0, 0, 28, 28, 0, 0, 0
};

/* XXH64 of "a<i>", as Parquet hashes the string */
static uint64_t
hash_a(int i)
{
	char		s[4];

	snprintf(s, sizeof(s), "a%d", i);
	return bf_parquet_hash_bytes(s, strlen(s));
}

/* A new empty Parquet-mode block filter of nblocks blocks */
static uint8_t *
pq_blocks(uint64_t nblocks, uint32_t kind, size_t *len)
{
	bf_header	hdr;
	uint8_t    *buf;

	*len = bf_size_blocks(nblocks);
	buf = test_malloc(*len);
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, 1000, 0.01, 0, kind);
	assert_int_equal(hdr.hash_id, BF_HASH_PARQUET);
	assert_ok(bf_init(buf, *len, &hdr));
	return buf;
}

/*
 * XXH64 with seed 0: the empty input is the Parquet format's published
 * value (and arrow-rs's test_hash_bytes); the others are xxHash's own
 * sanity values and pin the integer encodings as little-endian.
 */
static void
test_xxh64_known_answers(void **state)
{
	(void) state;
	assert_int_equal(bf_parquet_hash_bytes("", 0), UINT64_C(17241709254077376921));
	assert_int_equal(bf_parquet_hash_bytes("a", 1), UINT64_C(0xd24ec4f1a98c6e5b));
	assert_int_equal(bf_parquet_hash_bytes("abc", 3), UINT64_C(0x44bc2cf5ad770999));
	assert_int_equal(bf_parquet_hash_u32(42), UINT64_C(0xd756d7b62fc50bf1));
	assert_int_equal(bf_parquet_hash_u64(42), UINT64_C(0xb556806fb6d14353));
	assert_int_equal(bf_parquet_hash_u32(42),
					 bf_parquet_hash_bytes("\x2a\x00\x00\x00", 4));
}

/*
 * The strings "a0".."a9" added to one block give parquet-mr's filter byte
 * for byte; read with its header, it holds all ten
 */
static void
test_spark_fixture(void **state)
{
	size_t		len;
	uint8_t    *buf = pq_blocks(1, BF_KIND_PQ_STRING, &len);
	uint64_t	hashes[10];
	uint8_t		file[sizeof(header_32) + sizeof(spark_a0_a9)];
	size_t		read_len;
	uint8_t    *read;
	bf_view		view;
	int			i;

	(void) state;
	for (i = 0; i < 10; i++)
		hashes[i] = hash_a(i);
	assert_ok(bf_add_hashes(buf, len, hashes, 10));
	assert_memory_equal(buf + BF_HEADER_SIZE, spark_a0_a9, sizeof(spark_a0_a9));

	memcpy(file, header_32, sizeof(header_32));
	memcpy(file + sizeof(header_32), spark_a0_a9, sizeof(spark_a0_a9));
	assert_ok(bf_parquet_read_size(file, sizeof(file), &read_len));
	assert_int_equal(read_len, bf_size_blocks(1));
	read = test_malloc(read_len);
	assert_ok(bf_parquet_read(read, read_len, file, sizeof(file), BF_KIND_PQ_STRING));
	assert_ok(bf_validate(read, read_len));
	view = tu_view(read, read_len);
	assert_int_equal(view.hdr.hash_id, BF_HASH_PARQUET);
	assert_int_equal(view.hdr.kind, BF_KIND_PQ_STRING);
	for (i = 0; i < 10; i++)
		assert_true(bf_contains(&view, hash_a(i)));
	/* the same block, so the same header save the estimates */
	assert_memory_equal(read + BF_HEADER_SIZE, buf + BF_HEADER_SIZE, 32);
	test_free(read);
	test_free(buf);
}

/*
 * Headers are written byte for byte as Parquet's writers write them, at
 * the lengths the format's sizes give (15 bytes for 32, 19 at 128 MiB),
 * and read back
 */
static void
test_header_round_trip(void **state)
{
	static const struct
	{
		uint32_t	num_bytes;
		size_t		len;
	}			cases[] = {
		{32, 15}, {64, 16}, {8192, 17}, {65536, 17}, {1 << 20, 18},
		{1 << 27, 19}, {INT32_MAX, 19}
	};
	uint8_t		buf[BF_PQ_HEADER_MAX + 1];
	uint32_t	num_bytes;
	size_t		header_len;
	size_t		i;

	(void) state;
	assert_int_equal(bf_parquet_write_header(buf, 32), sizeof(header_32));
	assert_memory_equal(buf, header_32, sizeof(header_32));
	/* DuckDB's 8,192-byte filter (design note, parquet.md) */
	assert_int_equal(bf_parquet_write_header(buf, 8192), 17);
	assert_memory_equal(buf, "\x15\x80\x80\x01\x1c\x1c\x00\x00\x1c\x1c\x00\x00\x1c\x1c\x00\x00\x00", 17);

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		n = bf_parquet_write_header(buf, cases[i].num_bytes);

		assert_int_equal(n, cases[i].len);
		assert_int_equal(bf_parquet_header_size(cases[i].num_bytes), n);
		/* a byte after the header is not read */
		buf[n] = 0x99;
		assert_ok(bf_parquet_read_header(buf, n + 1, &num_bytes, &header_len));
		assert_int_equal(num_bytes, cases[i].num_bytes);
		assert_int_equal(header_len, n);
	}
}

/* Decode hex into buf (room for n bytes); returns the length */
static size_t
hex(uint8_t *buf, size_t n, const char *text)
{
	size_t		len = strlen(text) / 2;
	size_t		i;

	assert_true(len <= n);
	for (i = 0; i < len; i++)
	{
		unsigned int byte;

		assert_int_equal(sscanf(text + 2 * i, "%2x", &byte), 1);
		buf[i] = (uint8_t) byte;
	}
	return len;
}

/* The status of reading a header given in hex, and its numBytes if read */
static bf_status
read_hex(const char *text, uint32_t *num_bytes)
{
	uint8_t		buf[256];
	size_t		len = hex(buf, sizeof(buf), text);
	size_t		header_len;

	return bf_parquet_read_header(buf, len, num_bytes, &header_len);
}

/*
 * Headers written otherwise than ours, as another Thrift writer may: the
 * long form of field ids, fields in another order, and fields the
 * decoder does not know (of every type, nested), which it skips
 */
static void
test_header_variants(void **state)
{
	uint32_t	num_bytes = 0;

	(void) state;
	/* long-form ids: 05 <zigzag id>; numBytes 64 last */
	assert_ok(read_hex("0c041c0000" "0c061c0000" "0c081c0000" "05028001" "00",
					   &num_bytes));
	assert_int_equal(num_bytes, 64);
	/* unknown fields 5 (binary), 6 (list of i32), 7 (struct of a map
	 * of string to bool, a double and a set of bools), 8 (i64), 9 (true) */
	assert_ok(read_hex("15401c1c00001c1c00001c1c0000"
					   "1803616263" "1935020406"
					   "1c1b018101610127000000000000f03f3a21010200"
					   "16feffffffffffffffff01" "11" "00", &num_bytes));
	assert_int_equal(num_bytes, 32);
	/* a union member struct with fields of its own */
	assert_ok(read_hex("15401c1c15020000" "1c1c0000" "1c1c0000" "00", &num_bytes));
}

/* Every malformed header gets its own status, and nothing is read past */
static void
test_header_errors(void **state)
{
	uint8_t		buf[64];
	uint32_t	num_bytes;
	size_t		header_len;
	size_t		len;
	size_t		cut;

	(void) state;
	/* every prefix of a good header is malformed, none read past its end */
	len = bf_parquet_write_header(buf, 8192);
	for (cut = 0; cut < len; cut++)
	{
		uint8_t    *copy = test_malloc(cut + 1);

		memcpy(copy, buf, cut);
		assert_status(bf_parquet_read_header(copy, cut, &num_bytes, &header_len),
					  BF_E_PQ_HEADER);
		test_free(copy);
	}
	/* other members of the unions: algorithm, hash, compression */
	assert_status(read_hex("15401c2c00001c1c00001c1c000000", &num_bytes), BF_E_PQ_ALGORITHM);
	assert_status(read_hex("15401c1c00001c2c00001c1c000000", &num_bytes), BF_E_PQ_HASH);
	assert_status(read_hex("15401c1c00001c1c00001c2c000000", &num_bytes), BF_E_PQ_COMPRESSION);
	/* a union with no member set, or two */
	assert_status(read_hex("15401c00" "1c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	assert_status(read_hex("15401c1c001c0000" "1c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	/* BLOCK not a struct */
	assert_status(read_hex("15401c150000" "1c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	/* a field missing, repeated, or of the wrong type */
	assert_status(read_hex("15401c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	assert_status(read_hex("1540050240" "1c1c00001c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	assert_status(read_hex("16401c1c00001c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	/* numBytes past 32 bits, or negative */
	assert_status(read_hex("15ffffffff7f1c1c00001c1c00001c1c000000", &num_bytes), BF_E_PQ_HEADER);
	assert_status(read_hex("15011c1c00001c1c00001c1c000000", &num_bytes), BF_E_PQ_SIZE);
	/* lists nested deeper than the decoder follows */
	len = hex(buf, sizeof(buf), "15401c1c00001c1c00001c1c0000");
	memset(buf + len, 0x19, 40);
	assert_status(bf_parquet_read_header(buf, len + 40, &num_bytes, &header_len),
				  BF_E_PQ_HEADER);
	/* a list longer than the input */
	assert_status(read_hex("15401c1c00001c1c00001c1c0000" "19f5ff03", &num_bytes), BF_E_PQ_HEADER);
}

/* A filter file's numBytes and length must agree, and fit a filter */
static void
test_read_errors(void **state)
{
	uint8_t		file[16 + 65];
	size_t		len;
	size_t		n;
	uint8_t    *dst;

	(void) state;
	memset(file, 0, sizeof(file));
	n = bf_parquet_write_header(file, 64);
	assert_ok(bf_parquet_read_size(file, n + 64, &len));
	assert_status(bf_parquet_read_size(file, n + 63, &len), BF_E_PQ_LENGTH);
	assert_status(bf_parquet_read_size(file, n + 65, &len), BF_E_PQ_LENGTH);
	n = bf_parquet_write_header(file, 48);
	assert_status(bf_parquet_read_size(file, n + 48, &len), BF_E_PQ_SIZE);
	n = bf_parquet_write_header(file, 0);
	assert_status(bf_parquet_read_size(file, n, &len), BF_E_PQ_SIZE);
	/* only Parquet's kinds */
	n = bf_parquet_write_header(file, 32);
	assert_ok(bf_parquet_read_size(file, n + 32, &len));
	dst = test_malloc(len);
	assert_status(bf_parquet_read(dst, len, file, n + 32, TU_KIND), BF_E_KIND_MISMATCH);
	assert_status(bf_parquet_read(dst, len - 1, file, n + 32, BF_KIND_PQ_INT64), BF_E_BUFFER);
	/* an empty filter reads as one sized for one value */
	assert_ok(bf_parquet_read(dst, len, file, n + 32, BF_KIND_PQ_INT64));
	assert_ok(bf_validate(dst, len));
	assert_int_equal(tu_view(dst, len).hdr.capacity, 1);
	test_free(dst);
}

/*
 * A filter written at its own size, folded to fewer blocks or repeated to
 * more keeps every answer: its members test positive in each, read back,
 * and values never added test positive no more often than its own rate
 * allows.  An exact filter is written as the block filter of its hashes.
 */
static void
test_write_sizes(void **state)
{
	size_t		len;
	uint8_t    *buf = pq_blocks(64, BF_KIND_PQ_INT64, &len);
	uint64_t	targets[] = {2, 16, 64, 256, 4096};
	uint64_t	hashes[2000];
	bf_view		view;
	size_t		t;
	uint64_t	i;

	(void) state;
	for (i = 0; i < 2000; i++)
		hashes[i] = bf_parquet_hash_u64(i);
	assert_ok(bf_add_hashes(buf, len, hashes, 2000));
	view = tu_view(buf, len);
	for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++)
	{
		size_t		out_len = bf_parquet_size(targets[t]);
		uint8_t    *out = test_malloc(out_len);
		size_t		read_len;
		uint8_t    *read;
		bf_view		back;
		uint64_t	absent = 0;

		assert_ok(bf_parquet_write(out, out_len, &view, targets[t]));
		assert_ok(bf_parquet_read_size(out, out_len, &read_len));
		read = test_malloc(read_len);
		assert_ok(bf_parquet_read(read, read_len, out, out_len, BF_KIND_PQ_INT64));
		assert_ok(bf_validate(read, read_len));
		back = tu_view(read, read_len);
		assert_int_equal(back.hdr.nitems, targets[t]);
		for (i = 0; i < 2000; i++)
			assert_true(bf_contains(&back, hashes[i]));
		for (i = 0; i < 2000; i++)
			absent += bf_contains(&back, bf_parquet_hash_u64(TU_ABSENT + i));
		/* repeating keeps the rate of 64 blocks: about 4 % here */
		if (targets[t] >= 64)
			assert_true(absent < 200);
		if (targets[t] == 64)
			assert_memory_equal(read + BF_HEADER_SIZE, buf + BF_HEADER_SIZE, 64 * 32);
		test_free(read);
		test_free(out);
	}
	test_free(buf);
}

/* What cannot be written is refused with its own status */
static void
test_write_errors(void **state)
{
	size_t		len;
	uint8_t    *odd = pq_blocks(3, BF_KIND_PQ_INT32, &len);
	uint8_t    *plain = tu_blocks(4, 100, 0.01, 0, &len);
	bf_view		view = tu_view(odd, bf_size_blocks(3));
	size_t		out_len = bf_parquet_size(4);
	uint8_t    *out = test_malloc(out_len + 1);

	(void) state;
	assert_status(bf_parquet_write(out, out_len, &view, 4), BF_E_FOLD);
	view = tu_view(plain, len);
	assert_status(bf_parquet_write(out, out_len, &view, 4), BF_E_HASH_MISMATCH);
	test_free(odd);
	odd = pq_blocks(4, BF_KIND_PQ_INT32, &len);
	view = tu_view(odd, len);
	assert_status(bf_parquet_write(out, out_len + 1, &view, 4), BF_E_BUFFER);
	assert_false(bf_parquet_writable(1));
	assert_false(bf_parquet_writable(3));
	assert_false(bf_parquet_writable(BF_PQ_MAX_BLOCKS * 2));
	assert_true(bf_parquet_writable(BF_PQ_MAX_BLOCKS));
	test_free(out);
	test_free(odd);
	test_free(plain);
}

/* An exact filter is written as its hashes in blocks */
static void
test_write_exact(void **state)
{
	bf_header	hdr;
	uint64_t	hashes[3];
	uint64_t	scratch[3];
	size_t		len = bf_size_exact(3);
	uint8_t    *exact = test_malloc(len);
	size_t		blen;
	uint8_t    *blocks = pq_blocks(8, BF_KIND_PQ_DATE, &blen);
	size_t		out_len = bf_parquet_size(8);
	uint8_t    *out = test_malloc(out_len);
	bf_view		view;
	int			i;

	(void) state;
	for (i = 0; i < 3; i++)
		hashes[i] = bf_parquet_hash_u32((uint32_t) i);
	bf_sort_hashes(hashes, 3, scratch);
	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, BF_KIND_PQ_DATE);
	assert_ok(bf_init_exact(exact, len, &hdr, hashes, 3));
	assert_ok(bf_add_hashes(blocks, blen, hashes, 3));
	view = tu_view(exact, len);
	assert_ok(bf_parquet_write(out, out_len, &view, 8));
	assert_memory_equal(out + bf_parquet_header_size(256), blocks + BF_HEADER_SIZE, 256);
	test_free(out);
	test_free(blocks);
	test_free(exact);
}

/*
 * A header's hash follows its kind; Parquet's kinds are valid only with
 * Parquet's hash, and no other hash id is
 */
static void
test_kinds_and_hash(void **state)
{
	size_t		len;
	uint8_t    *buf = pq_blocks(2, BF_KIND_PQ_DECIMAL64 + 18, &len);
	uint8_t		hash_id = 0;

	(void) state;
	assert_ok(bf_validate(buf, len));
	buf[6] = BF_HASH_XXH3_64;
	assert_status(bf_validate(buf, len), BF_E_BAD_HASH);
	buf[6] = BF_HASH_PARQUET + 1;
	assert_status(bf_validate(buf, len), BF_E_BAD_HASH);
	buf[6] = BF_HASH_PARQUET;
	/* no kind yet: either hash */
	memset(buf + 8, 0, 4);
	assert_ok(bf_validate(buf, len));
	buf[6] = BF_HASH_XXH3_64;
	assert_ok(bf_validate(buf, len));
	/* a kind of the PostgreSQL layer with Parquet's hash */
	buf[6] = BF_HASH_PARQUET;
	buf[8] = TU_KIND;
	assert_status(bf_validate(buf, len), BF_E_BAD_HASH);
	test_free(buf);

	assert_true(bf_kind_is_parquet(BF_KIND_PQ_INT32));
	assert_true(bf_kind_is_parquet(BF_KIND_PQ_TIMESTAMPTZ));
	assert_true(bf_kind_is_parquet(BF_KIND_PQ_DECIMAL32 + 9));
	assert_false(bf_kind_is_parquet(BF_KIND_PQ_DECIMAL32 + 10));
	assert_false(bf_kind_is_parquet(BF_KIND_PQ_DECIMAL64 + 19));
	assert_false(bf_kind_is_parquet(BF_KIND_PQ_TIMESTAMPTZ + 1));
	assert_false(bf_kind_is_parquet(0));
	assert_false(bf_kind_is_parquet(UINT32_C(0x80000101)));
	assert_string_equal(bf_hash_name(BF_HASH_PARQUET), "parquet");
	assert_true(bf_hash_by_name("parquet", &hash_id));
	assert_int_equal(hash_id, BF_HASH_PARQUET);
	assert_true(bf_hash_by_name("xxh3_64", &hash_id));
	assert_int_equal(hash_id, BF_HASH_XXH3_64);
	assert_false(bf_hash_by_name("xxh64", &hash_id));
}

/*
 * Combining keeps the pair's hash, also for filters that hold no kind yet;
 * filters of the two hashes do not combine
 */
static void
test_combine_keeps_hash(void **state)
{
	size_t		len;
	uint8_t    *a = pq_blocks(4, BF_KIND_PQ_STRING, &len);
	uint8_t    *b = pq_blocks(8, BF_KIND_PQ_STRING, &len);
	uint8_t    *plain = tu_blocks(4, 100, 0.01, 0, &len);
	uint8_t    *u;
	bf_view		va;
	bf_view		vb;
	bf_view		vp;

	(void) state;
	memset(a + 8, 0, 4);
	memset(b + 8, 0, 4);
	va = tu_view(a, bf_size_blocks(4));
	vb = tu_view(b, bf_size_blocks(8));
	u = tu_union(&va, &vb, &len);
	assert_int_equal(tu_view(u, len).hdr.hash_id, BF_HASH_PARQUET);
	assert_int_equal(tu_view(u, len).hdr.kind, 0);
	vp = tu_view(plain, bf_size_blocks(4));
	assert_status(bf_check_compatible(&va, &vp), BF_E_HASH_MISMATCH);
	test_free(u);
	test_free(plain);
	test_free(b);
	test_free(a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xxh64_known_answers),
		cmocka_unit_test(test_spark_fixture),
		cmocka_unit_test(test_header_round_trip),
		cmocka_unit_test(test_header_variants),
		cmocka_unit_test(test_header_errors),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_write_sizes),
		cmocka_unit_test(test_write_errors),
		cmocka_unit_test(test_write_exact),
		cmocka_unit_test(test_kinds_and_hash),
		cmocka_unit_test(test_combine_keeps_hash),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

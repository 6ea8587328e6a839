/*-------------------------------------------------------------------------
 *
 * sqlfuzz.c
 *	  SQL-level fuzz test of the bloom type: generated inputs through every
 *	  way a value enters the server, and every accepted one through every
 *	  function and operator of the extension.
 *
 * Input number i is made by a generator seeded with (seed, i) alone, so any
 * input can be made again without the others (-r).  Byte inputs are random
 * bytes, or valid filters fetched from the server with a bit flipped, a
 * byte set, cut short, extended, a header field set to an extreme value, or
 * several of these; or filters built here to be valid in unusual ways (odd
 * kinds, capacities and rates, saturated or random bits, exact lists of
 * extreme hashes, lists of hashes in any order with repeats and packed
 * lists, as partial aggregate states are).  Text inputs are base64 of byte inputs, random strings,
 * and valid base64 with characters changed, cut short, or with whitespace
 * and padding; a few are very long.
 *
 * Input i goes in by path i % 4: the text cast ($1::text::bloom, bloom_in),
 * a bloom parameter in text format (bloom_in at Bind), the bytea cast
 * (bloom_from_bytea), a bloom parameter in binary format (bloom_recv);
 * every 20th instead by COPY ... FROM STDIN (FORMAT binary) into a table,
 * from which the functions then read it (from TOAST when it is large).
 *
 * Checked:
 *	- an input is refused with an ERROR of SQLSTATE class 22 or 54, or it is
 *	  accepted, and then the server's bytes for it are a valid filter by
 *	  the rules of doc/format.md (checked here, without the
 *	  core library) and, on the binary paths, the bytes sent; a binary input
 *	  valid by those rules must be accepted;
 *	- an accepted filter goes through every function and operator, with
 *	  values of its kind and a partner filter of its kind; an error is
 *	  allowed only in class 22 or 54 (sizes that cannot be combined, a result
 *	  too large), and the results keep what holds of any filter: no false
 *	  negative after bloom_add, a union or bloom_union_agg; =, <> and the
 *	  order agree with bloom_cmp; equal filters hash alike; the text and
 *	  bytea round trips give the same filter; union is commutative; and,
 *	  for one input in eight, a bloombank index over the filter and the
 *	  filter with values added (built, then pending, then flushed) uses the
 *	  index, answers for the values as a sequential scan does, holds them,
 *	  and passes bloombank_check;
 *	- the connection survives: losing it is a crash.
 *
 * Statements are prepared once and pipelined (libpq pipeline mode, a Sync
 * after each, so that an error ends only its own statement): a batch of
 * inputs, then the functions over the batch's accepted filters.  With -j,
 * that many processes share the inputs, each on its own connection (a crash
 * then cuts every connection: the input that caused it is the one whose
 * error is not 57P02, "crash of another server process").
 *
 * Usage: sqlfuzz [-n inputs] [-s seed] [-j jobs] [-r input] [-v] [conninfo]
 * The connection defaults to libpq's environment (PGHOST, PGPORT, ...).
 * Prints the counts, then exits 0 if there was neither failure nor crash,
 * 1 if there was, 2 if it could not run.  -r N runs input N alone; -v shows
 * every input, statement and outcome.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/fuzz/sqlfuzz.c
 *
 *-------------------------------------------------------------------------
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libpq-fe.h"

#include "bf_internal.h"
#include "bf_parquet.h"

#define TEXTOID		25
#define BYTEAOID	17

/* The smallest positive double, a denormal (DBL_TRUE_MIN is C11) */
#define DENORMAL_MIN	0x1p-1074

/* Kinds of the types without a fast path have this bit (src/bloom_kinds.h) */
#define KIND_OTHER_BIT	0x80000000U
/* Kinds of values made of parts holding enums have this one without it */
#define KIND_VALUE_BIT	0x40000000U
/* The highest numbered kind (doc/format.md) */
#define KIND_LAST_NUMBERED	12

#define lengthof(array) (sizeof(array) / sizeof((array)[0]))

/* Parallel jobs (-j), at most */
#define MAX_JOBS		16
/* Inputs sent in one pipeline; their functions follow in a second */
#define BATCH_INPUTS	64
/* Statements over one accepted filter, at most */
#define MAX_FUNCTION_STMTS	4
/* Failures described in full; the rest are only counted */
#define MAX_REPORTS		20
/* Input bytes shown in a report, at most */
#define MAX_SHOWN		65536
/* Distinct statements prepared, at most */
#define MAX_PREPARED	1024
/* Seeds larger than this are mutated rarely: they are slow to send */
#define LARGE_SEED		65536
/* Largest payload a fix-up may allocate */
#define MAX_BUILD		((size_t) 2 << 20)

/* A growable byte string, always followed by a NUL (for text) */
typedef struct Buf
{
	uint8_t    *data;
	size_t		len;
	size_t		cap;
} Buf;

/* xoshiro256** state */
typedef struct Rng
{
	uint64_t	s[4];
} Rng;

typedef enum Path
{
	PATH_TEXT_CAST,				/* $1::text::bloom */
	PATH_TEXT_PARAM,			/* bloom parameter, text format */
	PATH_BYTEA,					/* $1::bloom from a bytea parameter */
	PATH_BINARY,				/* bloom parameter, binary format */
	PATH_COPY,					/* COPY FROM STDIN (FORMAT binary) */
	NUM_PATHS
} Path;

static const char *const path_names[NUM_PATHS] = {
	"text cast", "text parameter", "bytea cast", "binary parameter",
	"binary COPY"
};

typedef enum Category
{
	CAT_RANDOM,					/* random bytes */
	CAT_SEED,					/* a valid filter as it is */
	CAT_BIT,					/* one bit flipped */
	CAT_BYTE,					/* one byte set */
	CAT_TRUNCATE,				/* cut short */
	CAT_EXTEND,					/* bytes appended */
	CAT_HEADER,					/* a header field at an extreme */
	CAT_HAVOC,					/* several of the above */
	CAT_VALID,					/* valid in an unusual way */
	CAT_TEXT_BASE64,			/* base64 of a byte input */
	CAT_TEXT_RANDOM,			/* random characters */
	CAT_TEXT_CHAR,				/* valid text, characters changed */
	CAT_TEXT_TRUNCATE,			/* valid text cut short */
	CAT_TEXT_SPACE,				/* valid text, whitespace and padding */
	CAT_TEXT_LONG,				/* a very long string */
	NUM_CATEGORIES
} Category;

static const char *const category_names[NUM_CATEGORIES] = {
	"random bytes", "valid filter", "bit flipped", "byte set", "truncated",
	"extended", "header extreme", "several changes", "unusual valid",
	"text: base64 of bytes", "text: random", "text: characters changed",
	"text: truncated", "text: whitespace, padding", "text: very long"
};

/* One generated input and what became of it */
typedef struct Input
{
	uint64_t	number;
	Path		path;
	Category	category;
	Buf			data;			/* bytes, or text */
	Rng			rng;			/* after generation: partner and values */
	bool		accepted;
	Buf			filter;			/* the accepted filter's bytes */
	Buf			partner;		/* the filter it is combined with */
} Input;

/* A statement to send, and its outcome */
typedef struct Stmt
{
	char	   *sql;			/* malloc'd */
	char		name[16];		/* of its prepared statement */
	const char *label;			/* what it does, for reports */
	Input	   *input;			/* the input it belongs to */
	int			nparams;
	Oid			types[2];
	const char *values[2];
	int			lengths[2];
	int			formats[2];
	int			result_format;
	/* outcome */
	ExecStatusType status;
	char		sqlstate[6];
	char	   *message;		/* malloc'd, or NULL */
	Buf			value;			/* first column of the first row */
	bool		has_value;
} Stmt;

/* A valid filter fetched from the server, to mutate */
typedef struct Seed
{
	const char *sql;
	const char *value;			/* a value of its kind, in terms of g */
	Buf			bytes;
	uint32_t	kind;
} Seed;

/* A SQL expression, in terms of g, for values of one kind */
typedef struct ValueExpr
{
	uint32_t	kind;
	const char *expr;
} ValueExpr;

/* SQLSTATEs seen, with counts */
typedef struct StateTable
{
	struct
	{
		char		code[6];
		uint64_t	count;
	}			entries[64];
	int			n;
} StateTable;

typedef struct Stats
{
	uint64_t	tried;
	uint64_t	accepted;
	uint64_t	rejected;
	uint64_t	statements;		/* function statements run */
	uint64_t	errors;			/* of those, allowed errors */
	uint64_t	failures;
	uint64_t	crashes;
	uint64_t	notices;
	uint64_t	path_tried[NUM_PATHS];
	uint64_t	path_accepted[NUM_PATHS];
	uint64_t	cat_tried[NUM_CATEGORIES];
	uint64_t	cat_accepted[NUM_CATEGORIES];
	StateTable	rejected_states;
	StateTable	error_states;
} Stats;

#define AGG(expr, n) \
	{"SELECT bloom_agg(" expr ") FROM generate_series(1, " #n ") AS g", \
	 expr, {0}, 0}
#define SEED(sql, expr) {sql, expr, {0}, 0}

/* The seeds: every kind of value, both layouts, empty to 1 MB */
static Seed seeds[] = {
	AGG("g", 0),
	AGG("g", 1),
	AGG("g", 8),
	AGG("g", 10),
	AGG("g", 1000),
	AGG("g", 600000),
	AGG("g::int2", 5),
	AGG("g::int8", 50),
	AGG("g::text", 5),
	AGG("g::text", 200),
	AGG("g::varchar", 20),
	AGG("g::text::name", 3),
	AGG("g::char(4)", 30),
	AGG("g / 3.0::float8", 5),
	AGG("g::float4", 40),
	AGG("g / 7.0", 6),
	AGG("md5(g::text)::uuid", 30),
	AGG("int4send(g)", 4),
	AGG("date '2020-01-01' + g", 20),
	AGG("timestamp '2020-01-01' + g * interval '1 hour'", 3),
	AGG("timestamptz '2020-01-01 00:00+00' + g * interval '1 hour'", 12),
	AGG("inet '10.0.0.0' + g", 9),
	AGG("g % 2 = 0", 2),
	AGG("g * interval '1 s'", 3),
	AGG("g * interval '1 s'", 100),
	SEED("SELECT bloom_agg(g, 1000, 0.01) FROM generate_series(1, 500) AS g",
		 "g"),
	SEED("SELECT bloom_agg(g, 1, 0.5) FROM generate_series(1, 5000) AS g",
		 "g"),
	SEED("SELECT (SELECT bloom_agg(g) FROM generate_series(1, 1000) AS g) | "
		 "(SELECT bloom_agg(g) FROM generate_series(501, 3000) AS g)", "g"),
	SEED("SELECT (SELECT bloom_agg(g) FROM generate_series(1, 1000) AS g) & "
		 "(SELECT bloom_agg(g) FROM generate_series(501, 3000) AS g)", "g"),
	SEED("SELECT bloom_add(bloom_create(100, 0.01), 'x'::text)", "g::text"),
	SEED("SELECT bloom_create(1000, 0.01)", NULL),
	SEED("SELECT bloom_create(100000, 0.001)", NULL),
	SEED("SELECT bloom_create(1, 0.5)", NULL),
	SEED("SELECT bloom_create(5, 0.999)", NULL),
	SEED("SELECT bloom_parquet_agg(g::int8) FROM generate_series(1, 50) AS g",
		 "g::int8"),
	SEED("SELECT bloom_parquet_agg(g::text, 1000, 0.01) "
		 "FROM generate_series(1, 300) AS g", "g::text"),
	SEED("SELECT bloom_from_parquet(bloom_to_parquet(bloom_parquet_agg(g)), "
		 "'int4') FROM generate_series(1, 100) AS g", "g"),
	SEED("SELECT bloom_create(1000, 0.01, 'parquet')", NULL),
	SEED("SELECT bloom_part_agg(g, 1000, 0.01, 4) FROM generate_series(1, 500) AS g "
		 "GROUP BY bloom_part_of(g, 1000, 0.01, 4) ORDER BY 1 LIMIT 1", "g"),
	SEED("SELECT filter FROM bloom_split((SELECT bloom_agg(g::text, 20208, 0.01) "
		 "FROM generate_series(1, 300) AS g), 13) WHERE part = 5", "g::text"),
	SEED("SELECT bloom_part_create(1000000000, 0.01, 1024, 1023)", NULL),
};

/*
 * Where the functions read the filter f and its partner p from: two
 * parameters, or the row of the COPY table and a parameter.
 */
static const char src_params[] =
"(VALUES ($1::bloom, $2::bloom)) AS s(f, p)";
static const char src_table[] =
"sqlfuzz_copy AS s(f), (VALUES ($2::bloom)) AS q(p)";

/*
 * The statements over an accepted filter f and its partner p.  {src} is
 * their source, {v} a value of f's kind in terms of g.  The first column
 * names the properties that do not hold (concat_ws skips the NULLs of those
 * that do); the other columns are there to make the functions run.
 */
static const char stmt_unary[] =
"SELECT concat_ws(' ',\n"
"  CASE WHEN (f = f) IS NOT TRUE OR (f <> f) IS NOT FALSE\n"
"    OR bloom_cmp(f, f) <> 0 OR NOT (f #<=# f AND f #>=# f)\n"
"    OR f #<# f OR f #># f THEN 'self-order' END,\n"
"  CASE WHEN (f = p) <> (bloom_cmp(f, p) = 0) OR (f <> p) = (f = p)\n"
"    OR (f #<# p) <> (bloom_cmp(f, p) < 0)\n"
"    OR (f #># p) <> (bloom_cmp(f, p) > 0)\n"
"    OR (f #<=# p) = (f #># p) OR (f #>=# p) = (f #<# p)\n"
"    OR sign(bloom_cmp(f, p)) <> -sign(bloom_cmp(p, f)) THEN 'order' END,\n"
"  CASE WHEN f = p AND (bloom_hash(f) <> bloom_hash(p)\n"
"    OR bloom_hash_extended(f, 7) <> bloom_hash_extended(p, 7))\n"
"    THEN 'hash' END,\n"
"  CASE WHEN f::text::bloom <> f OR f::text !~ '^QkYB'\n"
"    THEN 'text round trip' END,\n"
"  CASE WHEN f::bytea::bloom <> f THEN 'bytea round trip' END,\n"
"  CASE WHEN i.version <> 1 OR i.layout NOT IN ('blocks', 'exact')\n"
"    OR i.hash NOT IN ('xxh3_64', 'parquet') OR NOT (i.fpr BETWEEN 0 AND 1)\n"
"    OR i.fpr <> bloom_fpr(f) THEN 'bloom_info' END,\n"
"  CASE WHEN i.cardinality IS DISTINCT FROM bloom_cardinality(f)\n"
"    OR (# f) IS DISTINCT FROM bloom_cardinality(f)\n"
"    OR NOT (bloom_cardinality(f) >= 0) THEN 'cardinality' END,\n"
"  CASE WHEN NOT (bloom_jaccard(f, f) BETWEEN 0 AND 1\n"
"    OR bloom_jaccard(f, f) = 'NaN') THEN 'jaccard' END),\n"
"  bloom_union_cardinality(f, f), bloom_intersection_cardinality(f, f), i.*\n"
"FROM {src}, LATERAL bloom_info(f) AS i";

static const char stmt_values[] =
"SELECT concat_ws(' ',\n"
"  CASE WHEN NOT bool_and(fv @> {v}) THEN 'bloom_add then @>' END,\n"
"  CASE WHEN NOT bool_and({v} <@ fv) THEN 'bloom_add then <@' END,\n"
"  CASE WHEN bool_or((f @> {v}) <> bloom_contains(f, {v})\n"
"    OR ({v} <@ f) <> bloom_contains(f, {v})) THEN '@> and <@' END,\n"
"  CASE WHEN NOT bool_and(bloom_union(f, b) @> {v})\n"
"    THEN 'bloom_union lost a value' END,\n"
"  CASE WHEN NOT bool_and(bloom_intersect(fv, b) @> {v})\n"
"    THEN 'bloom_intersect lost a value' END),\n"
"  max(bloom_cardinality(fv))\n"
"FROM {src},\n"
"  LATERAL (SELECT bloom_agg({v}) AS b\n"
"           FROM generate_series(1, 3) AS g) AS a,\n"
"  generate_series(1, 3) AS g,\n"
"  LATERAL (SELECT bloom_add(f, {v}) AS fv) AS x";

static const char stmt_pair[] =
"SELECT concat_ws(' ',\n"
"  CASE WHEN (f | p) <> (p | f) THEN 'union not commutative' END,\n"
"  CASE WHEN bloom_union_cardinality(f, p)\n"
"      IS DISTINCT FROM bloom_union_cardinality(p, f)\n"
"    OR bloom_intersection_cardinality(f, p)\n"
"      IS DISTINCT FROM bloom_intersection_cardinality(p, f)\n"
"    OR bloom_jaccard(f, p) IS DISTINCT FROM bloom_jaccard(p, f)\n"
"    THEN 'estimates not symmetric' END,\n"
"  CASE WHEN NOT (SELECT bool_and(u @> {v}) FROM generate_series(1, 3) AS g)\n"
"    THEN 'bloom_union_agg lost a value' END,\n"
"  CASE WHEN (SELECT count(*) FROM (SELECT x FROM (VALUES (f), (p), (f))\n"
"      AS v(x) GROUP BY x) AS q) <> CASE WHEN f = p THEN 1 ELSE 2 END\n"
"    THEN 'group by' END),\n"
"  bloom_info(f | f), bloom_info(f & f), bloom_info(f & p),\n"
"  bloom_info(u), bloom_info(n)\n"
"FROM {src},\n"
"  LATERAL (SELECT bloom_agg({v}) AS b\n"
"           FROM generate_series(1, 3) AS g) AS a,\n"
"  LATERAL (SELECT bloom_union_agg(x) AS u, bloom_intersect_agg(x) AS n\n"
"           FROM (VALUES (f), (p), (NULL), (b)) AS v(x)) AS c";

/* stmt_pair for a filter whose kind has no known value */
static const char stmt_pair_novalue[] =
"SELECT concat_ws(' ',\n"
"  CASE WHEN (f | p) <> (p | f) THEN 'union not commutative' END,\n"
"  CASE WHEN bloom_union_cardinality(f, p)\n"
"      IS DISTINCT FROM bloom_union_cardinality(p, f)\n"
"    OR bloom_intersection_cardinality(f, p)\n"
"      IS DISTINCT FROM bloom_intersection_cardinality(p, f)\n"
"    OR bloom_jaccard(f, p) IS DISTINCT FROM bloom_jaccard(p, f)\n"
"    THEN 'estimates not symmetric' END,\n"
"  CASE WHEN (SELECT count(*) FROM (SELECT x FROM (VALUES (f), (p), (f))\n"
"      AS v(x) GROUP BY x) AS q) <> CASE WHEN f = p THEN 1 ELSE 2 END\n"
"    THEN 'group by' END),\n"
"  bloom_info(f | f), bloom_info(f & f), bloom_info(f & p),\n"
"  bloom_info(u), bloom_info(n)\n"
"FROM {src},\n"
"  LATERAL (SELECT bloom_union_agg(x) AS u, bloom_intersect_agg(x) AS n\n"
"           FROM (VALUES (f), (p), (NULL), (f)) AS v(x)) AS c";

/*
 * A bloombank index over the filter and the filter with values added, some
 * rows pending: its answers for the values, before and after a flush, are
 * a scan's, and hold the values (pg_temp.sqlfuzz_bank, made by setup); run
 * for one input in BANK_EVERY, a table and an index apiece.  (Not the
 * partner, which may be of a kind that refuses the values.)
 */
static const char stmt_bank[] =
"SELECT pg_temp.sqlfuzz_bank(f, ARRAY(SELECT {v} FROM generate_series(1, 3) AS g))\n"
"FROM {src}";

#define BANK_EVERY	8

static const char *const stmts_with_value[] = {
	stmt_unary, stmt_values, stmt_pair, stmt_bank
};
static const char *const stmts_without_value[] = {
	stmt_unary, stmt_pair_novalue
};
static const char *const labels_with_value[] = {
	"functions of the filter", "functions with values",
	"functions of two filters", "a bloombank index"
};
static const char *const labels_without_value[] = {
	"functions of the filter", "functions of two filters"
};

/*
 * stmt_bank's function: the properties of a bloombank index over f and f
 * with the values vs added (rows 2 and 3, the last pending) that do not
 * hold.  Its table lives as long as the statement.
 */
static const char bank_function[] =
"CREATE FUNCTION pg_temp.sqlfuzz_bank(f bloom, vs anycompatiblearray)\n"
"RETURNS text LANGUAGE plpgsql AS $fn$\n"
"DECLARE\n"
"  answers text := 'SELECT string_agg(x.ids, '' '' ORDER BY x.ord) FROM unnest($1)\n"
"      WITH ORDINALITY AS u(v, ord), LATERAL (SELECT u.ord, (SELECT array_agg(b.id\n"
"      ORDER BY b.id) FROM sqlfuzz_bank AS b WHERE b.f @> u.v)::text AS ids) AS x';\n"
"  indexed text;\n"
"  flushed text;\n"
"  scanned text;\n"
"  line text;\n"
"  plan text := '';\n"
"BEGIN\n"
"  CREATE TEMP TABLE sqlfuzz_bank (id int, f bloom);\n"
"  INSERT INTO sqlfuzz_bank VALUES (1, f), (2, bloom_add_all(f, vs));\n"
"  CREATE INDEX sqlfuzz_bank_f ON sqlfuzz_bank USING bloombank (f);\n"
"  INSERT INTO sqlfuzz_bank VALUES (3, bloom_add_all(f, vs)), (4, f);\n"
"  PERFORM set_config('enable_seqscan', 'off', true);\n"
"  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || answers USING vs LOOP\n"
"    plan := plan || line;\n"
"  END LOOP;\n"
"  EXECUTE answers INTO indexed USING vs;\n"
"  PERFORM bloombank_flush('sqlfuzz_bank_f');\n"
"  EXECUTE answers INTO flushed USING vs;\n"
"  PERFORM set_config('enable_seqscan', 'on', true);\n"
"  PERFORM set_config('enable_bitmapscan', 'off', true);\n"
"  EXECUTE answers INTO scanned USING vs;\n"
"  PERFORM set_config('enable_bitmapscan', 'on', true);\n"
"  PERFORM bloombank_check('sqlfuzz_bank_f');\n"
"  DROP TABLE sqlfuzz_bank;\n"
"  RETURN concat_ws(' ',\n"
"    CASE WHEN plan NOT LIKE '%Bitmap Index Scan on sqlfuzz_bank_f%'\n"
"      THEN 'the index is not used' END,\n"
"    CASE WHEN indexed IS DISTINCT FROM scanned OR flushed IS DISTINCT FROM scanned\n"
"      THEN 'bloombank answers otherwise than a scan' END,\n"
"    CASE WHEN scanned !~ '^(\\{[^ ]*2,3[^ ]*\\}( |$))+$'\n"
"      THEN 'a filter lost a value' END);\n"
"END $fn$";

/* Values by kind, gathered from the seeds */
static ValueExpr value_exprs[lengthof(seeds)];
static int	num_value_exprs;

/* Statements prepared so far: their text, and its hash to find it fast */
static char *prepared[MAX_PREPARED];
static uint64_t prepared_hash[MAX_PREPARED];
static int	num_prepared;

static uint64_t run_seed = 1;	/* -s */
static bool verbose;			/* -v */
static Oid	bloom_oid;
static Stats stats;
static uint64_t reports;

/* Report a failure of the harness itself and exit 2 */
static void
die(const char *what, const char *detail)
{
	fprintf(stderr, "sqlfuzz: %s%s%s\n", what, detail ? ": " : "",
			detail ? detail : "");
	exit(2);
}

/* malloc that cannot fail */
static void *
xmalloc(size_t n)
{
	void	   *p = malloc(n ? n : 1);

	if (p == NULL)
		die("out of memory", NULL);
	return p;
}

/* strdup that cannot fail */
static char *
xstrdup(const char *s)
{
	size_t		n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

/* Make room for n bytes and the NUL after them */
static void
buf_reserve(Buf *b, size_t n)
{
	if (n + 1 <= b->cap)
		return;
	b->cap = (n + 1) * 2 > 64 ? (n + 1) * 2 : 64;
	b->data = realloc(b->data, b->cap);
	if (b->data == NULL)
		die("out of memory", NULL);
}

/* Set the length to n; new bytes are zero */
static void
buf_resize(Buf *b, size_t n)
{
	buf_reserve(b, n);
	if (n > b->len)
		memset(b->data + b->len, 0, n - b->len);
	b->len = n;
	b->data[n] = 0;
}

/* Append n bytes */
static void
buf_append(Buf *b, const void *src, size_t n)
{
	buf_reserve(b, b->len + n);
	if (n > 0)
		memcpy(b->data + b->len, src, n);
	b->len += n;
	b->data[b->len] = 0;
}

/* Append one byte */
static void
buf_putc(Buf *b, uint8_t c)
{
	buf_append(b, &c, 1);
}

/* Replace the contents with n bytes */
static void
buf_set(Buf *b, const void *src, size_t n)
{
	b->len = 0;
	buf_append(b, src, n);
}

/* Release the memory */
static void
buf_free(Buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

/* One step of splitmix64, to seed xoshiro from a single number */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t	z = (*x += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* The generator of input number `stream` of the run */
static void
rng_init(Rng *rng, uint64_t stream)
{
	uint64_t	x = run_seed * UINT64_C(0xD1B54A32D192ED03) ^ stream;
	int			i;

	for (i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
}

/* Next 64 random bits (xoshiro256**) */
static uint64_t
rng_next(Rng *rng)
{
	uint64_t   *s = rng->s;
	uint64_t	result = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9;
	uint64_t	t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/* A random number in [0, n), n > 0 (the modulo bias does not matter) */
static uint64_t
rng_below(Rng *rng, uint64_t n)
{
	return rng_next(rng) % n;
}

/* True with probability percent / 100 */
static bool
rng_percent(Rng *rng, int percent)
{
	return rng_below(rng, 100) < (uint64_t) percent;
}

/* A length in [0, max], most of them small */
static size_t
rng_length(Rng *rng, size_t max)
{
	return (size_t) rng_below(rng, rng_below(rng, max + 1) + 1);
}

/* A random double uniform in (0, 1) */
static double
rng_unit(Rng *rng)
{
	double		d;

	do
		d = (double) (rng_next(rng) >> 11) * 0x1.0p-53;
	while (d == 0.0);
	return d;
}

#define PICK(rng, array) ((array)[rng_below((rng), lengthof(array))])

/* The item count in a header (the buffer holds at least a header) */
static uint64_t
hdr_nitems(const Buf *b)
{
	return bf_load64(b->data + BF_OFF_NITEMS);
}

/* Whether a layout's items are hashes: an exact filter's or a list's */
static bool
layout_of_hashes(uint8_t layout)
{
	return layout == BF_LAYOUT_EXACT || layout == BF_LAYOUT_LIST;
}

/* Bytes per item of the header's layout (a block's for a bad layout) */
static size_t
hdr_item_bytes(const Buf *b)
{
	if (layout_of_hashes(b->data[BF_OFF_LAYOUT]))
		return BF_HASH_BYTES;
	return BF_BLOCK_BYTES;
}

/* The kind of value in a buffer's header, or 0 if it is too short */
static uint32_t
buf_kind(const Buf *b)
{
	return b->len >= BF_OFF_KIND + 4 ? bf_load32(b->data + BF_OFF_KIND) : 0;
}

/* Set bits in n bytes */
static uint64_t
popcount_bytes(const uint8_t *p, size_t n)
{
	uint64_t	bits = 0;
	uint64_t	word;
	size_t		i = 0;

	for (; i + 8 <= n; i += 8)
	{
		memcpy(&word, p + i, 8);
		bits += (uint64_t) __builtin_popcountll(word);
	}
	for (; i < n; i++)
		bits += (uint64_t) __builtin_popcount(p[i]);
	return bits;
}

/*
 * The model false-positive rate of nblocks blocks holding n values, as
 * doc/sizing.md states it (a block's load is Poisson with mean n / nblocks,
 * each of its 8 words has one probed bit, set with probability
 * 1 - (31/32)^load), computed here independently of the core.  Past 1,000
 * values a block the rate is 1 to double precision.
 */
static double
model_fpr(double n, double nblocks)
{
	double		mean = n / nblocks;
	double		sum = 0.0;
	double		j;

	if (mean > 1000.0)
		return 1.0;
	for (j = 0.0; j <= mean + 12.0 * sqrt(mean) + 40.0; j += 1.0)
		sum += exp(-mean + j * log(mean) - lgamma(j + 1.0)) *
			pow(1.0 - pow(31.0 / 32.0, j), 8.0);
	return sum;
}

/*
 * Whether a header's capacity (or exact count) n and target rate fpr are
 * ones the sizing can produce: a rate of at least BF_MIN_FPR that the
 * largest filter (max_blocks: of one value, or of a whole kept in parts)
 * meets for n values.  The model here and the core's round
 * differently in the last bits, so a rate within a billionth of the
 * model's counts as met (BF_MIN_FPR is the core's rate for one value);
 * a model rate of 1 is met by no rate.
 */
static bool
sizable(uint64_t n, double fpr, uint64_t max_blocks)
{
	double		model;

	if (n < 1 || !(fpr >= BF_MIN_FPR && fpr < 1.0))
		return false;
	model = model_fpr((double) n, (double) max_blocks);
	return model < 1.0 && model <= fpr * (1.0 + 1e-9);
}

/*
 * Whether a kind is one of Parquet mode's (doc/format.md: INT32 to
 * TIMESTAMPTZ, and the decimals of each scale), which go with hash id 2
 */
static bool
spec_parquet_kind(uint32_t kind)
{
	return (kind >= BF_KIND_PQ_INT32 && kind <= BF_KIND_PQ_TIMESTAMPTZ) ||
		(kind >= BF_KIND_PQ_DECIMAL32 &&
		 kind <= BF_KIND_PQ_DECIMAL32 + BF_PQ_DECIMAL32_DIGITS) ||
		(kind >= BF_KIND_PQ_DECIMAL64 &&
		 kind <= BF_KIND_PQ_DECIMAL64 + BF_PQ_DECIMAL64_DIGITS);
}

/*
 * The shape of a packed list's code (doc/format.md): n keys below 2^64
 * (nblocks 0) or nblocks * 2^32; into *low, the low parts' bits a key,
 * and returns the high parts' bit count
 */
static uint64_t
packed_shape(uint64_t n, uint64_t nblocks, int *low)
{
	unsigned __int128 universe = nblocks == 0 ? (unsigned __int128) 1 << 64 :
		(unsigned __int128) nblocks << 32;
	int			l = 0;

	if (n == 0)
	{
		*low = 0;
		return 0;
	}
	/* the largest l <= 63 with n * 2^l <= the universe */
	while (l < 63 && ((unsigned __int128) n << (l + 1)) <= universe)
		l++;
	*low = l;
	return n + (uint64_t) ((universe - 1) >> l) + 1;
}

/* Bytes of the code of a packed list (packed_shape) */
static uint64_t
packed_bytes(uint64_t n, uint64_t nblocks)
{
	int			l;
	uint64_t	high = packed_shape(n, nblocks, &l);

	return 8 * ((n * (uint64_t) l + 63) / 64 + (high + 63) / 64);
}

/* Bit i of a string of little-endian 64-bit words at p */
static int
bit_at(const uint8_t *p, uint64_t i)
{
	return (p[i / 8] >> (i % 8)) & 1;
}

/*
 * Why a packed list's code is not one, or NULL: its keys (read bit by
 * bit, as doc/format.md says) must ascend strictly below the universe,
 * the high parts hold exactly n set bits, and every bit past the parts
 * is zero
 */
static const char *
packed_problem(const uint8_t *p, uint64_t n, uint64_t nblocks)
{
	int			l;
	uint64_t	high = packed_shape(n, nblocks, &l);
	uint64_t	low_bits = n * (uint64_t) l;
	const uint8_t *highs = p + 8 * ((low_bits + 63) / 64);
	uint64_t	i;
	uint64_t	k = 0;
	uint64_t	prev = 0;

	for (i = low_bits; i < 8 * ((low_bits + 63) / 64); i++)
		if (bit_at(p, i))
			return "packed: a bit past the low parts";
	for (i = high; i < 8 * ((high + 63) / 64); i++)
		if (bit_at(highs, i))
			return "packed: a bit past the high parts";
	for (i = 0; i < high; i++)
	{
		uint64_t	key = 0;
		int			b;

		if (!bit_at(highs, i))
			continue;
		if (k == n)
			return "packed: more keys than its count";
		for (b = 0; b < l; b++)
			key |= (uint64_t) bit_at(p, k * (uint64_t) l + b) << b;
		if (l < 64 && (i - k) > (UINT64_MAX >> l))
			return "packed: a key past the universe";
		key |= (i - k) << l;
		if ((k > 0 && key <= prev) || (nblocks != 0 && key >> 32 >= nblocks))
			return "packed: keys not ascending below the universe";
		prev = key;
		k++;
	}
	return k == n ? NULL : "packed: fewer keys than its count";
}

/*
 * Why a byte string is not a valid filter, or NULL if it is one: the rules
 * of doc/format.md (and, where it says less, bf_format.c's
 * validator), written out independently of the core.
 */
static const char *
spec_problem(const uint8_t *p, size_t len)
{
	uint8_t		layout;
	uint64_t	nitems;
	uint64_t	flags;
	uint64_t	parts;
	uint64_t	part;
	double		fpr;
	uint64_t	i;

	if (len < BF_HEADER_SIZE)
		return "shorter than a header";
	if (p[BF_OFF_MAGIC] != 'B' || p[BF_OFF_MAGIC + 1] != 'F')
		return "magic";
	if (p[BF_OFF_VERSION] != BF_FORMAT_VERSION)
		return "version";
	layout = p[BF_OFF_LAYOUT];
	if (layout != BF_LAYOUT_BLOCKS && !layout_of_hashes(layout) &&
		layout != BF_LAYOUT_PACKED)
		return "layout";
	flags = bf_load16(p + BF_OFF_FLAGS);
	if (flags & ~(uint64_t) (BF_FLAG_AUTO | BF_FLAG_PART))
		return "flags";
	if ((p[BF_OFF_HASH_ID] != BF_HASH_XXH3_64 &&
		 p[BF_OFF_HASH_ID] != BF_HASH_PARQUET) ||
		bf_load64(p + BF_OFF_SEED) != 0)
		return "hash";
	if (bf_load32(p + BF_OFF_KIND) != 0 &&
		spec_parquet_kind(bf_load32(p + BF_OFF_KIND)) !=
		(p[BF_OFF_HASH_ID] == BF_HASH_PARQUET))
		return "hash of the kind";
	if (p[BF_OFF_RESERVED0] != 0)
		return "reserved";
	parts = bf_load32(p + BF_OFF_PARTS);
	part = bf_load32(p + BF_OFF_PART);
	if (!(flags & BF_FLAG_PART) && (parts != 0 || part != 0))
		return "part fields in a filter that is no part";
	if (bf_load32(p + BF_OFF_KIND) > KIND_LAST_NUMBERED &&
		!(bf_load32(p + BF_OFF_KIND) & (KIND_OTHER_BIT | KIND_VALUE_BIT)) &&
		!spec_parquet_kind(bf_load32(p + BF_OFF_KIND)))
		return "kind";
	fpr = bf_load_double(p + BF_OFF_FPR);
	if (!(fpr >= BF_MIN_FPR && fpr < 1.0))
		return "target rate";
	nitems = bf_load64(p + BF_OFF_NITEMS);
	if (layout == BF_LAYOUT_BLOCKS)
	{
		if (bf_load64(p + BF_OFF_CAPACITY) < 1)
			return "capacity";
		if (!sizable(bf_load64(p + BF_OFF_CAPACITY), fpr,
					 (flags & BF_FLAG_PART) ? BF_MAX_WHOLE_BLOCKS : BF_MAX_BLOCKS))
			return "capacity not sizable at the target rate";
		if (nitems < 1 || nitems > BF_MAX_BLOCKS)
			return "block count";
		if ((flags & BF_FLAG_AUTO) && (nitems & (nitems - 1)) != 0)
			return "auto-sized, but the block count is not a power of two";
		if ((flags & BF_FLAG_PART) &&
			(parts < 1 || parts > BF_MAX_PARTS || part >= parts))
			return "part number or count";
		if ((flags & BF_FLAG_PART) && nitems * parts > BF_MAX_WHOLE_BLOCKS)
			return "whole of a part past 2^32 blocks";
		if ((flags & (BF_FLAG_PART | BF_FLAG_AUTO)) == (BF_FLAG_PART | BF_FLAG_AUTO) &&
			((nitems * parts) & (nitems * parts - 1)) != 0)
			return "auto-sized, but the whole's block count is not a power of two";
		if (len != BF_HEADER_SIZE + nitems * BF_BLOCK_BYTES)
			return "length";
		if (bf_load64(p + BF_OFF_BITS_SET) !=
			popcount_bytes(p + BF_HEADER_SIZE, len - BF_HEADER_SIZE))
			return "set bits";
		return NULL;
	}
	/* a list of a sized filter's hashes: its block count as set bits */
	if (layout != BF_LAYOUT_EXACT && bf_load64(p + BF_OFF_BITS_SET) != 0)
	{
		if (flags != 0)
			return "a sized filter's list, but flags";
		if (bf_load64(p + BF_OFF_CAPACITY) < 1 ||
			!sizable(bf_load64(p + BF_OFF_CAPACITY), fpr, BF_MAX_BLOCKS))
			return "a sized filter's list, but its capacity";
		if (bf_load64(p + BF_OFF_BITS_SET) > BF_MAX_BLOCKS)
			return "a sized filter's list, but its block count";
		if (nitems > BF_MAX_HASHES ||
			len != BF_HEADER_SIZE + (layout == BF_LAYOUT_PACKED ?
									 packed_bytes(nitems, bf_load64(p + BF_OFF_BITS_SET)) :
									 nitems * BF_HASH_BYTES))
			return "length";
		if (layout == BF_LAYOUT_PACKED)
			return packed_problem(p + BF_HEADER_SIZE, nitems,
								  bf_load64(p + BF_OFF_BITS_SET));
		return NULL;
	}
	/* an exact filter, or a list: its hashes in any order, repeats allowed */
	if (!(flags & BF_FLAG_AUTO))
		return "exact, but not auto-sized";
	if (flags & BF_FLAG_PART)
		return "exact, but a part";
	if (bf_load64(p + BF_OFF_CAPACITY) != 0)
		return "capacity";
	if (nitems > BF_MAX_HASHES)
		return "hash count";
	if (!sizable(nitems > 0 ? nitems : 1, fpr, BF_MAX_BLOCKS))
		return "hash count not sizable at the target rate";
	if (bf_load64(p + BF_OFF_BITS_SET) != 0)
		return "set bits";
	if (layout == BF_LAYOUT_PACKED)
		return len != BF_HEADER_SIZE + packed_bytes(nitems, 0) ? "length" :
			packed_problem(p + BF_HEADER_SIZE, nitems, 0);
	if (len != BF_HEADER_SIZE + nitems * BF_HASH_BYTES)
		return "length";
	for (i = 1; layout == BF_LAYOUT_EXACT && i < nitems; i++)
		if (bf_load64(p + BF_HEADER_SIZE + (i - 1) * BF_HASH_BYTES) >=
			bf_load64(p + BF_HEADER_SIZE + i * BF_HASH_BYTES))
			return "hashes not ascending";
	return NULL;
}

/* A valid target rate, often at an edge of (0, 1) */
static double
valid_fpr(Rng *rng)
{
	static const double edges[] = {
		BF_MIN_FPR, 1e-12, 1e-6, 0.001, 0.01, 0.1, 0.5, 0.9,
		1.0 - DBL_EPSILON / 2
	};

	return rng_percent(rng, 20) ? rng_unit(rng) : PICK(rng, edges);
}

/*
 * A capacity for a block filter, often extreme: valid where the largest
 * filter meets the target rate for it (spec_problem judges)
 */
static uint64_t
valid_capacity(Rng *rng)
{
	static const uint64_t edges[] = {
		1, 2, 1000, UINT64_C(1) << 31, UINT64_C(1) << 32, INT64_MAX,
		UINT64_C(1) << 63, UINT64_MAX
	};

	if (rng_percent(rng, 25))
		return 1 + rng_below(rng, rng_percent(rng, 50) ? UINT64_C(1) << 28 : UINT64_MAX);
	return PICK(rng, edges);
}

/* A kind of value: known, learned from the seeds, unknown, or none */
static uint32_t
any_kind(Rng *rng)
{
	switch (rng_below(rng, 6))
	{
		case 0:
			return 0;
		case 1:
		case 2:
			return value_exprs[rng_below(rng, num_value_exprs)].kind;
		case 3:
			return 12 + (uint32_t) rng_below(rng, 20);
		case 4:
			return KIND_OTHER_BIT | (uint32_t) rng_next(rng);
		default:
			return (uint32_t) rng_next(rng);
	}
}

/* Fill n bytes with bits set at a random density, none to all */
static void
fill_bits(Rng *rng, uint8_t *p, size_t n)
{
	int			density = (int) rng_below(rng, 6);
	size_t		i;

	for (i = 0; i < n; i++)
	{
		uint8_t		a = (uint8_t) rng_next(rng);
		uint8_t		b = (uint8_t) rng_next(rng);
		uint8_t		c = (uint8_t) rng_next(rng);

		switch (density)
		{
			case 0:
				p[i] = 0;
				break;
			case 1:
				p[i] = a < 8 ? (uint8_t) (1 << (b & 7)) : 0;
				break;
			case 2:
				p[i] = a & b & c;
				break;
			case 3:
				p[i] = a;
				break;
			case 4:
				p[i] = a | b | c;
				break;
			default:
				p[i] = 0xFF;
				break;
		}
	}
}

/* Comparison of two uint64 for qsort */
static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * Make the stored count of set bits a block filter's, or sort and dedupe an
 * exact filter's hashes (fixing its count and length): after other changes,
 * so that the checks behind these pass; a list's hashes need nothing (nor
 * does a packed list, whose code is built whole).
 * Does nothing unless the length is what the header's item count says.
 */
static void
fix_payload(Buf *b)
{
	uint64_t	n;
	uint64_t	i;
	uint64_t	j;
	uint64_t   *hashes;
	uint8_t    *payload = b->data + BF_HEADER_SIZE;

	if (b->len < BF_HEADER_SIZE)
		return;
	n = hdr_nitems(b);
	if (n > MAX_BUILD || b->len != BF_HEADER_SIZE + n * hdr_item_bytes(b))
		return;
	if (b->data[BF_OFF_LAYOUT] == BF_LAYOUT_LIST ||
		b->data[BF_OFF_LAYOUT] == BF_LAYOUT_PACKED)
		return;
	if (b->data[BF_OFF_LAYOUT] != BF_LAYOUT_EXACT)
	{
		bf_store64(b->data + BF_OFF_BITS_SET,
				   popcount_bytes(payload, b->len - BF_HEADER_SIZE));
		return;
	}
	hashes = xmalloc(n * sizeof(uint64_t));
	for (i = 0; i < n; i++)
		hashes[i] = bf_load64(payload + i * BF_HASH_BYTES);
	qsort(hashes, n, sizeof(uint64_t), cmp_u64);
	for (i = j = 0; i < n; i++)
		if (j == 0 || hashes[i] != hashes[j - 1])
			hashes[j++] = hashes[i];
	for (i = 0; i < j; i++)
		bf_store64(payload + i * BF_HASH_BYTES, hashes[i]);
	bf_store64(b->data + BF_OFF_NITEMS, j);
	buf_resize(b, BF_HEADER_SIZE + j * BF_HASH_BYTES);
	free(hashes);
}

/*
 * Make the length what the header's item count says, when that is at most
 * MAX_BUILD, filling new payload with random bits.
 */
static void
fix_length(Rng *rng, Buf *b)
{
	uint64_t	n;
	size_t		old = b->len;

	if (b->len < BF_HEADER_SIZE)
		return;
	n = hdr_nitems(b);
	if (n > MAX_BUILD / BF_BLOCK_BYTES)
		return;
	buf_resize(b, BF_HEADER_SIZE + n * hdr_item_bytes(b));
	if (b->len > old)
		fill_bits(rng, b->data + old, b->len - old);
}

/* A hash for an exact filter: often an extreme one */
static uint64_t
any_hash(Rng *rng, uint64_t i)
{
	switch (rng_below(rng, 8))
	{
		case 0:
			return 0;
		case 1:
			return UINT64_MAX - rng_below(rng, 3);
		case 2:
			return i;
		default:
			return rng_next(rng);
	}
}

/*
 * Build a valid filter of the given layout, item count and kind, with an
 * unusual capacity and rate and random bits or hashes.  An exact filter
 * may come out with fewer hashes than asked, when random ones repeat; a
 * list keeps them as they come, repeats and all.
 */
static void
build_filter(Rng *rng, Buf *b, uint8_t layout, uint64_t nitems,
			 uint32_t kind)
{
	bool		exact = layout_of_hashes(layout);
	uint8_t    *p;
	uint64_t	i;

	buf_resize(b, 0);
	buf_resize(b, BF_HEADER_SIZE +
			   nitems * (exact ? BF_HASH_BYTES : BF_BLOCK_BYTES));
	p = b->data;
	p[BF_OFF_MAGIC] = 'B';
	p[BF_OFF_MAGIC + 1] = 'F';
	p[BF_OFF_VERSION] = BF_FORMAT_VERSION;
	p[BF_OFF_LAYOUT] = layout;
	if (layout == BF_LAYOUT_LIST && rng_percent(rng, 40))
	{
		/* the list of a sized filter's hashes */
		exact = false;
		bf_store64(p + BF_OFF_BITS_SET, 1 + rng_length(rng, 64));
	}
	else if (exact || ((nitems & (nitems - 1)) == 0 && rng_percent(rng, 50)))
		bf_store16(p + BF_OFF_FLAGS, BF_FLAG_AUTO);
	p[BF_OFF_HASH_ID] = spec_parquet_kind(kind) ? BF_HASH_PARQUET : BF_HASH_XXH3_64;
	bf_store32(p + BF_OFF_KIND, kind);
	if (!exact)
		bf_store64(p + BF_OFF_CAPACITY, valid_capacity(rng));
	bf_store_double(p + BF_OFF_FPR, valid_fpr(rng));
	bf_store64(p + BF_OFF_NITEMS, nitems);
	if (exact)
		for (i = 0; i < nitems; i++)
			bf_store64(p + BF_HEADER_SIZE + i * BF_HASH_BYTES,
					   any_hash(rng, i));
	else
		fill_bits(rng, p + BF_HEADER_SIZE, b->len - BF_HEADER_SIZE);
	fix_payload(b);
}

/* Set bit i of a string of little-endian 64-bit words at p */
static void
set_bit_at(uint8_t *p, uint64_t i)
{
	p[i / 8] |= (uint8_t) (1 << (i % 8));
}

/*
 * Build a valid packed list of up to nitems keys and the given kind: an
 * auto-sized set's hashes or, as often, a sized filter's positions in
 * up to 64 blocks, sorted and written in the code of doc/format.md
 * (packed_shape) independently of the core; random keys that repeat
 * leave fewer
 */
static void
build_packed(Rng *rng, Buf *b, uint64_t nitems, uint32_t kind)
{
	uint64_t	nblocks = rng_percent(rng, 50) ? 0 : 1 + rng_length(rng, 64);
	uint64_t   *keys = xmalloc((nitems + 1) * sizeof(uint64_t));
	uint64_t	n = 0;
	uint64_t	i;
	int			l;
	int			bit;
	uint8_t    *p;

	for (i = 0; i < nitems; i++)
		keys[i] = nblocks == 0 ? any_hash(rng, i) :
			rng_below(rng, nblocks) << 32 | (rng_next(rng) & UINT32_MAX);
	qsort(keys, nitems, sizeof(uint64_t), cmp_u64);
	for (i = 0; i < nitems; i++)
		if (n == 0 || keys[n - 1] != keys[i])
			keys[n++] = keys[i];
	(void) packed_shape(n, nblocks, &l);
	buf_resize(b, 0);
	buf_resize(b, BF_HEADER_SIZE + packed_bytes(n, nblocks));
	p = b->data;
	p[BF_OFF_MAGIC] = 'B';
	p[BF_OFF_MAGIC + 1] = 'F';
	p[BF_OFF_VERSION] = BF_FORMAT_VERSION;
	p[BF_OFF_LAYOUT] = BF_LAYOUT_PACKED;
	p[BF_OFF_HASH_ID] = spec_parquet_kind(kind) ? BF_HASH_PARQUET : BF_HASH_XXH3_64;
	bf_store32(p + BF_OFF_KIND, kind);
	if (nblocks == 0)
		bf_store16(p + BF_OFF_FLAGS, BF_FLAG_AUTO);
	else
		bf_store64(p + BF_OFF_CAPACITY, valid_capacity(rng));
	bf_store_double(p + BF_OFF_FPR, valid_fpr(rng));
	bf_store64(p + BF_OFF_NITEMS, n);
	bf_store64(p + BF_OFF_BITS_SET, nblocks);
	for (i = 0; i < n; i++)
	{
		for (bit = 0; bit < l; bit++)
			if ((keys[i] >> bit) & 1)
				set_bit_at(p + BF_HEADER_SIZE, i * (uint64_t) l + bit);
		set_bit_at(p + BF_HEADER_SIZE + 8 * ((n * (uint64_t) l + 63) / 64),
				   (keys[i] >> l) + i);
	}
	free(keys);
}

/* A seed to mutate; the large ones seldom */
static const Seed *
pick_seed(Rng *rng)
{
	const Seed *seed;

	do
		seed = &seeds[rng_below(rng, lengthof(seeds))];
	while (seed->bytes.len > LARGE_SEED && !rng_percent(rng, 2));
	return seed;
}

/* A copy of a seed to mutate */
static void
copy_seed(Rng *rng, Buf *b)
{
	const Seed *seed = pick_seed(rng);

	buf_set(b, seed->bytes.data, seed->bytes.len);
}

/* A position to change: half the time in the header */
static size_t
pick_position(Rng *rng, size_t len)
{
	if (len > BF_HEADER_SIZE && rng_percent(rng, 50))
		return (size_t) rng_below(rng, BF_HEADER_SIZE);
	return (size_t) rng_below(rng, len);
}

/* Flip one bit */
static void
mutate_bit(Rng *rng, Buf *b)
{
	if (b->len > 0)
		b->data[pick_position(rng, b->len)] ^= 1 << rng_below(rng, 8);
}

/* Set one byte to an extreme or random value */
static void
mutate_byte(Rng *rng, Buf *b)
{
	static const uint8_t values[] = {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF};

	if (b->len > 0)
		b->data[pick_position(rng, b->len)] = rng_percent(rng, 50) ?
			PICK(rng, values) : (uint8_t) rng_next(rng);
}

/* Cut short: into the header, by a few bytes, or anywhere */
static void
mutate_truncate(Rng *rng, Buf *b)
{
	size_t		header = b->len < BF_HEADER_SIZE ? b->len : BF_HEADER_SIZE;

	if (b->len == 0)
		return;
	switch (rng_below(rng, 4))
	{
		case 0:
			buf_resize(b, (size_t) rng_below(rng, header + 1));
			break;
		case 1:
			buf_resize(b, b->len - 1 -
					   (size_t) rng_below(rng, b->len < 8 ? b->len : 8));
			break;
		default:
			buf_resize(b, (size_t) rng_below(rng, b->len));
			break;
	}
}

/* Append bytes: a block's or a hash's worth, a few, or many */
static void
mutate_extend(Rng *rng, Buf *b)
{
	static const size_t sizes[] = {1, 7, 8, 31, 32, 64, 256};
	size_t		old = b->len;
	size_t		n;

	n = rng_percent(rng, 60) ? PICK(rng, sizes) : 1 + rng_length(rng, 4096);
	buf_resize(b, old + n);
	fill_bits(rng, b->data + old, n);
}

/*
 * Set one header field to an extreme value; then, half the time, make the
 * length and payload agree with the header, so that the later checks are
 * what refuses it (or nothing does).
 */
static void
mutate_header(Rng *rng, Buf *b)
{
	static const uint64_t counts[] = {
		0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, UINT64_C(1) << 32,
		BF_MAX_BLOCKS, BF_MAX_BLOCKS + 1, BF_MAX_HASHES, BF_MAX_HASHES + 1,
		INT64_MAX, UINT64_C(1) << 63, UINT64_MAX, UINT64_MAX / 32 + 1,
		UINT64_MAX / 256 + 1, UINT64_MAX / 8 + 1, UINT64_C(1) << 59
	};
	static const uint64_t capacities[] = {
		0, 1, 2, INT64_MAX, UINT64_C(1) << 63, UINT64_MAX, UINT64_C(1) << 32
	};
	static const double fprs[] = {
		NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, -1.0, 2.0, -0.5,
		DBL_MAX, DENORMAL_MIN, -DENORMAL_MIN, DBL_MIN, 1.0 - DBL_EPSILON / 2,
		1.0 + DBL_EPSILON, 0.5
	};
	static const uint8_t bytes[] = {0, 2, 3, 127, 128, 254, 255};
	static const uint16_t flags[] = {0, 1, 2, 3, 0x100, 0x8000, 0xFFFE, 0xFFFF};
	static const uint32_t kinds[] = {
		0, 1, 2, 11, 12, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF,
		BF_KIND_PQ_INT32, BF_KIND_PQ_STRING, BF_KIND_PQ_DECIMAL64 + 2,
		BF_KIND_PQ_DECIMAL32 + 10
	};
	uint8_t    *p;
	uint64_t	n;

	if (b->len < BF_HEADER_SIZE)
		buf_resize(b, BF_HEADER_SIZE);
	p = b->data;
	n = hdr_nitems(b);
	switch (rng_below(rng, 14))
	{
		case 0:
			p[BF_OFF_MAGIC + rng_below(rng, 2)] = PICK(rng, bytes);
			break;
		case 1:
			p[BF_OFF_VERSION] = PICK(rng, bytes);
			break;
		case 2:
			if (rng_percent(rng, 50))
				p[BF_OFF_LAYOUT] = PICK(rng, bytes);
			else if (rng_percent(rng, 50))
				p[BF_OFF_LAYOUT] ^= BF_LAYOUT_BLOCKS ^ BF_LAYOUT_EXACT;
			else
				p[BF_OFF_LAYOUT] ^= BF_LAYOUT_EXACT ^ BF_LAYOUT_LIST;
			break;
		case 3:
			bf_store16(p + BF_OFF_FLAGS, PICK(rng, flags));
			break;
		case 4:
			p[BF_OFF_HASH_ID] = PICK(rng, bytes);
			break;
		case 5:
			p[BF_OFF_RESERVED0] = (uint8_t) (1 + rng_below(rng, 255));
			break;
		case 6:
			bf_store32(p + BF_OFF_KIND, PICK(rng, kinds));
			break;
		case 7:
			bf_store32(p + BF_OFF_PARTS, 1U << rng_below(rng, 32));
			break;
		case 8:
			bf_store64(p + BF_OFF_SEED, 1 + rng_below(rng, UINT64_MAX));
			break;
		case 9:
			bf_store64(p + BF_OFF_CAPACITY, PICK(rng, capacities));
			break;
		case 10:
			bf_store_double(p + BF_OFF_FPR, PICK(rng, fprs));
			break;
		case 11:
			switch (rng_below(rng, 4))
			{
				case 0:
					n += 1;
					break;
				case 1:
					n *= 2;
					break;
				case 2:
					n /= 2;
					break;
				default:
					n = PICK(rng, counts);
					break;
			}
			bf_store64(p + BF_OFF_NITEMS, n);
			break;
		case 12:
			/* the set-bit count: a fix-up would undo it */
			n = bf_load64(p + BF_OFF_BITS_SET);
			n = rng_percent(rng, 50) ? PICK(rng, counts) :
				rng_percent(rng, 50) ? n + 1 : n - 1;
			if (rng_percent(rng, 20))
				n *= BF_BLOCK_BITS;
			bf_store64(p + BF_OFF_BITS_SET, n);
			return;
		default:
			bf_store32(p + BF_OFF_PART, 1U << rng_below(rng, 32));
			break;
	}
	if (rng_percent(rng, 50))
	{
		fix_length(rng, b);
		fix_payload(b);
	}
}

/* Random bytes, sometimes behind the start of a plausible header */
static void
gen_random(Rng *rng, Buf *b)
{
	size_t		n = rng_length(rng, 4096);

	buf_resize(b, 0);
	buf_resize(b, n);
	fill_bits(rng, b->data, n);
	if (n >= 4 && rng_percent(rng, 40))
	{
		b->data[0] = 'B';
		b->data[1] = 'F';
		b->data[2] = BF_FORMAT_VERSION;
		b->data[3] = (uint8_t) (1 + rng_below(rng, 2));
	}
	if (n >= BF_HEADER_SIZE && rng_percent(rng, 20))
		memcpy(b->data, pick_seed(rng)->bytes.data, BF_HEADER_SIZE);
}

/*
 * A filter valid in an unusual way: a seed with payload bits changed, with
 * an odd kind, capacity, rate or flag, cut to fewer items, saturated; or
 * one built here.
 */
static void
gen_valid(Rng *rng, Buf *b)
{
	uint64_t	n;
	size_t		payload;
	int			flips;

	copy_seed(rng, b);
	n = hdr_nitems(b);
	payload = b->len - BF_HEADER_SIZE;
	switch (rng_below(rng, 7))
	{
		case 0:
			flips = payload > 0 ? 1 + (int) rng_below(rng, 16) : 0;
			while (flips-- > 0)
				b->data[BF_HEADER_SIZE + rng_below(rng, payload)] ^=
					1 << rng_below(rng, 8);
			break;
		case 1:
			bf_store32(b->data + BF_OFF_KIND, any_kind(rng));
			break;
		case 2:
			if (b->data[BF_OFF_LAYOUT] == BF_LAYOUT_BLOCKS)
				bf_store64(b->data + BF_OFF_CAPACITY, valid_capacity(rng));
			bf_store_double(b->data + BF_OFF_FPR, valid_fpr(rng));
			break;
		case 3:
			if (b->data[BF_OFF_LAYOUT] == BF_LAYOUT_BLOCKS &&
				(n & (n - 1)) == 0)
				b->data[BF_OFF_FLAGS] ^= BF_FLAG_AUTO;
			break;
		case 4:
			/* a power of two fewer keeps an auto-sized count valid */
			n >>= rng_below(rng, 4);
			if (n == 0 || layout_of_hashes(b->data[BF_OFF_LAYOUT]))
				n = rng_below(rng, n + 1);
			bf_store64(b->data + BF_OFF_NITEMS, n);
			buf_resize(b, BF_HEADER_SIZE + n * hdr_item_bytes(b));
			break;
		case 5:
			if (b->data[BF_OFF_LAYOUT] == BF_LAYOUT_BLOCKS)
				memset(b->data + BF_HEADER_SIZE, 0xFF, payload);
			break;
		default:
			if (rng_percent(rng, 15))
				build_packed(rng, b, rng_length(rng, 64), any_kind(rng));
			else if (rng_percent(rng, 50))
				build_filter(rng, b, rng_percent(rng, 70) ? BF_LAYOUT_EXACT :
							 BF_LAYOUT_LIST, rng_length(rng, 64),
							 any_kind(rng));
			else
				build_filter(rng, b, BF_LAYOUT_BLOCKS,
							 1 + rng_length(rng, rng_percent(rng, 90) ?
											64 : 4096),
							 any_kind(rng));
			break;
	}
	fix_payload(b);
}

/* One random change of any sort */
static void
mutate_any(Rng *rng, Buf *b)
{
	switch (rng_below(rng, 5))
	{
		case 0:
			mutate_bit(rng, b);
			break;
		case 1:
			mutate_byte(rng, b);
			break;
		case 2:
			mutate_truncate(rng, b);
			break;
		case 3:
			mutate_extend(rng, b);
			break;
		default:
			mutate_header(rng, b);
			break;
	}
}

/* A byte input of a random category */
static Category
gen_bytes(Rng *rng, Buf *b)
{
	uint64_t	r = rng_below(rng, 100);
	int			n;

	if (r < 8)
	{
		gen_random(rng, b);
		return CAT_RANDOM;
	}
	if (r >= 70)
	{
		gen_valid(rng, b);
		return CAT_VALID;
	}
	copy_seed(rng, b);
	if (r < 12)
		return CAT_SEED;
	if (r < 22)
	{
		mutate_bit(rng, b);
		return CAT_BIT;
	}
	if (r < 32)
	{
		mutate_byte(rng, b);
		return CAT_BYTE;
	}
	if (r < 38)
	{
		mutate_truncate(rng, b);
		return CAT_TRUNCATE;
	}
	if (r < 44)
	{
		mutate_extend(rng, b);
		return CAT_EXTEND;
	}
	if (r < 60)
	{
		mutate_header(rng, b);
		return CAT_HEADER;
	}
	n = 2 + (int) rng_below(rng, 6);
	while (n-- > 0)
		mutate_any(rng, b);
	return CAT_HAVOC;
}

/* Append the base64 of n bytes, as PostgreSQL's encoder writes it */
static void
base64_append(Buf *out, const uint8_t *p, size_t n)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t		i;
	uint32_t	v;
	char		quad[4];

	buf_reserve(out, out->len + (n + 2) / 3 * 4);
	for (i = 0; i < n; i += 3)
	{
		v = (uint32_t) p[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t) p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		quad[0] = alphabet[(v >> 18) & 63];
		quad[1] = alphabet[(v >> 12) & 63];
		quad[2] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
		quad[3] = i + 2 < n ? alphabet[v & 63] : '=';
		buf_append(out, quad, 4);
	}
}

/* A character to put into base64 text: valid, padding, space or junk */
static uint8_t
text_char(Rng *rng)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	static const uint8_t others[] = {
		'=', ' ', '\t', '\n', '\r', '\v', '\f', '-', '_', '.', '*', '\\', '"',
		'\'', 0x7F, 0x80, 0xC3, 0xFF, 0x01
	};

	if (rng_percent(rng, 50))
		return (uint8_t) alphabet[rng_below(rng, 64)];
	if (rng_percent(rng, 80))
		return PICK(rng, others);
	return (uint8_t) (1 + rng_below(rng, 255));
}

/* Insert one byte at position pos of a text */
static void
text_insert(Buf *t, size_t pos, uint8_t c)
{
	buf_reserve(t, t->len + 1);
	memmove(t->data + pos + 1, t->data + pos, t->len - pos + 1);
	t->data[pos] = c;
	t->len++;
}

/* Random characters of one alphabet, never NUL */
static void
gen_text_random(Rng *rng, Buf *t)
{
	static const char *const utf8[] = {
		"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc3", "\xed\xa0\x80"
	};
	size_t		n = rng_length(rng, 4096);
	int			alphabet = (int) rng_below(rng, 5);
	const char *c;

	while (n-- > 0)
	{
		switch (alphabet)
		{
			case 0:
				buf_putc(t, text_char(rng));
				break;
			case 1:
				buf_putc(t, (uint8_t) (32 + rng_below(rng, 95)));
				break;
			case 2:
				buf_putc(t, (uint8_t) (1 + rng_below(rng, 255)));
				break;
			case 3:
				buf_putc(t, (uint8_t) "QkYB AAAA=\n"[rng_below(rng, 11)]);
				break;
			default:
				c = PICK(rng, utf8);
				if (rng_percent(rng, 30))
					buf_append(t, c, strlen(c));
				else
					buf_putc(t, text_char(rng));
				break;
		}
	}
}

/* Break a text into lines of step characters */
static void
text_lines(Buf *t, size_t step)
{
	Buf			lines = {0};
	size_t		i;

	for (i = 0; i < t->len; i += step)
	{
		if (i > 0)
			buf_putc(&lines, '\n');
		buf_append(&lines, t->data + i, t->len - i < step ? t->len - i : step);
	}
	buf_set(t, lines.data, lines.len);
	buf_free(&lines);
}

/*
 * Whitespace and padding in valid text: line breaks, spaces anywhere,
 * around it, padding removed, added or moved, characters that are not
 * whitespace to base64.
 */
static void
mutate_text_space(Rng *rng, Buf *t)
{
	static const uint8_t spaces[] = {' ', '\t', '\n', '\r'};
	int			n = 1 + (int) rng_below(rng, 8);

	switch (rng_below(rng, 7))
	{
		case 0:
			text_lines(t, rng_percent(rng, 50) ? 76 : 1 + rng_below(rng, 8));
			break;
		case 1:
			while (n-- > 0)
				text_insert(t, (size_t) rng_below(rng, t->len + 1),
							PICK(rng, spaces));
			break;
		case 2:
			while (n-- > 0)
			{
				text_insert(t, 0, PICK(rng, spaces));
				buf_putc(t, PICK(rng, spaces));
			}
			break;
		case 3:
			while (t->len > 0 && t->data[t->len - 1] == '=')
				buf_resize(t, t->len - 1);
			break;
		case 4:
			while (n-- > 0)
				buf_putc(t, '=');
			break;
		case 5:
			text_insert(t, (size_t) rng_below(rng, t->len + 1), '=');
			break;
		default:
			text_insert(t, (size_t) rng_below(rng, t->len + 1),
						rng_percent(rng, 50) ? '\v' : '\f');
			break;
	}
}

/* A very long string: a character repeated, random, or a large filter */
static void
gen_text_long(Rng *rng, Buf *t)
{
	size_t		n = 65536 + rng_below(rng, 1 << 20);
	const Seed *largest = &seeds[0];
	size_t		i;

	for (i = 1; i < lengthof(seeds); i++)
		if (seeds[i].bytes.len > largest->bytes.len)
			largest = &seeds[i];
	switch (rng_below(rng, 4))
	{
		case 0:
			buf_resize(t, n & ~(size_t) 3);
			memset(t->data, rng_percent(rng, 50) ? 'A' : '/', t->len);
			break;
		case 1:
			while (n-- > 0)
				buf_putc(t, text_char(rng));
			break;
		default:
			base64_append(t, largest->bytes.data, largest->bytes.len);
			if (rng_percent(rng, 50))
				t->data[rng_below(rng, t->len)] = text_char(rng);
			else
				mutate_text_space(rng, t);
			break;
	}
}

/* Change 1 to 4 characters of a text: replaced, deleted or doubled */
static void
mutate_text_chars(Rng *rng, Buf *t)
{
	int			n = 1 + (int) rng_below(rng, 4);
	size_t		pos;

	while (n-- > 0 && t->len > 0)
	{
		pos = (size_t) rng_below(rng, t->len);
		if (rng_percent(rng, 70))
			t->data[pos] = text_char(rng);
		else if (rng_percent(rng, 50))
		{
			memmove(t->data + pos, t->data + pos + 1, t->len - pos);
			t->len--;
		}
		else
			text_insert(t, pos, t->data[pos]);
	}
}

/* A text input of a random category */
static Category
gen_text(Rng *rng, Buf *t)
{
	uint64_t	r = rng_below(rng, 1000);
	Buf			bytes = {0};

	buf_resize(t, 0);
	if (r < 3)
	{
		gen_text_long(rng, t);
		return CAT_TEXT_LONG;
	}
	if (r < 100)
	{
		gen_text_random(rng, t);
		return CAT_TEXT_RANDOM;
	}
	if (r < 550)
	{
		gen_bytes(rng, &bytes);
		base64_append(t, bytes.data, bytes.len);
		buf_free(&bytes);
		return CAT_TEXT_BASE64;
	}

	/* valid text, changed */
	if (rng_percent(rng, 60))
		copy_seed(rng, &bytes);
	else
		gen_valid(rng, &bytes);
	base64_append(t, bytes.data, bytes.len);
	buf_free(&bytes);
	if (r < 700)
	{
		mutate_text_chars(rng, t);
		return CAT_TEXT_CHAR;
	}
	if (r < 800)
	{
		buf_resize(t, (size_t) rng_below(rng, t->len + 1));
		return CAT_TEXT_TRUNCATE;
	}
	mutate_text_space(rng, t);
	if (rng_percent(rng, 50))
		mutate_text_space(rng, t);
	return CAT_TEXT_SPACE;
}

/* Whether an input is text rather than bytes */
static bool
is_text(const Input *in)
{
	return in->path == PATH_TEXT_CAST || in->path == PATH_TEXT_PARAM;
}

/* Make input number `number` of the run: four paths in turn, 1 in 20 COPY */
static void
generate(Input *in, uint64_t number)
{
	memset(in, 0, sizeof(*in));
	in->number = number;
	in->path = number % 20 == 19 ? PATH_COPY : (Path) (number % 4);
	rng_init(&in->rng, number);
	if (is_text(in))
		in->category = gen_text(&in->rng, &in->data);
	else
		in->category = gen_bytes(&in->rng, &in->data);
}

/* Release what an input holds */
static void
input_free(Input *in)
{
	buf_free(&in->data);
	buf_free(&in->filter);
	buf_free(&in->partner);
}

/* Count n occurrences of a SQLSTATE */
static void
count_state(StateTable *table, const char *code, uint64_t n)
{
	int			i;

	for (i = 0; i < table->n; i++)
	{
		if (strcmp(table->entries[i].code, code) == 0)
		{
			table->entries[i].count += n;
			return;
		}
	}
	if (table->n < (int) lengthof(table->entries))
	{
		snprintf(table->entries[table->n].code, 6, "%s", code);
		table->entries[table->n++].count = n;
	}
}

/* An error the contract allows: SQLSTATE class 22 (data exception) or 54 */
static bool
allowed_state(const char *code)
{
	return strncmp(code, "22", 2) == 0 || strncmp(code, "54", 2) == 0;
}

/* Print up to max bytes of an input, as text or as hex */
static void
print_input(const Input *in, size_t max)
{
	size_t		n = in->data.len < max ? in->data.len : max;
	size_t		i;
	uint8_t		c;

	printf("#   input %" PRIu64 " (%s, %s), %zu bytes%s: ", in->number,
		   path_names[in->path], category_names[in->category], in->data.len,
		   n < in->data.len ? ", starting" : "");
	if (is_text(in))
	{
		putchar('\'');
		for (i = 0; i < n; i++)
		{
			c = in->data.data[i];
			if (c >= 32 && c < 127 && c != '\\')
				putchar(c);
			else
				printf("\\x%02x", c);
		}
		putchar('\'');
	}
	else
	{
		printf("\\x");
		for (i = 0; i < n; i++)
			printf("%02x", in->data.data[i]);
	}
	putchar('\n');
}

/* Print text after a label, every line of it behind "#   " */
static void
print_lines(const char *label, const char *text)
{
	const char *end;

	printf("#   %s: ", label);
	while (*text)
	{
		end = strchr(text, '\n');
		if (end == NULL)
			end = text + strlen(text);
		printf("%.*s\n", (int) (end - text), text);
		text = *end ? end + 1 : end;
		if (*text)
			printf("#     ");
	}
}

/*
 * Describe a failure or a crash: the input, the statement and its error,
 * and how to run the input again alone.
 */
static void
describe(const Input *in, const Stmt *stmt, size_t shown)
{
	print_input(in, shown);
	if (stmt != NULL)
	{
		printf("#   statement: %s\n", stmt->label);
		if (stmt->status == PGRES_FATAL_ERROR && stmt->message != NULL)
			print_lines(stmt->sqlstate[0] ? stmt->sqlstate : "error",
						stmt->message);
	}
	printf("#   again: sqlfuzz -s %" PRIu64 " -r %" PRIu64 " -v CONNINFO\n",
		   run_seed, in->number);
	fflush(stdout);
}

/*
 * Count a failure and describe it (the first MAX_REPORTS, or all with -v):
 * what went wrong, the input, and the statement if there is one.
 */
static void
report(const Input *in, const Stmt *stmt, const char *what)
{
	stats.failures++;
	if (reports++ >= MAX_REPORTS && !verbose)
		return;
	printf("FAILURE: %s\n", what);
	describe(in, stmt, verbose ? MAX_SHOWN : 256);
}

/* Count a lost connection (the server crashed, or is gone); describe it */
static void
report_crash(const Input *in, const Stmt *stmt)
{
	stats.crashes++;
	printf("CRASH: the connection was lost\n");
	describe(in, stmt, MAX_SHOWN);
}

/* Notices (bloom_union_agg's, about rates) are counted, not printed */
static void
count_notice(void *arg, const char *message)
{
	(void) arg;
	(void) message;
	stats.notices++;
}

/* Copy what is needed out of a statement's result */
static void
record(Stmt *stmt, PGresult *res)
{
	const char *code;

	stmt->status = PQresultStatus(res);
	if (stmt->status == PGRES_FATAL_ERROR)
	{
		code = PQresultErrorField(res, PG_DIAG_SQLSTATE);
		snprintf(stmt->sqlstate, sizeof(stmt->sqlstate), "%s",
				 code ? code : "");
		stmt->message = xstrdup(PQresultErrorMessage(res));
	}
	else if (stmt->status == PGRES_TUPLES_OK && PQntuples(res) > 0 &&
			 PQnfields(res) > 0 && !PQgetisnull(res, 0, 0))
	{
		buf_set(&stmt->value, PQgetvalue(res, 0, 0),
				(size_t) PQgetlength(res, 0, 0));
		stmt->has_value = true;
	}
}

/* Whether a statement's failure means that the connection is gone */
static bool
lost_connection(PGconn *conn, const Stmt *stmt)
{
	if (PQstatus(conn) == CONNECTION_BAD)
		return true;
	return stmt->status == PGRES_FATAL_ERROR &&
		(stmt->sqlstate[0] == '\0' || strncmp(stmt->sqlstate, "57P", 3) == 0 ||
		 strncmp(stmt->sqlstate, "08", 2) == 0);
}

/*
 * Name the prepared statement for a statement's text, preparing it now if
 * it is new.  The statements are few and run many times: a generic plan
 * (the session forces them) saves parsing and planning each run, and keeps
 * the planner from folding the functions over constant arguments, so that
 * they run in the executor as they would over a table.
 */
static void
prepare(PGconn *conn, Stmt *stmt)
{
	PGresult   *res;
	uint64_t	hash = UINT64_C(0xCBF29CE484222325);	/* FNV-1a */
	const char *p;
	int			i;

	for (p = stmt->sql; *p; p++)
		hash = (hash ^ (uint8_t) *p) * UINT64_C(0x100000001B3);
	for (i = 0; i < num_prepared; i++)
		if (prepared_hash[i] == hash && strcmp(prepared[i], stmt->sql) == 0)
			break;
	snprintf(stmt->name, sizeof(stmt->name), "s%d", i);
	if (i < num_prepared)
		return;
	if (num_prepared == MAX_PREPARED)
		die("too many distinct statements", NULL);
	res = PQprepare(conn, stmt->name, stmt->sql, stmt->nparams, stmt->types);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		die("cannot prepare a statement", PQerrorMessage(conn));
	PQclear(res);
	prepared_hash[num_prepared] = hash;
	prepared[num_prepared++] = xstrdup(stmt->sql);
}

/*
 * Send n statements in one pipeline, each followed by a Sync so that an
 * error ends only its own statement, and record each outcome.  Returns the
 * index of the statement during which the connection was lost, or -1.
 */
static int
run_pipeline(PGconn *conn, Stmt *stmts, int n)
{
	PGresult   *res;
	int			i;

	for (i = 0; i < n; i++)
		prepare(conn, &stmts[i]);
	if (!PQenterPipelineMode(conn))
		die("cannot enter pipeline mode", PQerrorMessage(conn));
	for (i = 0; i < n; i++)
	{
		Stmt	   *s = &stmts[i];

		if (!PQsendQueryPrepared(conn, s->name, s->nparams, s->values,
								 s->lengths, s->formats, s->result_format) ||
			!PQpipelineSync(conn))
			return i;
	}
	for (i = 0; i < n; i++)
	{
		res = PQgetResult(conn);
		if (res == NULL)
			return i;
		record(&stmts[i], res);
		PQclear(res);
		if (lost_connection(conn, &stmts[i]))
			return i;
		res = PQgetResult(conn);	/* the end of the statement's results */
		if (res != NULL)
			die("unexpected second result", PQresStatus(PQresultStatus(res)));
		res = PQgetResult(conn);
		if (res == NULL || PQresultStatus(res) != PGRES_PIPELINE_SYNC)
		{
			if (PQstatus(conn) == CONNECTION_BAD)
				return i + 1 < n ? i + 1 : i;
			die("expected the end of a pipeline segment", PQerrorMessage(conn));
		}
		PQclear(res);
	}
	if (!PQexitPipelineMode(conn))
		die("cannot leave pipeline mode", PQerrorMessage(conn));
	return -1;
}

/* Show a statement and its outcome (-v) */
static void
show(const Stmt *stmt)
{
	printf("--- %s: %s\n", stmt->label, stmt->sql);
	if (stmt->status == PGRES_FATAL_ERROR)
		printf("=> ERROR %s: %s", stmt->sqlstate, stmt->message);
	else if (stmt->has_value && stmt->result_format == 0)
		printf("=> '%s'\n", (char *) stmt->value.data);
	else if (stmt->has_value)
		printf("=> %zu bytes\n", stmt->value.len);
	else
		printf("=> %s\n", PQresStatus(stmt->status));
}

/*
 * Run statements in a pipeline, showing them with -v.  Returns false, after
 * reporting a crash, if the connection was lost.
 */
static bool
run_stmts(PGconn *conn, Stmt *stmts, int n)
{
	int			lost = run_pipeline(conn, stmts, n);
	int			i;

	if (verbose)
		for (i = 0; i < (lost >= 0 ? lost + 1 : n); i++)
			show(&stmts[i]);
	if (lost < 0)
		return true;
	report_crash(stmts[lost].input, &stmts[lost]);
	return false;
}

/* Release what a statement holds */
static void
stmt_free(Stmt *stmt)
{
	free(stmt->sql);
	free(stmt->message);
	buf_free(&stmt->value);
}

/* The statement that takes an input in by its path (not COPY) */
static void
input_stmt(Stmt *stmt, Input *in)
{
	static const char *const sql[] = {
		"SELECT $1::text::bloom", "SELECT $1", "SELECT $1::bloom", "SELECT $1"
	};

	memset(stmt, 0, sizeof(*stmt));
	stmt->sql = xstrdup(sql[in->path]);
	stmt->label = path_names[in->path];
	stmt->input = in;
	stmt->nparams = 1;
	stmt->types[0] = in->path == PATH_TEXT_CAST ? TEXTOID :
		in->path == PATH_BYTEA ? BYTEAOID : bloom_oid;
	stmt->values[0] = (const char *) in->data.data;
	stmt->lengths[0] = (int) in->data.len;
	stmt->formats[0] = is_text(in) ? 0 : 1;
	stmt->result_format = 1;
}

/*
 * Judge how an input was taken in.  Refused: the SQLSTATE must be in
 * class 22 or 54, and a binary input must not be a valid filter.
 * Accepted: the server's bytes for it (stored) must be a valid filter and,
 * for a binary input, the bytes sent.  Binary paths are all but text.
 */
static void
judge_input(Input *in, const Stmt *stmt, const Buf *stored)
{
	const char *problem;
	char		what[200];
	bool		binary = !is_text(in);

	stats.tried++;
	stats.path_tried[in->path]++;
	stats.cat_tried[in->category]++;
	if (stmt->status == PGRES_FATAL_ERROR)
	{
		stats.rejected++;
		count_state(&stats.rejected_states, stmt->sqlstate, 1);
		if (!allowed_state(stmt->sqlstate))
			report(in, stmt, "refused with an SQLSTATE outside 22 and 54");
		else if (binary && spec_problem(in->data.data, in->data.len) == NULL)
			report(in, stmt, "refused a valid filter");
		return;
	}
	stats.accepted++;
	stats.path_accepted[in->path]++;
	stats.cat_accepted[in->category]++;
	in->accepted = true;
	problem = spec_problem(stored->data, stored->len);
	if (problem != NULL)
	{
		snprintf(what, sizeof(what),
				 "accepted a filter that is not valid (%s)", problem);
		report(in, stmt, what);
	}
	else if (binary && (stored->len != in->data.len ||
						memcmp(stored->data, in->data.data, stored->len) != 0))
		report(in, stmt, "the accepted filter is not the bytes sent");
}

/*
 * Copy into p a seed that can be combined with a filter of the kind (of
 * the kind, or of none), not a large one.  Returns false if there is none.
 */
static bool
copy_seed_of_kind(Rng *rng, uint32_t kind, Buf *p)
{
	size_t		start = (size_t) rng_below(rng, lengthof(seeds));
	size_t		i;
	const Seed *seed;

	for (i = 0; i < lengthof(seeds); i++)
	{
		seed = &seeds[(start + i) % lengthof(seeds)];
		if ((seed->kind == kind || seed->kind == 0 || kind == 0) &&
			seed->bytes.len <= LARGE_SEED)
		{
			buf_set(p, seed->bytes.data, seed->bytes.len);
			return true;
		}
	}
	return false;
}

/*
 * Choose the partner of an accepted filter for the functions of two
 * filters: of the filter's kind or of none; the filter itself, a seed, or
 * one built here, mostly of a block count that can be combined with it.
 */
static void
make_partner(Input *in)
{
	Rng		   *rng = &in->rng;
	const Buf  *f = &in->filter;
	Buf		   *p = &in->partner;
	uint32_t	kind = buf_kind(f);
	uint64_t	n = hdr_nitems(f);
	int			shift;

	if (rng_percent(rng, 20))
	{
		buf_set(p, f->data, f->len);
		return;
	}
	if (rng_percent(rng, 45) && copy_seed_of_kind(rng, kind, p))
		return;
	if (rng_percent(rng, 10))
		kind = 0;
	if (f->data[BF_OFF_LAYOUT] == BF_LAYOUT_BLOCKS && rng_percent(rng, 70))
	{
		/* a block count that folds into f's, or f's into it, mostly */
		shift = (int) rng_below(rng, 7) - 3;
		if (shift > 0 && n << shift <= 4096)
			n <<= shift;
		else if (shift < 0 && (n >> -shift) << -shift == n)
			n >>= -shift;
		if (n > 4096 || rng_percent(rng, 10))
			n = 1 + rng_length(rng, 64);
		build_filter(rng, p, BF_LAYOUT_BLOCKS, n, kind);
	}
	else if (rng_percent(rng, 10))
		build_packed(rng, p, rng_length(rng, 64), kind);
	else if (rng_percent(rng, 50))
		build_filter(rng, p, rng_percent(rng, 80) ? BF_LAYOUT_EXACT :
					 BF_LAYOUT_LIST, rng_length(rng, 64), kind);
	else
		build_filter(rng, p, BF_LAYOUT_BLOCKS, 1 + rng_length(rng, 64), kind);
}

/*
 * A value expression for the kind (for none, any of the filter's hash: in
 * Parquet mode one of a Parquet kind, which every such filter takes), or
 * NULL if none known
 */
static const char *
value_for(Rng *rng, uint32_t kind, bool parquet)
{
	const char *found[lengthof(seeds)];
	int			n = 0;
	int			i;

	for (i = 0; i < num_value_exprs; i++)
		if (kind == 0 ? spec_parquet_kind(value_exprs[i].kind) == parquet :
			value_exprs[i].kind == kind)
			found[n++] = value_exprs[i].expr;
	return n > 0 ? found[rng_below(rng, n)] : NULL;
}

/* A statement template with {src} and {v} (parenthesized) filled in */
static char *
expand(const char *template, const char *src, const char *value)
{
	Buf			out = {0};
	const char *p = template;

	while (*p)
	{
		if (strncmp(p, "{src}", 5) == 0)
		{
			buf_append(&out, src, strlen(src));
			p += 5;
		}
		else if (strncmp(p, "{v}", 3) == 0)
		{
			buf_putc(&out, '(');
			buf_append(&out, value, strlen(value));
			buf_putc(&out, ')');
			p += 3;
		}
		else
			buf_putc(&out, (uint8_t) *p++);
	}
	return (char *) out.data;
}

/*
 * The statements over an accepted filter and its partner, written at
 * stmts: the filter is a parameter, or (after COPY) the table's row.
 * Values are of the filter's kind, or its partner's if it has none and the
 * partner's is of the filter's hash.
 * Returns how many statements.
 */
static int
function_stmts(Stmt *stmts, Input *in, bool from_table)
{
	uint32_t	kind = buf_kind(&in->filter);
	bool		parquet = in->filter.len > BF_OFF_HASH_ID &&
		in->filter.data[BF_OFF_HASH_ID] == BF_HASH_PARQUET;
	const char *value;
	int			n;
	int			i;

	/* the partner's kind, if the filter has none and it is of its hash */
	if (kind == 0 && spec_parquet_kind(buf_kind(&in->partner)) == parquet)
		kind = buf_kind(&in->partner);
	value = value_for(&in->rng, kind, parquet);
	n = (int) (value ? lengthof(stmts_with_value) :
			   lengthof(stmts_without_value));
	if (value && in->number % BANK_EVERY != 0)
		n--;					/* stmt_bank, last, for some inputs only */
	for (i = 0; i < n; i++)
	{
		Stmt	   *s = &stmts[i];

		memset(s, 0, sizeof(*s));
		s->sql = expand(value ? stmts_with_value[i] : stmts_without_value[i],
						from_table ? src_table : src_params, value);
		s->label = value ? labels_with_value[i] : labels_without_value[i];
		s->input = in;
		s->nparams = 2;
		s->types[0] = s->types[1] = bloom_oid;
		s->values[0] = from_table ? NULL : (const char *) in->filter.data;
		s->lengths[0] = (int) in->filter.len;
		s->values[1] = (const char *) in->partner.data;
		s->lengths[1] = (int) in->partner.len;
		s->formats[0] = s->formats[1] = 1;
	}
	return n;
}

/*
 * Judge a function statement: an error of class 22 or 54, or a row whose
 * first column names no broken property.
 */
static void
judge_function(const Stmt *stmt)
{
	char		what[300];

	stats.statements++;
	if (stmt->status == PGRES_FATAL_ERROR)
	{
		count_state(&stats.error_states, stmt->sqlstate, 1);
		if (allowed_state(stmt->sqlstate))
			stats.errors++;
		else
			report(stmt->input, stmt,
				   "a function failed with an SQLSTATE outside 22 and 54");
	}
	else if (stmt->status != PGRES_TUPLES_OK || !stmt->has_value)
		report(stmt->input, stmt, "a function statement returned no row");
	else if (stmt->value.len > 0)
	{
		snprintf(what, sizeof(what), "a property does not hold: %s",
				 (char *) stmt->value.data);
		report(stmt->input, stmt, what);
	}
}

/*
 * Run the functions over accepted inputs (with their partners chosen), in
 * one pipeline.  Returns false if the connection was lost.
 */
static bool
run_functions(PGconn *conn, Input **ins, int nins)
{
	Stmt	   *stmts = xmalloc(sizeof(Stmt) * MAX_FUNCTION_STMTS * nins);
	int			n = 0;
	int			i;
	bool		alive;

	for (i = 0; i < nins; i++)
		n += function_stmts(stmts + n, ins[i], false);
	alive = run_stmts(conn, stmts, n);
	for (i = 0; i < n; i++)
	{
		if (alive)
			judge_function(&stmts[i]);
		stmt_free(&stmts[i]);
	}
	free(stmts);
	return alive;
}

/* Send the COPY data of one row holding the input's bytes */
static void
send_copy_row(PGconn *conn, const Input *in)
{
	static const char signature[11] = "PGCOPY\n\377\r\n";
	Buf			data = {0};
	uint8_t		word[4];

	buf_append(&data, signature, sizeof(signature));
	buf_append(&data, "\0\0\0\0\0\0\0\0", 8);	/* flags, extension */
	buf_append(&data, "\0\1", 2);	/* one field */
	word[0] = (uint8_t) (in->data.len >> 24);
	word[1] = (uint8_t) (in->data.len >> 16);
	word[2] = (uint8_t) (in->data.len >> 8);
	word[3] = (uint8_t) in->data.len;
	buf_append(&data, word, 4);
	buf_append(&data, in->data.data, in->data.len);
	buf_append(&data, "\377\377", 2);	/* trailer */
	if (PQputCopyData(conn, (const char *) data.data, (int) data.len) != 1)
		die("cannot send COPY data", PQerrorMessage(conn));
	buf_free(&data);
}

/*
 * An input through COPY ... FROM STDIN (FORMAT binary) into the table; if
 * it is accepted, in one pipeline: read back, the functions over the row,
 * and the table emptied.  Returns false if the connection was lost.
 */
static bool
run_copy(PGconn *conn, Input *in)
{
	Stmt		stmts[3 + MAX_FUNCTION_STMTS];
	Stmt	   *copy = &stmts[0];
	PGresult   *res;
	bool		alive = true;
	int			n = 1;
	int			i;

	memset(stmts, 0, sizeof(stmts));
	copy->sql = xstrdup("COPY sqlfuzz_copy (f) FROM STDIN (FORMAT binary)");
	copy->label = path_names[PATH_COPY];
	copy->input = in;
	res = PQexec(conn, copy->sql);
	if (PQresultStatus(res) != PGRES_COPY_IN)
		die("COPY did not start", PQerrorMessage(conn));
	PQclear(res);
	send_copy_row(conn, in);
	if (PQputCopyEnd(conn, NULL) != 1)
		die("cannot end COPY", PQerrorMessage(conn));
	res = PQgetResult(conn);
	record(copy, res);
	PQclear(res);
	while ((res = PQgetResult(conn)) != NULL)
		PQclear(res);
	if (verbose)
		show(copy);
	if (lost_connection(conn, copy))
	{
		report_crash(in, copy);
		alive = false;
	}
	else if (copy->status == PGRES_FATAL_ERROR)
		judge_input(in, copy, NULL);
	else
	{
		/* the functions take the bytes sent, which judge_input checks */
		buf_set(&in->filter, in->data.data, in->data.len);
		make_partner(in);
		stmts[n].sql = xstrdup("SELECT f FROM sqlfuzz_copy");
		stmts[n].label = "reading back after COPY";
		stmts[n].result_format = 1;
		stmts[n++].input = in;
		n += function_stmts(&stmts[n], in, true);
		stmts[n].sql = xstrdup("DELETE FROM sqlfuzz_copy");
		stmts[n].label = "emptying the COPY table";
		stmts[n++].input = in;
		alive = run_stmts(conn, &stmts[1], n - 1);
		if (alive)
		{
			judge_input(in, copy, &stmts[1].value);
			for (i = 2; i < n - 1; i++)
				judge_function(&stmts[i]);
			if (stmts[n - 1].status != PGRES_COMMAND_OK)
				die("cannot empty the COPY table", stmts[n - 1].message);
		}
	}
	for (i = 0; i < n; i++)
		stmt_free(&stmts[i]);
	return alive;
}

/*
 * Run inputs first, first + step, ... below end: each batch through the
 * input paths in one pipeline, then the functions over its accepted inputs
 * in another, then its COPY inputs one by one.  Stops at a lost connection.
 */
static void
run_inputs(PGconn *conn, uint64_t first, uint64_t end, uint64_t step)
{
	Input	   *batch = xmalloc(sizeof(Input) * BATCH_INPUTS);
	Input	   *sent[BATCH_INPUTS];
	Input	   *accepted[BATCH_INPUTS];
	Stmt		stmts[BATCH_INPUTS];
	uint64_t	next = first;
	bool		alive = true;
	int			nbatch;
	int			nsent;
	int			naccepted;
	int			i;

	while (alive && next < end)
	{
		nbatch = 0;
		for (; nbatch < BATCH_INPUTS && next < end; next += step)
			generate(&batch[nbatch++], next);
		if (verbose)
			for (i = 0; i < nbatch; i++)
				print_input(&batch[i], MAX_SHOWN);

		nsent = 0;
		for (i = 0; i < nbatch; i++)
			if (batch[i].path != PATH_COPY)
			{
				sent[nsent] = &batch[i];
				input_stmt(&stmts[nsent++], &batch[i]);
			}
		alive = run_stmts(conn, stmts, nsent);
		naccepted = 0;
		for (i = 0; i < nsent; i++)
		{
			if (alive)
			{
				buf_set(&sent[i]->filter, stmts[i].value.data,
						stmts[i].value.len);
				judge_input(sent[i], &stmts[i], &sent[i]->filter);
				if (sent[i]->accepted)
				{
					make_partner(sent[i]);
					accepted[naccepted++] = sent[i];
				}
			}
			stmt_free(&stmts[i]);
		}
		if (alive && naccepted > 0)
			alive = run_functions(conn, accepted, naccepted);
		for (i = 0; alive && i < nbatch; i++)
			if (batch[i].path == PATH_COPY)
				alive = run_copy(conn, &batch[i]);
		for (i = 0; i < nbatch; i++)
			input_free(&batch[i]);
	}
	free(batch);
}

/* Run one command that must succeed; return its result */
static PGresult *
must(PGconn *conn, const char *sql, int result_format)
{
	PGresult   *res = PQexecParams(conn, sql, 0, NULL, NULL, NULL, NULL,
								   result_format);

	if (PQresultStatus(res) != PGRES_TUPLES_OK &&
		PQresultStatus(res) != PGRES_COMMAND_OK)
		die(sql, PQerrorMessage(conn));
	return res;
}

/*
 * Prepare the session (bloom's type OID; a statement timeout, so that a
 * hang is a failure; generic plans; the COPY table), fetch the seeds, and
 * gather value expressions by kind.
 */
static void
setup(PGconn *conn)
{
	PGresult   *res;
	size_t		i;
	int			j;

	PQsetNoticeProcessor(conn, count_notice, NULL);
	res = must(conn, "SELECT 'bloom'::regtype::oid", 0);
	bloom_oid = (Oid) strtoul(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	PQclear(must(conn, "SET statement_timeout = '20s'", 0));
	PQclear(must(conn, "SET plan_cache_mode = force_generic_plan", 0));
	PQclear(must(conn, "CREATE TEMP TABLE sqlfuzz_copy (f bloom)", 0));
	PQclear(must(conn, bank_function, 0));

	for (i = 0; i < lengthof(seeds); i++)
	{
		Seed	   *seed = &seeds[i];

		res = must(conn, seed->sql, 1);
		if (PQntuples(res) != 1 || PQgetisnull(res, 0, 0))
			die("seed returned no filter", seed->sql);
		buf_set(&seed->bytes, PQgetvalue(res, 0, 0),
				(size_t) PQgetlength(res, 0, 0));
		PQclear(res);
		if (spec_problem(seed->bytes.data, seed->bytes.len) != NULL)
			die("seed is not a valid filter", seed->sql);
		seed->kind = buf_kind(&seed->bytes);
		if (seed->kind == 0 || seed->value == NULL)
			continue;
		for (j = 0; j < num_value_exprs; j++)
			if (value_exprs[j].kind == seed->kind &&
				strcmp(value_exprs[j].expr, seed->value) == 0)
				break;
		if (j == num_value_exprs)
		{
			value_exprs[num_value_exprs].kind = seed->kind;
			value_exprs[num_value_exprs++].expr = seed->value;
		}
	}
}

/* Print a table of SQLSTATE counts on one line */
static void
print_states(const char *label, const StateTable *table)
{
	int			i;

	printf("%s:", label);
	for (i = 0; i < table->n; i++)
		printf(" %s %" PRIu64, table->entries[i].code, table->entries[i].count);
	printf("%s\n", table->n == 0 ? " none" : "");
}

/* Print the counts: totals first, one per line, then the breakdowns */
static void
print_stats(double seconds)
{
	int			i;

	printf("seed: %" PRIu64 "\n", run_seed);
	printf("tried: %" PRIu64 "\n", stats.tried);
	printf("rejected: %" PRIu64 "\n", stats.rejected);
	printf("accepted: %" PRIu64 "\n", stats.accepted);
	printf("function statements: %" PRIu64 "\n", stats.statements);
	printf("function errors: %" PRIu64 "\n", stats.errors);
	printf("failures: %" PRIu64 "\n", stats.failures);
	printf("crashes: %" PRIu64 "\n", stats.crashes);
	printf("notices: %" PRIu64 "\n", stats.notices);
	printf("seconds: %.1f\n", seconds);
	print_states("rejected by SQLSTATE", &stats.rejected_states);
	print_states("function errors by SQLSTATE", &stats.error_states);
	for (i = 0; i < NUM_PATHS; i++)
		printf("path %s: %" PRIu64 " tried, %" PRIu64 " accepted\n",
			   path_names[i], stats.path_tried[i], stats.path_accepted[i]);
	for (i = 0; i < NUM_CATEGORIES; i++)
		printf("category %s: %" PRIu64 " tried, %" PRIu64 " accepted\n",
			   category_names[i], stats.cat_tried[i], stats.cat_accepted[i]);
}

/* Print how to call the program and exit 2 */
static void
usage(void)
{
	fprintf(stderr,
			"usage: sqlfuzz [-n inputs] [-s seed] [-j jobs] [-r input] [-v]"
			" [conninfo]\n"
			"  -n  number of inputs (default 100000)\n"
			"  -s  seed of the generator (default 1)\n"
			"  -j  processes sharing the inputs, a connection each (default 1)\n"
			"  -r  run input number N alone (to reproduce a failure)\n"
			"  -v  show every input, statement and outcome\n");
	exit(2);
}

/* One job's share: its own connection, inputs first + job + k * jobs */
static void
run_job(const char *conninfo, uint64_t first, uint64_t end, int job, int jobs)
{
	PGconn	   *conn = PQconnectdb(conninfo);

	if (PQstatus(conn) != CONNECTION_OK)
		die("cannot connect", PQerrorMessage(conn));
	setup(conn);
	run_inputs(conn, first + job, end, jobs);
	PQfinish(conn);
}

/* Add a job's counts to this process's */
static void
add_stats(const Stats *job)
{
	int			i;

	stats.tried += job->tried;
	stats.accepted += job->accepted;
	stats.rejected += job->rejected;
	stats.statements += job->statements;
	stats.errors += job->errors;
	stats.failures += job->failures;
	stats.crashes += job->crashes;
	stats.notices += job->notices;
	for (i = 0; i < NUM_PATHS; i++)
	{
		stats.path_tried[i] += job->path_tried[i];
		stats.path_accepted[i] += job->path_accepted[i];
	}
	for (i = 0; i < NUM_CATEGORIES; i++)
	{
		stats.cat_tried[i] += job->cat_tried[i];
		stats.cat_accepted[i] += job->cat_accepted[i];
	}
	for (i = 0; i < job->rejected_states.n; i++)
		count_state(&stats.rejected_states,
					job->rejected_states.entries[i].code,
					job->rejected_states.entries[i].count);
	for (i = 0; i < job->error_states.n; i++)
		count_state(&stats.error_states, job->error_states.entries[i].code,
					job->error_states.entries[i].count);
}

/* Read a job's counts from its pipe; false if it sent none */
static bool
read_stats(int fd, Stats *job)
{
	size_t		got = 0;
	ssize_t		n;

	while (got < sizeof(*job) &&
		   (n = read(fd, (char *) job + got, sizeof(*job) - got)) > 0)
		got += (size_t) n;
	return got == sizeof(*job);
}

/*
 * Run the jobs in child processes, each sending its counts back through a
 * pipe, and add them up.  Returns false if a job could not finish.
 */
static bool
run_jobs(const char *conninfo, uint64_t first, uint64_t end, int jobs)
{
	int			fds[MAX_JOBS][2];
	pid_t		pids[MAX_JOBS];
	Stats		job;
	bool		ok = true;
	int			status;
	int			j;

	fflush(stdout);
	for (j = 0; j < jobs; j++)
	{
		if (pipe(fds[j]) != 0 || (pids[j] = fork()) < 0)
			die("cannot start a job", strerror(errno));
		if (pids[j] == 0)
		{
			close(fds[j][0]);
			run_job(conninfo, first, end, j, jobs);
			fflush(stdout);
			if (write(fds[j][1], &stats, sizeof(stats)) != sizeof(stats))
				die("cannot send the counts", strerror(errno));
			exit(0);
		}
		close(fds[j][1]);
	}
	for (j = 0; j < jobs; j++)
	{
		if (read_stats(fds[j][0], &job))
			add_stats(&job);
		else
			ok = false;
		close(fds[j][0]);
		if (waitpid(pids[j], &status, 0) != pids[j] ||
			!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			ok = false;
	}
	return ok;
}

/* Parse the arguments, fuzz, print the counts */
int
main(int argc, char **argv)
{
	uint64_t	count = 100000;
	uint64_t	first = 0;
	int			jobs = 1;
	bool		replay = false;
	bool		ok = true;
	const char *conninfo = "";
	struct timespec start;
	struct timespec end;
	int			c;

	while ((c = getopt(argc, argv, "n:s:j:r:v")) != -1)
	{
		switch (c)
		{
			case 'n':
				count = strtoull(optarg, NULL, 10);
				break;
			case 's':
				run_seed = strtoull(optarg, NULL, 10);
				break;
			case 'j':
				jobs = atoi(optarg);
				if (jobs < 1 || jobs > MAX_JOBS)
					usage();
				break;
			case 'r':
				first = strtoull(optarg, NULL, 10);
				replay = true;
				break;
			case 'v':
				verbose = true;
				break;
			default:
				usage();
		}
	}
	if (optind < argc)
		conninfo = argv[optind++];
	if (optind < argc)
		usage();
	if (replay)
		count = 1;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (jobs == 1 || count < (uint64_t) jobs)
		run_job(conninfo, first, first + count, 0, 1);
	else
		ok = run_jobs(conninfo, first, first + count, jobs);
	clock_gettime(CLOCK_MONOTONIC, &end);
	print_stats((double) (end.tv_sec - start.tv_sec) +
				(double) (end.tv_nsec - start.tv_nsec) / 1e9);
	if (!ok)
		die("a job did not finish", NULL);
	return stats.failures == 0 && stats.crashes == 0 ? 0 : 1;
}

--
-- slices.sql: a membership test of a stored filter met for the first time
-- reads its header and the TOAST chunks it needs (bloom_probe.c), and
-- answers as a whole read does: at the first and the last block, at
-- blocks that straddle two chunks, at exact filters' first and last
-- hashes and across their chunks; inline and compressed filters are read
-- whole.  The rule that switches between the two is in bloom_cache.c.
--
SET client_min_messages = warning;

-- An 8-byte little-endian integer, for writing headers
CREATE FUNCTION le8(x bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
	SELECT decode(string_agg(lpad(to_hex((x >> (8 * k)) & 255), 2, '0'), '' ORDER BY k), 'hex')
	FROM generate_series(0, 7) AS k
$$;

-- A block filter of text of nblocks blocks with every bit of block i set
-- and no other: a value tests positive exactly when its hash picks block i
CREATE FUNCTION one_block(nblocks int, i int) RETURNS bloom
LANGUAGE sql IMMUTABLE AS $$
	SELECT (substr(h, 1, 40) || le8(nblocks) || le8(256) || substr(h, 57, 4)
			|| decode(repeat('00', 32 * i), 'hex')
			|| decode(repeat('ff', 32), 'hex')
			|| decode(repeat('00', 32 * (nblocks - i - 1)), 'hex'))::bloom
	FROM (SELECT bloom_add(bloom_create(1000, 0.01), 'x'::text)::bytea AS h) AS s
$$;

-- The filters, stored out of line and uncompressed (STORAGE external).
-- 130 blocks are 4,220 bytes, three chunks of 1,996 bytes: block 60 spans
-- bytes 1,980 to 2,011 (chunks 0 and 1), block 122 bytes 3,964 to 3,995
-- (chunks 1 and 2), block 129 is the last, block 0 shares chunk 0 with
-- the header, block 90 lies inside chunk 1
CREATE TABLE cases (name text PRIMARY KEY, f bloom);
INSERT INTO cases
	SELECT format('block %s of 130', i), one_block(130, i)
	FROM unnest(ARRAY[0, 59, 60, 61, 90, 121, 122, 123, 129]) AS i;
-- exact filters: of 250 hashes, the first chunk ends where hash 242
-- starts; of 492, the last hash straddles chunks 1 and 2 (bytes 3,988 to
-- 3,995); 1,000 and 20,000 hashes span 5 and 81 chunks.  Every member is
-- among the values probed, the first and the last included
INSERT INTO cases
	SELECT format('exact, %s hashes', n), bloom_agg('v' || g)
	FROM unnest(ARRAY[250, 492, 1000, 20000]) AS n, generate_series(1, n) AS g
	GROUP BY n;
-- block filters of real values, across several chunks
INSERT INTO cases
	SELECT format('blocks, %s values', n), bloom_agg('v' || g, n, 0.01)
	FROM unnest(ARRAY[3000, 30000]) AS n, generate_series(1, n) AS g
	GROUP BY n;
SELECT name, (bloom_info(f)).layout, pg_column_size(f) AS bytes,
	pg_column_size(f) < 2000 AS inline
FROM cases ORDER BY name;

-- The values probed: some of every exact filter's members, and others
CREATE TABLE probes AS SELECT 'v' || g AS v FROM generate_series(1, 2000) AS g;
ANALYZE cases, probes;

-- Every filter of cases against every value, each test in a query of its
-- own (EXPLAIN's plans are made anew each time), so that every test meets
-- its filter for the first time and probes it by slices: the tests that
-- answer true, and those that answer otherwise than the whole filter
-- (bloom_from_bytea reads it whole, into memory)
-- (each EXECUTE is planned anew, 4,000 per case: under a JIT forced on for
-- every query, as test/t/jit.t runs this suite, each would be compiled too,
-- which takes hours; the joins below probe under the suite's JIT)
CREATE FUNCTION slice_answers(min_size text)
RETURNS TABLE (name text, positive bigint, differ bigint)
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	c record;
	p record;
	sliced bool;
BEGIN
	PERFORM set_config('bloomfilter.min_slice_probe_size', min_size, true);
	FOR c IN SELECT cases.name, cases.f::bytea AS b FROM cases ORDER BY 1 LOOP
		name := c.name;
		positive := 0;
		differ := 0;
		FOR p IN SELECT probes.v FROM probes LOOP
			EXECUTE 'SELECT f @> $1 FROM cases WHERE name = $2'
				INTO sliced USING p.v, c.name;
			positive := positive + sliced::int;
			differ := differ + (sliced IS DISTINCT FROM bloom_from_bytea(c.b) @> p.v)::int;
		END LOOP;
		RETURN NEXT;
	END LOOP;
END
$$;

-- Probed by slices (every stored filter here is 2 kB or more): the block
-- cases hold about 2,000 / 130 = 15 values each, the exact ones their
-- members among v1 .. v2000, and no answer differs
SELECT * FROM slice_answers('0');
-- the same, read whole: the same answers
SELECT * FROM slice_answers('-1');

-- Which of them the default rule (8 kB) probes by slices: the ones that
-- large, tested the same way
SELECT name, pg_column_size(f) >= 8192 AS sliced_by_default
FROM cases ORDER BY name;
SELECT * FROM slice_answers('8kB');

-- Filters that come back: a join probes each of cases' filters for every
-- value; the first tests of each are by slices, until they have cost
-- about a whole read, the rest from the filter read whole (the same
-- counts as above)
SET bloomfilter.min_slice_probe_size = 0;
SELECT c.name, count(*) AS positive
FROM cases AS c JOIN probes AS p ON c.f @> p.v
GROUP BY c.name ORDER BY c.name;
-- and with a budget of no filter at all: a filter past it that comes
-- back among others is probed by slices every time
SET bloomfilter.cache_size = 0;
SELECT c.name, count(*) AS positive
FROM cases AS c JOIN probes AS p ON c.f @> p.v
GROUP BY c.name ORDER BY c.name;
RESET bloomfilter.cache_size;
-- <@ and bloom_contained probe by slices too
SELECT count(*) FILTER (WHERE 'v7' <@ f) AS contained,
	count(*) FILTER (WHERE bloom_contained('v7'::text, f)) AS fn_contained,
	count(*) FILTER (WHERE bloom_contains(f, 'v7'::text)) AS fn_contains
FROM cases;

-- A value of another kind is refused, as by a whole read
SELECT count(*) FROM cases WHERE f @> 7;

-- An inline filter and compressed ones are read whole, with the same
-- answers: a filter of 20 values is stored inline; STORAGE extended
-- compresses a filter with one block set to a few bytes kept inline, and
-- a filter of 2,000 values sized for 100,000 (120 kB, few bits set) to a
-- value stored out of line
CREATE TABLE kept (name text, f bloom);
ALTER TABLE kept ALTER COLUMN f SET STORAGE extended;
INSERT INTO kept SELECT name, f FROM cases WHERE name = 'block 60 of 130';
INSERT INTO kept
	SELECT 'sparse', bloom_agg('v' || g, 100000, 0.01) FROM generate_series(1, 2000) AS g;
INSERT INTO kept SELECT 'inline', bloom_agg('v' || g) FROM generate_series(1, 20) AS g;
SELECT k.name, pg_column_size(k.f) < octet_length(k.f::bytea) AS compressed,
	pg_column_size(k.f) > 2000 AS out_of_line, s.positive, s.differ
FROM kept AS k,
	LATERAL (SELECT count(*) FILTER (WHERE k.f @> v) AS positive,
				count(*) FILTER (WHERE (k.f @> v) IS DISTINCT FROM
								 (bloom_from_bytea(k.f::bytea) @> v)) AS differ
			 FROM probes) AS s
ORDER BY k.name;

-- bloom_info and bloom_fpr of an exact filter read its header only, of a
-- block filter all of it; the answers are those of the filter in memory
SELECT name, (bloom_info(f)).hashes, (bloom_info(f)).blocks,
	bloom_fpr(f) = bloom_fpr(bloom_from_bytea(f::bytea)) AS same_fpr,
	bloom_info(f) = bloom_info(bloom_from_bytea(f::bytea)) AS same_info
FROM cases ORDER BY name;

-- The planner runs a cheap condition before a test of a column of
-- filters, which costs a probe by slices; a filter in memory costs less
EXPLAIN (COSTS OFF) SELECT name FROM cases WHERE f @> 'v17' AND length(name) = 4;
EXPLAIN (COSTS OFF) SELECT name FROM cases WHERE 'v17' <@ f AND length(name) = 4;
-- per row: 2 seq_page_cost (two TOAST fetches) against 10 cpu_operator_cost
CREATE FUNCTION total_cost(query text) RETURNS float8
LANGUAGE sql AS $$ SELECT (plan_json(query) -> 0 -> 'Plan' ->> 'Total Cost')::float8 $$;
SELECT round(((total_cost('SELECT name FROM cases WHERE f @> ''v1''')
			   - total_cost('SELECT name FROM cases')) / 15)::numeric, 4) AS column_per_row,
	round(((total_cost('SELECT v FROM probes WHERE v <@ bloom_add(bloom_create(10, 0.01), ''x''::text)')
			- total_cost('SELECT v FROM probes')) / 2000)::numeric, 4) AS memory_per_row;

RESET bloomfilter.min_slice_probe_size;
DROP FUNCTION slice_answers(text);
DROP FUNCTION total_cost(text);
DROP FUNCTION one_block(int, int);
DROP FUNCTION le8(bigint);
DROP TABLE cases, probes, kept;

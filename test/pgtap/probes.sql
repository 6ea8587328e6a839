--
-- probes.sql: pgTAP checks of membership tests of stored filters probed
-- by slices (bloom_probe.c) against whole reads, on filters of random
-- sizes that put their blocks and hashes at TOAST chunk boundaries (the
-- seed is printed), and of what a test reads: a probe by slices a few
-- shared buffers, a whole read all of a filter's, and a filter probed by
-- many rows read once.
--
-- The filters: exact lists whose ends fall within 32 bytes of a chunk
-- boundary; block filters with every bit set in the blocks near each chunk
-- boundary (those that straddle two chunks and their neighbours), the
-- first and the last block, and no other, so that a value tests positive
-- exactly when its block is one of those; block filters of real values.
-- Each test is a query of its own, so that it meets its filter for the
-- first time and probes it by slices; bloom_from_bytea(f::bytea) is the
-- same filter read whole.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SELECT plan(18);

CREATE TEMP TABLE seed AS SELECT random() * 2 - 1 AS s;
SELECT diag(format('seed %s (SELECT setseed(%s) reproduces the filters and values)', s, s))
  FROM seed;
SELECT setseed(s) FROM seed;

-- An 8-byte little-endian integer, for writing headers
CREATE FUNCTION pg_temp.le8(x bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
    SELECT decode(string_agg(lpad(to_hex((x >> (8 * k)) & 255), 2, '0'), '' ORDER BY k), 'hex')
      FROM generate_series(0, 7) AS k
$$;

-- A block filter of text of nblocks blocks, every bit set in the blocks
-- that start less than 96 bytes before a chunk boundary or 64 after it,
-- and in the first and the last
CREATE FUNCTION pg_temp.near_boundaries(nblocks int) RETURNS bloom
LANGUAGE sql AS $$
    SELECT (substr(h, 1, 40) || pg_temp.le8(nblocks) || pg_temp.le8(256 * count(*) FILTER (WHERE is_set))
            || substr(h, 57, 4) || string_agg(CASE WHEN is_set THEN ones ELSE zeros END, ''::bytea ORDER BY b))::bloom
      FROM (SELECT bloom_add(bloom_create(1000, 0.01), 'x'::text)::bytea AS h,
                   decode(repeat('ff', 32), 'hex') AS ones,
                   decode(repeat('00', 32), 'hex') AS zeros) AS c,
           generate_series(0, nblocks - 1) AS b,
           LATERAL (SELECT (60 + 32 * b) % 1996 >= 1996 - 96 OR (60 + 32 * b) % 1996 < 64
                           OR b = nblocks - 1 AS is_set) AS f
     GROUP BY h
$$;

CREATE TEMP TABLE filters (id int PRIMARY KEY, kind text, n int, f bloom);
-- 40 exact filters, each 60 + 8 n bytes within 32 of a boundary k * 1996,
-- k from 2 (a filter within one chunk would be kept inline) to 61
INSERT INTO filters
    SELECT id, 'exact', n, (SELECT bloom_agg(id || ':' || g) FROM generate_series(1, n) AS g)
      FROM generate_series(1, 40) AS id,
           LATERAL (SELECT (((2 + floor(random() * 60)) * 1996 - 60) / 8
                            + floor(random() * 9) - 4)::int + id % 1 AS n) AS s;
-- 40 block filters set near every boundary, of 70 to 3,000 blocks
INSERT INTO filters
    SELECT 100 + id, 'boundaries', nblocks, pg_temp.near_boundaries(nblocks)
      FROM generate_series(1, 40) AS id,
           LATERAL (SELECT (70 + floor(random() * 2930))::int + id % 1 AS nblocks) AS s;
-- 20 block filters of 1,000 values sized for 2,000 to 200,000
INSERT INTO filters
    SELECT 200 + id, 'values', 1000,
           (SELECT bloom_agg((200 + id) || ':' || g, capacity, 0.01) FROM generate_series(1, 1000) AS g)
      FROM generate_series(1, 20) AS id,
           LATERAL (SELECT (2000 + floor(random() * 198000))::int + id % 1 AS capacity) AS s;

-- Each filter's values: 200 at random, of which about half members (the
-- boundary filters: 300 values at random)
CREATE TEMP TABLE probes AS
    SELECT f.id, f.kind,
           CASE WHEN random() < 0.5 AND f.kind <> 'boundaries'
                THEN f.id || ':' || (1 + floor(random() * f.n))::int
                ELSE 'absent:' || random() END AS v
      FROM filters AS f,
           generate_series(1, CASE WHEN f.kind = 'boundaries' THEN 300 ELSE 200 END) AS i;

-- Every test of probes by slices, and the answer of the filter read whole
-- (each EXECUTE is planned anew, 24,000 in all: under a JIT forced on for
-- every query, as test/t/jit.t runs this file, each would be compiled too)
CREATE FUNCTION pg_temp.answers()
RETURNS TABLE (id int, kind text, v text, by_slices bool, whole bool)
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
    p record;
BEGIN
    PERFORM set_config('bloomfilter.min_slice_probe_size', '0', true);
    FOR p IN SELECT probes.id, probes.kind, probes.v, filters.f::bytea AS b
               FROM probes JOIN filters USING (id) LOOP
        id := p.id;
        kind := p.kind;
        v := p.v;
        EXECUTE 'SELECT f @> $1 FROM filters WHERE id = $2' INTO by_slices USING p.v, p.id;
        whole := bloom_from_bytea(p.b) @> p.v;
        RETURN NEXT;
    END LOOP;
END
$$;
CREATE TEMP TABLE answers AS SELECT * FROM pg_temp.answers();

SELECT is((SELECT count(*) FROM filters WHERE pg_column_size(f) < 2000), 0::bigint,
          'every filter is stored out of line');
SELECT is((SELECT count(*) FROM answers WHERE by_slices IS DISTINCT FROM whole AND kind = 'exact'),
          0::bigint, 'exact filters ending at chunk boundaries: probes by slices answer as whole reads');
SELECT is((SELECT count(*) FROM answers WHERE by_slices IS DISTINCT FROM whole AND kind = 'boundaries'),
          0::bigint, 'block filters set near chunk boundaries: probes by slices answer as whole reads');
SELECT is((SELECT count(*) FROM answers WHERE by_slices IS DISTINCT FROM whole AND kind = 'values'),
          0::bigint, 'block filters of values: probes by slices answer as whole reads');
SELECT cmp_ok((SELECT count(*) FROM answers WHERE by_slices AND kind = 'boundaries'), '>=', 300::bigint,
              'values that pick the blocks near chunk boundaries, at least 300 of 12,000 (about 8% expected)');
SELECT is((SELECT count(*) FROM answers
            WHERE NOT by_slices AND kind <> 'boundaries' AND v NOT LIKE 'absent:%'),
          0::bigint, 'no member tests negative');

--
-- What a test reads, in shared buffers: 20 filters of 200,000 values
-- (240 kB each, about 30 pages of TOAST) scanned with a constant value,
-- by slices (default rule) and whole; then one of them probed by 20,000
-- rows from an InitPlan, read once
--
CREATE TEMP TABLE big (id int, f bloom);
INSERT INTO big
    SELECT id, bloom_agg(id || ':' || g, 200000, 0.01)
      FROM generate_series(1, 20) AS id, generate_series(1, 1000) AS g GROUP BY id;
CREATE TEMP TABLE rows AS SELECT '1:' || g AS v FROM generate_series(1, 20000) AS g;
ANALYZE big, rows;

-- shared buffers (hit and read) of a query, from EXPLAIN (ANALYZE, BUFFERS)
CREATE FUNCTION pg_temp.buffers(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO plan;
    RETURN (plan -> 0 -> 'Plan' ->> 'Shared Hit Blocks')::bigint
           + (plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint
           + (plan -> 0 -> 'Plan' ->> 'Local Hit Blocks')::bigint
           + (plan -> 0 -> 'Plan' ->> 'Local Read Blocks')::bigint;
END
$$;
RESET bloomfilter.min_slice_probe_size;
CREATE TEMP TABLE reads AS
    SELECT pg_temp.buffers('SELECT count(*) FROM big WHERE f @> ''1:5''') AS sliced,
           pg_temp.buffers('SELECT count(*) FROM big') AS scan,
           pg_temp.buffers('SELECT count(*) FROM rows') AS rows_scan,
           pg_temp.buffers('SELECT count(*) FROM rows WHERE (SELECT f FROM big WHERE id = 1) @> v') AS probed,
           0::bigint AS whole;
SET LOCAL bloomfilter.min_slice_probe_size = -1;
UPDATE reads SET whole = pg_temp.buffers('SELECT count(*) FROM big WHERE f @> ''1:5''');
RESET bloomfilter.min_slice_probe_size;

SELECT cmp_ok((SELECT (sliced - scan) / 20.0 FROM reads), '<=', 16::numeric,
              'a probe by slices reads at most 16 buffers a filter');
SELECT cmp_ok((SELECT (whole - scan) / 20.0 FROM reads), '>=', 30::numeric,
              'a whole read reads all of a filter''s 30 or more buffers');
SELECT cmp_ok((SELECT probed - rows_scan - scan FROM reads), '<=',
              (SELECT (whole - scan) / 20 + 16 FROM reads),
              'a filter probed by 20,000 rows from an InitPlan is read once');
CREATE TEMP TABLE joined AS
    SELECT (SELECT count(*) FROM rows WHERE (SELECT f FROM big WHERE id = 1) @> v) AS probed,
           (SELECT count(*) FROM rows JOIN big ON big.f @> rows.v) AS join_count,
           (SELECT count(*) FROM big, rows WHERE big.f @> rows.v) AS join_other_way;
SET LOCAL bloomfilter.min_slice_probe_size = -1;
SELECT is((SELECT probed FROM joined),
          (SELECT count(*) FROM rows WHERE (SELECT f FROM big WHERE id = 1) @> v),
          'a filter probed by 20,000 rows answers as read whole (as before 1.1)');
SELECT is((SELECT (join_count, join_other_way) FROM joined),
          (SELECT (count(*), count(*)) FROM rows JOIN big ON big.f @> rows.v),
          'a join probing 20 filters for 20,000 rows answers as whole reads');

--
-- Every query shape that tests a stored filter against a few values, at
-- most twice the buffers of the same single-value tests OR'ed (or AND'ed)
-- together, each of which probes every filter once by slices: 20 filters
-- of 600 kB (about 80 buffers to read whole), each holding its own values
-- and 'all'; the values are '3:5' (in filter 3), 'all', and absent ones.
-- A call site reads a filter whole only once its probes by slices have
-- cost about that much (bloom_slicing.c), so neither a second test of the
-- same filter on one row (= ANY, ALL, a join against unnest, a correlated
-- subquery) nor a nested loop's outer column (LATERAL) reads it whole;
-- a filter that does come back thousands of times costs at most a whole
-- read and as much again in probes.
--
RESET bloomfilter.min_slice_probe_size;
CREATE TEMP TABLE days (id int, f bloom);
INSERT INTO days
    SELECT id, bloom_add_all(bloom_create(500000, 0.01),
                             ARRAY(SELECT id || ':' || g FROM generate_series(1, 100) AS g) || 'all'::text)
      FROM generate_series(1, 20) AS id;
ANALYZE days;
SET LOCAL max_parallel_workers_per_gather = 0;

-- each shape beside its reference: buffers and answers
CREATE TEMP TABLE shapes (shape text, query text, reference text);
INSERT INTO shapes VALUES
    ('= ANY', $q$SELECT count(*) FROM days WHERE f @> ANY (ARRAY['3:5', 'x:1'])$q$,
     $q$SELECT count(*) FROM days WHERE f @> '3:5' OR f @> 'x:1'$q$),
    ('ALL', $q$SELECT count(*) FROM days WHERE f @> ALL (ARRAY['all', 'x:1'])$q$,
     $q$SELECT count(*) FROM days WHERE f @> 'all' AND f @> 'x:1'$q$),
    ('a join against unnest', $q$SELECT count(*) FROM days, unnest(ARRAY['3:5', 'x:1', 'x:2']) AS u WHERE f @> u$q$,
     $q$SELECT count(*) FROM days WHERE f @> '3:5' OR f @> 'x:1' OR f @> 'x:2'$q$),
    ('LATERAL', $q$SELECT count(*) FROM days AS d CROSS JOIN LATERAL (SELECT d.f @> '3:5' AS a, d.f @> 'x:1' AS b OFFSET 0) AS s WHERE s.a OR s.b$q$,
     $q$SELECT count(*) FROM days WHERE f @> '3:5' OR f @> 'x:1'$q$),
    ('a correlated subquery', $q$SELECT count(*) FROM days AS d WHERE (SELECT count(*) FROM unnest(ARRAY['3:5', 'x:1', 'x:2']) AS u WHERE d.f @> u) > 0$q$,
     $q$SELECT count(*) FROM days WHERE f @> '3:5' OR f @> 'x:1' OR f @> 'x:2'$q$),
    ('IN (subquery)', $q$SELECT count(*) FROM days AS d WHERE true IN (SELECT d.f @> u FROM unnest(ARRAY['3:5', 'x:1', 'x:2']) AS u)$q$,
     $q$SELECT count(*) FROM days WHERE f @> '3:5' OR f @> 'x:1' OR f @> 'x:2'$q$);
CREATE FUNCTION pg_temp.answer(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    n bigint;
BEGIN
    EXECUTE query INTO n;
    RETURN n;
END
$$;
CREATE TEMP TABLE shape_reads AS
    SELECT shape, pg_temp.buffers(query) AS buffers, pg_temp.buffers(reference) AS reference,
           pg_temp.answer(query) AS answer, pg_temp.answer(reference) AS reference_answer
      FROM shapes;
SELECT diag(format('%s: %s buffers, %s OR''ed', shape, buffers, reference)) FROM shape_reads;

SELECT is((SELECT string_agg(shape, ', ' ORDER BY shape) FROM shape_reads WHERE buffers > 2 * reference),
          NULL, 'every shape reads at most twice the buffers of its single-value tests');
SELECT is((SELECT string_agg(shape, ', ' ORDER BY shape) FROM shape_reads
            WHERE answer IS DISTINCT FROM CASE WHEN shape = 'a join against unnest' THEN 1 ELSE reference_answer END),
          NULL, 'every shape answers as its single-value tests');
SELECT cmp_ok((SELECT reference FROM shape_reads WHERE shape = '= ANY') / 20.0, '<=', 16::numeric,
              'the single-value tests probe by slices: at most 16 buffers a filter for two tests');

-- A nested loop that tests each filter for 1,000 rows: each filter costs
-- probes by slices until they have cost about a whole read, then the read
-- (resident for the rest of the query): at most twice the whole reads,
-- and far less than probing by slices every time
CREATE TEMP TABLE many AS SELECT '3:' || g AS v FROM generate_series(1, 1000) AS g;
ANALYZE many;
CREATE TEMP TABLE loop_reads AS
    SELECT pg_temp.buffers('SELECT count(*) FROM many JOIN days ON days.f @> many.v') AS rule,
           pg_temp.buffers('SELECT count(*) FROM many') + pg_temp.buffers('SELECT count(*) FROM days') AS scans,
           0::bigint AS whole;
SET LOCAL bloomfilter.min_slice_probe_size = -1;
UPDATE loop_reads SET whole = pg_temp.buffers('SELECT count(*) FROM many JOIN days ON days.f @> many.v');
RESET bloomfilter.min_slice_probe_size;
SELECT diag(format('a nested loop over 1,000 rows: %s buffers, %s with whole reads', rule, whole))
  FROM loop_reads;
SELECT cmp_ok((SELECT rule FROM loop_reads), '<=', (SELECT 2 * whole + 20 * 16 FROM loop_reads),
              'a nested loop testing each filter for 1,000 rows reads at most about twice its whole reads');
SELECT cmp_ok((SELECT whole - scans FROM loop_reads), '>=', (SELECT 20 * 75::bigint),
              'the whole reads read every filter''s 75 or more buffers');

-- an InitPlan's filter is read whole at once, a nested loop's outer
-- column is not: one filter probed by 20,000 rows from an InitPlan, and
-- each filter tested once through LATERAL (reference: the same test in
-- WHERE)
CREATE TEMP TABLE param_reads AS
    SELECT pg_temp.buffers('SELECT count(*) FROM rows WHERE (SELECT f FROM days WHERE id = 3) @> v') AS initplan,
           pg_temp.buffers('SELECT count(*) FROM rows') AS rows_scan,
           pg_temp.buffers('SELECT count(*) FROM days') AS days_scan,
           pg_temp.buffers($q$SELECT count(*) FROM days AS d CROSS JOIN LATERAL (SELECT d.f @> '3:5' AS a OFFSET 0) AS s WHERE s.a$q$) AS outer_column,
           pg_temp.buffers($q$SELECT count(*) FROM days WHERE f @> '3:5'$q$) AS in_where;
SELECT cmp_ok((SELECT initplan - rows_scan - days_scan FROM param_reads), '<=',
              (SELECT (whole - scans) / 20 + 16 FROM loop_reads),
              'a filter from an InitPlan probed by 20,000 rows is read whole at once');
SELECT cmp_ok((SELECT outer_column FROM param_reads), '<=', (SELECT in_where + 20 FROM param_reads),
              'a nested loop''s outer filter tested once is probed by slices, as in WHERE');

SELECT * FROM finish();
ROLLBACK;

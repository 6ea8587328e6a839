--
-- bloombank: an index over a column of filters answers f @> x with the
-- rows a sequential scan returns, and the plans PostgreSQL picks use it
--
SET client_min_messages = warning;

-- The plan of a query, one line per line
CREATE FUNCTION bank_plan(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		plan := plan || line || E'\n';
	END LOOP;
	RETURN plan;
END $$;

-- The sorted first column of a query's rows through the index, if the plan
-- uses it and a sequential scan returns the same; else what went wrong
CREATE FUNCTION bank_same(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	wrapped text := 'SELECT array_agg(x ORDER BY x)::text FROM (' || q || ') AS s(x)';
	indexed text;
	scanned text;
	used boolean;
BEGIN
	PERFORM set_config('enable_seqscan', 'off', true);
	used := bank_plan(wrapped) LIKE '%Bitmap Index Scan%';
	EXECUTE wrapped INTO indexed;
	PERFORM set_config('enable_seqscan', 'on', true);
	PERFORM set_config('enable_bitmapscan', 'off', true);
	PERFORM set_config('enable_indexscan', 'off', true);
	EXECUTE wrapped INTO scanned;
	PERFORM set_config('enable_bitmapscan', 'on', true);
	PERFORM set_config('enable_indexscan', 'on', true);
	IF NOT used THEN
		RETURN 'the index is not used';
	ELSIF indexed IS DISTINCT FROM scanned THEN
		RETURN format('index %s, scan %s', indexed, scanned);
	END IF;
	RETURN coalesce(indexed, '{}');
END $$;

-- 300 days of 40 pages each, out of 1,000, in filters of one size
CREATE TABLE bank_days (day int PRIMARY KEY, urls bloom) WITH (autovacuum_enabled = off);
INSERT INTO bank_days
SELECT d, bloom_agg('https://example.com/' || (d * 37 + i * 11) % 1000, 100::bigint, 0.01::float8)
FROM generate_series(1, 300) d, generate_series(1, 40) i GROUP BY d;
CREATE INDEX bank_days_urls ON bank_days USING bloombank (urls);
ANALYZE bank_days;

-- the test is the index's own operator: a bitmap scan, rechecked only
-- where the index says so
EXPLAIN (COSTS OFF) SELECT day FROM bank_days WHERE urls @> 'https://example.com/5';
EXPLAIN (COSTS OFF) SELECT day FROM bank_days WHERE 'https://example.com/5' <@ urls;
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
SELECT bank_same($$SELECT day FROM bank_days WHERE 'https://example.com/5' <@ urls$$);
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/999'::varchar$$);
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/none'$$);
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'
	AND urls @> 'https://example.com/16'$$);
-- every day, by members and non-members, the same as a scan
SELECT count(*) FILTER (WHERE bank_same(format($$SELECT day FROM bank_days WHERE urls @> %L$$,
	'https://example.com/' || p)) LIKE '{%') AS same, count(*)
FROM generate_series(0, 1100, 7) p;
-- the value is a parameter, or comes from a join (a parameterized scan)
PREPARE bank_q(text) AS SELECT day FROM bank_days WHERE urls @> $1 ORDER BY day;
EXECUTE bank_q('https://example.com/5');
SELECT v, array_agg(d.day ORDER BY d.day)
FROM (VALUES ('https://example.com/5'), ('https://example.com/6')) AS p(v)
JOIN bank_days AS d ON d.urls @> p.v GROUP BY v ORDER BY v;
-- the index's contents
SELECT * FROM bloombank_info('bank_days_urls');
SELECT * FROM bloombank_groups('bank_days_urls');
SELECT * FROM bloombank_check('bank_days_urls');

-- a handful of filters are scanned, not read through the index
CREATE TABLE bank_few (id int, f bloom);
INSERT INTO bank_few SELECT g, bloom_agg(g * 10 + i) FROM generate_series(1, 3) g,
	generate_series(1, 5) i GROUP BY g;
CREATE INDEX ON bank_few USING bloombank (f);
ANALYZE bank_few;
EXPLAIN (COSTS OFF) SELECT id FROM bank_few WHERE f @> 12;

-- cross-type: filters of bigint values, probed with int4, int2 and bigint
CREATE TABLE bank_ints (id int, f bloom);
INSERT INTO bank_ints SELECT g, bloom_agg((g * 1000 + i)::bigint, 200::bigint, 0.01::float8)
FROM generate_series(1, 100) g, generate_series(1, 100) i GROUP BY g;
CREATE INDEX bank_ints_f ON bank_ints USING bloombank (f);
SELECT bank_same('SELECT id FROM bank_ints WHERE f @> 42042');
SELECT bank_same('SELECT id FROM bank_ints WHERE f @> 4042::smallint');
SELECT bank_same('SELECT id FROM bank_ints WHERE f @> 42042::bigint');
SELECT bank_same('SELECT id FROM bank_ints WHERE 7007::int <@ f');
-- a value of a kind the filters refuse is never answered by the index: the
-- plan scans, and the test raises its error
EXPLAIN (COSTS OFF) SELECT id FROM bank_ints WHERE f @> 42042::numeric;
SELECT id FROM bank_ints WHERE f @> 42042::numeric;
SELECT id FROM bank_ints WHERE f @> 'a';

-- a column of mixed kinds: the index takes no value (the scan raises the
-- error as without it), unless the filters that refuse it are empty
CREATE TABLE bank_mixed (id int, kind text, f bloom);
INSERT INTO bank_mixed SELECT g, 'text', bloom_agg('v' || (g + i)) FROM generate_series(1, 50) g,
	generate_series(1, 10) i GROUP BY g;
INSERT INTO bank_mixed VALUES (100, 'empty', bloom_create(100::bigint, 0.01::float8)),
	(101, 'empty', (SELECT bloom_agg(x) FROM (SELECT NULL::int) AS t(x)));
CREATE INDEX bank_mixed_f ON bank_mixed USING bloombank (f);
SELECT bank_same($$SELECT id FROM bank_mixed WHERE f @> 'v17'$$);
INSERT INTO bank_mixed SELECT 200 + g, 'int', bloom_agg(g * 10 + i) FROM generate_series(1, 5) g,
	generate_series(1, 10) i GROUP BY g;
SELECT (bloombank_info('bank_mixed_f')).kinds;
EXPLAIN (COSTS OFF) SELECT id FROM bank_mixed WHERE f @> 'v17';
SELECT id FROM bank_mixed WHERE f @> 'v17';
SELECT id FROM bank_mixed WHERE kind = 'text' AND f @> 'v17' ORDER BY id;

-- exact lists (bloom_agg of few values) and filters of assorted sizes:
-- kept at their own counts where enough share one, folded where a fold
-- costs little, answered the same as a scan
CREATE TABLE bank_sizes (id int, f bloom);
INSERT INTO bank_sizes SELECT g, bloom_agg(g * 100 + i) FROM generate_series(1, 40) g,
	generate_series(1, 1 + g % 9) i GROUP BY g;
INSERT INTO bank_sizes SELECT 100 + g, bloom_agg(g * 100 + i, 300 + g * 7, 0.01::float8)
FROM generate_series(1, 20) g, generate_series(1, 3) i GROUP BY g;
INSERT INTO bank_sizes SELECT 200 + g, bloom_agg(g * 100 + i, 500::bigint, 0.01::float8)
FROM generate_series(1, 20) g, generate_series(1, 400) i GROUP BY g;
CREATE INDEX bank_sizes_f ON bank_sizes USING bloombank (f);
SELECT blocks, value_kind, exact, filters, live FROM bloombank_groups('bank_sizes_f')
ORDER BY blocks, exact;
SELECT bank_same('SELECT id FROM bank_sizes WHERE f @> 1502');
SELECT bank_same('SELECT id FROM bank_sizes WHERE f @> 302');
SELECT bank_same('SELECT id FROM bank_sizes WHERE f @> 9');
SELECT count(*) FILTER (WHERE bank_same(format('SELECT id FROM bank_sizes WHERE f @> %s', v))
	LIKE '{%') AS same, count(*)
FROM generate_series(0, 2500, 13) v;
SELECT * FROM bloombank_check('bank_sizes_f');

-- NULL filters are not indexed, a NULL value is in no filter
INSERT INTO bank_sizes VALUES (300, NULL);
SELECT bank_same('SELECT id FROM bank_sizes WHERE f @> 1502');
SELECT count(*) FROM bank_sizes WHERE f @> NULL::int;

-- Parquet mode: filters of bigint, probed with int4; a value with no form in
-- the filters' type is in none
CREATE TABLE bank_parquet (id int, f bloom);
INSERT INTO bank_parquet SELECT g, bloom_parquet_agg((g * 10 + i)::bigint, 100::bigint, 0.01::float8)
FROM generate_series(1, 30) g, generate_series(1, 10) i GROUP BY g;
CREATE INDEX bank_parquet_f ON bank_parquet USING bloombank (f);
SELECT value_kind, hash, exact, filters FROM bloombank_groups('bank_parquet_f');
SELECT bank_same('SELECT id FROM bank_parquet WHERE f @> 155');
SELECT bank_same('SELECT id FROM bank_parquet WHERE f @> 155::bigint');
EXPLAIN (COSTS OFF) SELECT id FROM bank_parquet WHERE f @> 'x';

-- parts of filters: each row's part answers for the values of its part;
-- given the part, as doc/partitioned.md queries them, the index answers as
-- a scan; without it, the index gives the rows of the value's part where a
-- scan stops at a row of another part with an error
CREATE TABLE bank_parts (day int, part int, f bloom);
INSERT INTO bank_parts
SELECT d, bloom_part_of(v, 100000, 0.01, 8), bloom_part_agg(v, 100000, 0.01, 8)
FROM generate_series(1, 20) d, generate_series(1, 500) i, LATERAL (SELECT d * 1000 + i AS v) AS x
GROUP BY 1, 2;
CREATE INDEX bank_parts_f ON bank_parts USING bloombank (f);
SELECT count(*) AS groups, sum(filters) AS filters, min(parts) AS parts
FROM bloombank_groups('bank_parts_f');
SELECT bank_same('SELECT day FROM bank_parts WHERE part = bloom_part_of(7007, 100000, 0.01, 8) AND f @> 7007');
SELECT bank_same('SELECT day FROM bank_parts WHERE part = bloom_part_of(999999, 100000, 0.01, 8) AND f @> 999999');
SET enable_seqscan = off;
SELECT day FROM bank_parts WHERE f @> 7007;
RESET enable_seqscan;
SET enable_bitmapscan = off;
SELECT day FROM bank_parts WHERE f @> 7007;
RESET enable_bitmapscan;

-- the pending list: rows inserted since the index was built are answered
-- (rechecked), moved into groups by bloombank_flush, by VACUUM, or by an
-- insert once the list holds pending_limit rows
INSERT INTO bank_days SELECT 1000 + g, bloom_add(bloom_create(100::bigint, 0.01::float8),
	'https://example.com/' || g) FROM generate_series(1, 10) g;
SELECT pending, groups, grouped FROM bloombank_info('bank_days_urls');
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
SELECT bloombank_flush('bank_days_urls');
SELECT pending, groups, grouped FROM bloombank_info('bank_days_urls');
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
ALTER INDEX bank_days_urls SET (pending_limit = 4);
INSERT INTO bank_days SELECT 2000 + g, bloom_add(bloom_create(100::bigint, 0.01::float8),
	'https://example.com/5') FROM generate_series(1, 5) g;
SELECT pending, groups, grouped FROM bloombank_info('bank_days_urls');
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);

-- updates, deletes and VACUUM: dead rows leave the groups, small groups
-- are merged, the answers stay the scan's
UPDATE bank_days SET urls = bloom_add(urls, 'https://example.com/5') WHERE day % 50 = 0;
DELETE FROM bank_days WHERE day % 7 = 0;
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
VACUUM bank_days;
SELECT pending, groups, grouped FROM bloombank_info('bank_days_urls');
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
SELECT * FROM bloombank_check('bank_days_urls');

-- the pages a merge gives back join into runs, which a later group of
-- more filters than any of the merged ones takes instead of growing the
-- index (CREATE INDEX with the least memory makes groups of 80 filters)
CREATE TABLE bank_runs (id int, f bloom);
INSERT INTO bank_runs SELECT i, bloom_add(bloom_create(10000::bigint, 0.01::float8), i)
FROM generate_series(1, 400) i;
SET maintenance_work_mem = '1MB';
CREATE INDEX bank_runs_f ON bank_runs USING bloombank (f) WITH (pending_limit = 1000);
RESET maintenance_work_mem;
SELECT count(*) AS groups, min(filters), max(filters) FROM bloombank_groups('bank_runs_f');
VACUUM bank_runs;
SELECT groups, free_runs, free_pages FROM bloombank_info('bank_runs_f');
SELECT pages AS pages_before FROM bloombank_info('bank_runs_f') \gset
INSERT INTO bank_runs SELECT i, bloom_add(bloom_create(10000::bigint, 0.01::float8), i)
FROM generate_series(401, 655) i;
SELECT bloombank_flush('bank_runs_f');
SELECT pages - :pages_before AS pages_added, groups, free_runs, free_pages
FROM bloombank_info('bank_runs_f');
SELECT bank_same('SELECT id FROM bank_runs WHERE f @> 500');
SELECT * FROM bloombank_check('bank_runs_f');

-- REINDEX, and CREATE INDEX CONCURRENTLY
REINDEX INDEX bank_days_urls;
SELECT pending, groups, grouped FROM bloombank_info('bank_days_urls');
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
DROP INDEX bank_days_urls;
CREATE INDEX CONCURRENTLY bank_days_urls ON bank_days USING bloombank (urls);
SELECT bank_same($$SELECT day FROM bank_days WHERE urls @> 'https://example.com/5'$$);
SELECT * FROM bloombank_check('bank_days_urls');

-- a partitioned table: an index on the parent, one on each partition
CREATE TABLE bank_parted (day int, urls bloom) PARTITION BY RANGE (day);
CREATE TABLE bank_parted_1 PARTITION OF bank_parted FOR VALUES FROM (0) TO (150);
CREATE TABLE bank_parted_2 PARTITION OF bank_parted FOR VALUES FROM (150) TO (400);
INSERT INTO bank_parted SELECT day, urls FROM bank_days WHERE day < 400;
CREATE INDEX bank_parted_urls ON bank_parted USING bloombank (urls);
EXPLAIN (COSTS OFF) SELECT day FROM bank_parted WHERE urls @> 'https://example.com/5';
SELECT bank_same($$SELECT day FROM bank_parted WHERE urls @> 'https://example.com/5'$$);
SELECT bloombank_flush('bank_parted_urls');

-- an index on an expression: the test stays the filter
CREATE TABLE bank_pairs (id int, a bloom, b bloom);
INSERT INTO bank_pairs SELECT day, urls, urls FROM bank_days;
CREATE INDEX bank_pairs_ab ON bank_pairs USING bloombank ((a | b));
EXPLAIN (COSTS OFF) SELECT id FROM bank_pairs WHERE (a | b) @> 'https://example.com/5';
SELECT bank_same($$SELECT id FROM bank_pairs WHERE (a | b) @> 'https://example.com/5'$$);

-- an unlogged table's index
CREATE UNLOGGED TABLE bank_unlogged (id int, f bloom);
CREATE INDEX ON bank_unlogged USING bloombank (f);
INSERT INTO bank_unlogged SELECT day, urls FROM bank_days;
SELECT bank_same($$SELECT id FROM bank_unlogged WHERE f @> 'https://example.com/5'$$);

-- the scan key: a value with its type, and its text form
SELECT bloombank_value(5), bloombank_value('abc'::text), bloombank_value('{1,2}'::int[]);
SELECT 'pg_catalog.int4 ''5'''::bloombank_key, 'text ''it''''s'''::bloombank_key;
SELECT bloom_agg(5) @> bloombank_value(5), bloom_agg(5) @> bloombank_value(5::bigint),
	bloom_agg(5) @> bloombank_value(6);
SELECT 'int4 5'::bloombank_key;
SELECT '''5'''::bloombank_key;
SELECT 'nosuchtype ''5'''::bloombank_key;
SELECT 'int4 ''x'''::bloombank_key;

-- errors
CREATE INDEX ON bank_days USING bloombank (day);
CREATE INDEX ON bank_days USING bloombank (urls, urls);
SELECT bloombank_flush('bank_days_pkey');
SELECT bloombank_flush('bank_days');
SELECT bloombank_check('bank_parted_urls');
ALTER INDEX bank_days_urls SET (pending_limit = 0);

DROP TABLE bank_days, bank_few, bank_ints, bank_mixed, bank_sizes, bank_parquet,
	bank_parts, bank_parted, bank_pairs, bank_unlogged, bank_runs;
DROP FUNCTION bank_same(text), bank_plan(text);

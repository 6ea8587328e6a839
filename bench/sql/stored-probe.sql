--
-- bench/sql/stored-probe.sql: the tables of bench/sql/stored-probe, built
-- after compare.sql (visits: 1,000,000 URLs with their id) and shapes.sql
-- (the shapes of issue 11, among them big, the 8 MB filter of 5,000,000
-- URLs), with the sizes the script sets as psql variables:
--
-- days:   :days filters sized for 5,000,000 values (bloom_create(5000000,
--         0.01): 6.4 MB), day d holding 'u<d>:1' .. 'u<d>:1000'; no index,
--         as the issue's table
-- lists:  :lists exact filters of 50,000 integers (400 kB), list d holding
--         d * 100000 + 1 .. d * 100000 + 50000
-- mem:    filters probed from an InitPlan by visits: the exact list of
--         50,000 of its URLs (400 kB), and a block filter of the same URLs
--         at 1% (60 kB)
-- s<kB>:  200 block filters each of 4, 8, 16, 32, 64, 128 and 256 kB, one
--         value each, for the rule's sizes
--
SET client_min_messages = warning;

CREATE TABLE days (d int, urls bloom);
INSERT INTO days
	SELECT d, bloom_add_all(bloom_create(5000000, 0.01),
							ARRAY(SELECT 'u' || d || ':' || g FROM generate_series(1, 1000) AS g))
	FROM generate_series(1, :days) AS d;

CREATE TABLE lists (d int, vals bloom);
INSERT INTO lists
	SELECT d, (SELECT bloom_agg(d::bigint * 100000 + g) FROM generate_series(1, 50000) AS g)
	FROM generate_series(1, :lists) AS d;

CREATE TABLE mem AS
	SELECT 'exact' AS name, bloom_agg(url) AS f FROM visits WHERE id % 20 = 0
	UNION ALL
	SELECT 'blocks', bloom_agg(url, 50000, 0.01) FROM visits WHERE id % 20 = 0;

-- capacities for 4 to 256 kB at 1% (bloom_create's sizes: 4,032 to
-- 263,296 bytes)
CREATE TABLE sizes (kb int, capacity int);
INSERT INTO sizes VALUES (4, 3000), (8, 6000), (16, 12000), (32, 25000),
	(64, 50000), (128, 100000), (256, 200000);
SELECT format('CREATE TABLE s%s AS SELECT i, bloom_add(bloom_create(%s, 0.01), ''v'' || i) AS f FROM generate_series(1, 200) AS i',
			  kb, capacity)
FROM sizes ORDER BY kb \gexec

VACUUM ANALYZE;

-- The shared buffers (hit and read) a query touches and whether JIT
-- compiled it, from EXPLAIN (ANALYZE, BUFFERS)
CREATE FUNCTION buffers(query text, OUT buffers bigint, OUT jit bool)
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO plan;
	buffers := (plan -> 0 -> 'Plan' ->> 'Shared Hit Blocks')::bigint
		+ (plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint;
	jit := coalesce((plan -> 0 -> 'JIT' ->> 'Functions')::int, 0) > 0;
END
$$;

\echo bench/sql/stored-probe: the data
SELECT t.what, t.n AS filters, pg_size_pretty(t.each) AS each,
	pg_size_pretty(t.total) AS total
FROM (
	SELECT 'days (block filters)' AS what, count(*) AS n,
		max(pg_column_size(urls))::bigint AS each, sum(pg_column_size(urls))::bigint AS total FROM days
	UNION ALL
	SELECT 'lists (exact filters)', count(*), max(pg_column_size(vals)),
		sum(pg_column_size(vals)) FROM lists
	UNION ALL
	SELECT 'mem: ' || name, 1, pg_column_size(f), pg_column_size(f) FROM mem
	UNION ALL
	SELECT 'big (8 MB, shapes.sql)', 1, pg_column_size(f), pg_column_size(f) FROM big
) AS t;

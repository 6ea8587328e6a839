--
-- bench/sql/shapes.sql: the tables of bench/sql/shapes, built after
-- compare.sql (visits: 1,000,000 URLs with their id), with the sizes the
-- script sets as psql variables:
--
-- bigf:  20 stored filters of 1 MB (bloom_agg(url, 760000, 0.01)), filter
--        k holding the visits with id % 20 = k
-- pr:    :probes URLs of visits (id, v), each in one filter of bigf
-- daily: the README's quick start, 7 daily filters (bloom_agg(url), 256 kB
--        each) of visits, and pages: :pages of visits' URLs
-- ab:    two stored filters of 1.3 MB (bloom_agg(url, 1000000, 0.01)):
--        a = visits with an even id, b = every third; u: :union_rows URLs
-- many:  1,000 filters of 100 kB (bloom_agg(url, 77000, 0.01)), 1,000 URLs
--        each (setup.sql's, built from these visits)
-- w:     1 .. :window_rows
-- big:   the filter of :rows URLs (bloom_agg(url); 8 MB for 5,000,000),
--        half of visits among them
--
SET client_min_messages = warning;

CREATE TABLE bigf AS
	SELECT id % 20 AS id, bloom_agg(url, 760000, 0.01) AS f
	FROM visits GROUP BY id % 20;
CREATE TABLE pr AS SELECT id, url AS v FROM visits WHERE id <= :probes;

CREATE TABLE daily AS
	SELECT DATE '2026-11-16' + (id % 7)::int AS day, bloom_agg(url) AS urls
	FROM visits GROUP BY 1;
CREATE TABLE pages AS SELECT url FROM visits WHERE id <= :pages;

CREATE TABLE ab (name text PRIMARY KEY, f bloom);
INSERT INTO ab
	SELECT 'a', bloom_agg(url, 1000000, 0.01) FROM visits WHERE id % 2 = 0
	UNION ALL
	SELECT 'b', bloom_agg(url, 1000000, 0.01) FROM visits WHERE id % 3 = 0;
CREATE TABLE u AS SELECT url AS v FROM visits WHERE id <= :union_rows;

\ir many.sql

CREATE TABLE w AS SELECT i FROM generate_series(1, :window_rows) AS i;

-- visits' URLs are 'https://example.com/page/' || id || '/' || md5(id::text)
CREATE TABLE big AS
	SELECT bloom_agg('https://example.com/page/' || g || '/' || md5(g::text)) AS f
	FROM generate_series((SELECT count(*) / 2 + 1 FROM visits),
		(SELECT count(*) / 2 FROM visits) + :rows) AS g;

VACUUM ANALYZE;

-- The planner's estimate and the true count of rows of query (EXPLAIN
-- ANALYZE: its top node's rows)
CREATE FUNCTION estimate(query text, OUT estimated float8, OUT actual float8)
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) ' || query INTO plan;
	estimated := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
	actual := (plan -> 0 -> 'Plan' ->> 'Actual Rows')::float8;
END
$$;

\echo bench/sql/shapes: the data
SELECT t.what, t.n AS filters, pg_size_pretty(t.each) AS each, t.rows AS "rows"
FROM (
	SELECT 'bigf (nested loop, EXISTS) / pr' AS what, count(*) AS n,
		max(pg_column_size(f))::bigint AS each, (SELECT count(*) FROM pr) AS rows FROM bigf
	UNION ALL
	SELECT 'daily / pages', count(*), max(pg_column_size(urls)),
		(SELECT count(*) FROM pages) FROM daily
	UNION ALL
	SELECT 'ab (bloom_union) / u', count(*), max(pg_column_size(f)),
		(SELECT count(*) FROM u) FROM ab
	UNION ALL
	SELECT 'many (count(DISTINCT f))', count(*), max(pg_column_size(f)), NULL FROM many
	UNION ALL
	SELECT 'w (window)', NULL, NULL, count(*) FROM w
	UNION ALL
	SELECT 'big (the big filter) / visits', count(*), max(pg_column_size(f)),
		(SELECT count(*) FROM visits) FROM big
) AS t;

--
-- bench/sql/probe-shapes.sql: the tables of bench/sql/probe-shapes, with
-- the sizes the script sets as psql variables (issue 31's):
--
-- daily: :days filters of 1.3 MB (bloom_create(1000000, 0.01)), day d
--        holding :urls URLs: 'u<d>:1' .. 'u<d>:<urls - 2>' and 'all:1',
--        'all:2', which every day holds (for ALL)
-- pages: 2,000 URLs of days 1 to 20, for a nested loop that tests 20
--        filters on every row
--
SET client_min_messages = warning;

CREATE TABLE daily (d int, urls bloom);
INSERT INTO daily
	SELECT d, bloom_add_all(bloom_create(1000000, 0.01),
							ARRAY(SELECT 'u' || d || ':' || g FROM generate_series(1, :urls - 2) AS g)
							|| ARRAY['all:1', 'all:2'])
	FROM generate_series(1, :days) AS d;
CREATE TABLE pages AS
	SELECT 'u' || (1 + g % 20) || ':' || g AS url FROM generate_series(1, 2000) AS g;
VACUUM ANALYZE;

-- The shared buffers (hit and read) a query touches, from EXPLAIN
-- (ANALYZE, BUFFERS): the top node's, which counts a parallel plan's
-- workers' too
CREATE FUNCTION buffers(query text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO plan;
	RETURN (plan -> 0 -> 'Plan' ->> 'Shared Hit Blocks')::bigint
		+ (plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint;
END
$$;

\echo bench/sql/probe-shapes: the data
SELECT 'daily' AS "table", count(*) AS filters, pg_size_pretty(max(pg_column_size(urls))::bigint) AS each,
	pg_size_pretty(sum(pg_column_size(urls))::bigint) AS total
FROM daily;

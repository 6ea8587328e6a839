--
-- aggregates: bloom_agg sized from the data and with a given size
--
CREATE TABLE a (g int, s text);
INSERT INTO a SELECT x % 3, md5(x::text) FROM generate_series(1, 30000) AS x;
INSERT INTO a VALUES (0, NULL), (3, NULL);
ANALYZE a;

-- NULLs are skipped; a group of only NULLs, like no rows, gives an empty
-- filter, not NULL
SELECT g, (bloom_info(f)).cardinality, (bloom_info(f)).layout, f @> md5('3') AS has_3
FROM (SELECT g, bloom_agg(s) AS f FROM a GROUP BY g) AS s ORDER BY g;
SELECT bloom_agg(s) IS NULL AS is_null, (bloom_info(bloom_agg(s))).cardinality
FROM a WHERE false;

-- no member lost
SELECT count(*) FILTER (WHERE NOT f @> s) AS false_negatives
FROM a, (SELECT bloom_agg(s) AS f FROM a) AS b WHERE s IS NOT NULL;

-- sized from the data: exact lists up to 65,536 values, then power-of-two
-- sizes within twice the optimal size, at the default 1% target
SELECT n, (bloom_info(f)).layout, (bloom_info(f)).blocks, (bloom_info(f)).hashes,
	(bloom_info(f)).auto_sized, (bloom_info(f)).target_fpr,
	(bloom_info(f)).fpr <= 0.01 AS meets_target
FROM (SELECT n, (SELECT bloom_agg(x) FROM generate_series(1, n) AS x) AS f
	  FROM unnest(ARRAY[0, 1, 8, 9, 24, 25, 1000, 65536, 65537, 100000]) AS n) AS s
ORDER BY n;

-- with a capacity and a rate: exactly bloom_create's size
SELECT octet_length(bloom_agg(s, 50000, 0.001)::bytea) = octet_length(bloom_create(50000, 0.001)::bytea) AS same_size,
	(bloom_info(bloom_agg(s, 50000, 0.001))).auto_sized,
	(bloom_info(bloom_agg(s, 50000, 0.001))).capacity
FROM a;
SELECT bloom_agg(x, 100, 0.01) = bloom_add(bloom_add(bloom_create(100, 0.01), 1), 2) AS same_as_adding
FROM (VALUES (1), (2), (NULL)) AS v(x);

-- grouping by filter: = with the btree and hash operator classes
CREATE TABLE a_filters AS
	SELECT g, bloom_agg(s) AS f FROM a WHERE s IS NOT NULL GROUP BY g
	UNION ALL
	SELECT g, bloom_agg(s) FROM a WHERE s IS NOT NULL GROUP BY g;
SELECT count(*) AS filters, count(DISTINCT f) AS distinct_filters FROM a_filters;
SET enable_hashagg = off;
SELECT count(*) FROM (SELECT f FROM a_filters GROUP BY f) AS s;
RESET enable_hashagg;
SET enable_sort = off;
SELECT count(*) FROM (SELECT f FROM a_filters GROUP BY f) AS s;
RESET enable_sort;
SELECT count(*) FROM (SELECT f FROM a_filters UNION SELECT f FROM a_filters) AS s;

-- parallel aggregation gives the same bytes as the serial plan
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF)
	SELECT md5(bloom_agg(s)::bytea), md5(bloom_agg(s, 40000, 0.01)::bytea) FROM a;
SELECT md5(bloom_agg(s)::bytea) AS auto, md5(bloom_agg(s, 40000, 0.01)::bytea) AS sized
FROM a \gset parallel_
SET max_parallel_workers_per_gather = 0;
SELECT md5(bloom_agg(s)::bytea) = :'parallel_auto' AS same_auto,
	md5(bloom_agg(s, 40000, 0.01)::bytea) = :'parallel_sized' AS same_sized
FROM a;

-- 700,000 distinct values: each process keeps its hashes as a sorted run,
-- the leader merges the runs and builds the filter their exact count
-- calls for, and the result is the serial plan's, byte for byte
CREATE TABLE big AS SELECT x FROM generate_series(1, 700000) AS x;
ANALYZE big;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT md5(bloom_agg(x)::bytea) FROM big;
SELECT md5(bloom_agg(x)::bytea) AS parallel_big FROM big \gset
SET max_parallel_workers_per_gather = 0;
CREATE TABLE big_filter AS SELECT bloom_agg(x) AS f FROM big;
SELECT md5(f::bytea) = :'parallel_big' AS same, (bloom_info(f)).blocks,
	(bloom_info(f)).fpr <= 0.01 AS meets_target,
	abs((bloom_info(f)).cardinality / 700000 - 1) < 0.01 AS estimate_within_1pct
FROM big_filter;
SELECT count(*) FILTER (WHERE NOT f @> x) AS false_negatives
FROM big, big_filter;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
DROP TABLE big, big_filter;

-- the state can leave the aggregate as a plain value, as Citus moves it
SELECT bloom_agg_final(bloom_agg_final(f)) = f AS final_is_stable
FROM (SELECT bloom_agg(s) AS f FROM a) AS s;
DROP TABLE a, a_filters;

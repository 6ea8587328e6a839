--
-- algebra: union and intersection of filters, and their aggregates
--
CREATE TABLE alg (name text PRIMARY KEY, f bloom);
INSERT INTO alg
	SELECT 'a', bloom_agg(x, 10000, 0.01) FROM generate_series(1, 4000) AS x
	UNION ALL SELECT 'b', bloom_agg(x, 10000, 0.01) FROM generate_series(3001, 7000) AS x
	UNION ALL SELECT 'c', bloom_agg(x, 10000, 0.01) FROM generate_series(6001, 9000) AS x;
CREATE FUNCTION alg(text) RETURNS bloom LANGUAGE sql STABLE
	AS $$ SELECT f FROM alg WHERE name = $1 $$;

-- laws, byte for byte
SELECT alg('a') | alg('b') = alg('b') | alg('a') AS union_commutes,
	(alg('a') | alg('b')) | alg('c') = alg('a') | (alg('b') | alg('c')) AS union_associates,
	alg('a') & alg('b') = alg('b') & alg('a') AS intersection_commutes,
	(alg('a') & alg('b')) & alg('c') = alg('a') & (alg('b') & alg('c')) AS intersection_associates,
	alg('a') | alg('a') = alg('a') AS union_idempotent,
	alg('a') & alg('a') = alg('a') AS intersection_idempotent,
	alg('a') | (alg('a') & alg('b')) = alg('a') AS absorption;

-- members: every value of either is in the union, of both in the intersection
-- (each computed once: alg() per row would run a query per row)
WITH ab AS MATERIALIZED (SELECT alg('a') | alg('b') AS u, alg('a') & alg('b') AS i)
SELECT count(*) FILTER (WHERE u @> x) AS in_union,
	count(*) FILTER (WHERE x BETWEEN 3001 AND 4000 AND i @> x) AS in_intersection
FROM ab, generate_series(1, 7000) AS x;

-- the intersection is within both: it adds no bit to either
SELECT (alg('a') & alg('b')) | alg('a') = alg('a') AS within_a,
	(alg('a') & alg('b')) | alg('b') = alg('b') AS within_b;

-- an intersection also says true for values in neither whose bits happen
-- to be set in both filters: more often than a filter of the common values
-- alone would; bloom_fpr says how often
SELECT bloom_fpr(alg('a') & alg('b')) >
		2 * bloom_fpr((SELECT bloom_agg(x, 10000, 0.01) FROM generate_series(3001, 4000) AS x))
		AS intersection_fpr_higher,
	bloom_fpr(alg('a') | alg('b')) > bloom_fpr(alg('a')) AS union_fpr_higher;

-- the aggregates are the folded operators, for filters of a given size and
-- for filters sized by bloom_agg(value) alike
SELECT bloom_union_agg(f) = alg('a') | alg('b') | alg('c') AS union_agg,
	bloom_intersect_agg(f) = alg('a') & alg('b') & alg('c') AS intersect_agg
FROM alg;
WITH auto AS (
	SELECT bloom_agg(x) FILTER (WHERE x <= 80000) AS a,
		bloom_agg(x) FILTER (WHERE x > 60000) AS b
	FROM generate_series(1, 140000) AS x)
SELECT (SELECT bloom_union_agg(f) FROM (VALUES (a), (b)) AS v(f)) = a | b AS union_agg,
	(SELECT bloom_intersect_agg(f) FROM (VALUES (a), (b)) AS v(f)) = a & b AS intersect_agg
FROM auto;
SELECT bloom_union_agg(f) IS NULL AS union_of_none_is_null,
	(bloom_info(bloom_union_agg(f))).cardinality AS union_of_none,
	bloom_intersect_agg(f) IS NULL AS intersection_of_none_is_null
FROM alg WHERE false;
SELECT bloom_union_agg(f) = bloom_union_agg(f) FILTER (WHERE f IS NOT NULL) AS nulls_skipped
FROM (SELECT f FROM alg UNION ALL SELECT NULL) AS s;

-- block counts that differ by a power of two: the larger is folded down,
-- keeping every member (and, with room to spare, not saturated: most values
-- never added still test negative)
-- (filters past 65,536 values: smaller ones stay exact)
WITH u AS MATERIALIZED (
	SELECT big, small, big | small AS u
	FROM (SELECT bloom_agg(x) AS big FROM generate_series(1, 100000) AS x) AS b,
		(SELECT bloom_agg(x) AS small FROM generate_series(100001, 170000) AS x) AS s)
SELECT (bloom_info(big)).blocks AS big_blocks, (bloom_info(small)).blocks AS small_blocks,
	(bloom_info(u)).blocks AS union_blocks,
	(bloom_info(u)).fill_ratio < 0.8 AS not_full,
	(SELECT count(*) FROM generate_series(1, 170000) AS x WHERE u @> x) AS members,
	(SELECT count(*) FROM generate_series(1000001, 1010000) AS x WHERE u @> x) < 2000
		AS absent_mostly_negative
FROM u;

-- small filters stay exact; their union is what bloom_agg builds from the values
SELECT (bloom_info(u)).layout, u = bloom_agg_of AS same_as_bloom_agg
FROM (SELECT
		(SELECT bloom_agg(x) FROM generate_series(1, 3) AS x) |
		(SELECT bloom_agg(x) FROM generate_series(3, 6) AS x) AS u,
		(SELECT bloom_agg(x) FROM generate_series(1, 6) AS x) AS bloom_agg_of) AS s;
-- past 65,536 values, a block filter sized for the union
SELECT (bloom_info(u)).layout, (bloom_info(u)).blocks,
	u = (SELECT bloom_agg(x) FROM generate_series(1, 70000) AS x) AS same_as_bloom_agg
FROM (SELECT
		(SELECT bloom_agg(x) FROM generate_series(1, 40000) AS x) |
		(SELECT bloom_agg(x) FROM generate_series(30001, 70000) AS x) AS u) AS s;
SELECT (bloom_info(i)).layout, (bloom_info(i)).hashes
FROM (SELECT (SELECT bloom_agg(x) FROM generate_series(1, 6) AS x) &
		alg('a') AS i) AS s;

-- a filter with no kind yet combines with any
SELECT (bloom_info(bloom_create(10000, 0.01) | alg('a'))).value_kind;

-- parallel aggregation of filters gives the serial plan's bytes
CREATE TABLE alg_many AS
	SELECT x % 50 AS g, bloom_agg(x, 20000, 0.01) AS f
	FROM generate_series(1, 100000) AS x GROUP BY x % 50;
ANALYZE alg_many;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT md5(bloom_union_agg(f)::bytea) FROM alg_many;
SELECT md5(bloom_union_agg(f)::bytea) AS u, md5(bloom_intersect_agg(f)::bytea) AS i
FROM alg_many \gset parallel_
SET max_parallel_workers_per_gather = 0;
SELECT md5(bloom_union_agg(f)::bytea) = :'parallel_u' AS same_union,
	md5(bloom_intersect_agg(f)::bytea) = :'parallel_i' AS same_intersection
FROM alg_many;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

-- filters that cannot be combined
SELECT bloom_create(100) | bloom_create(300);
SELECT bloom_create(100, 0.01) & bloom_create(100, 0.02);
SELECT alg('a') | bloom_add(bloom_create(10000, 0.01), 'x'::text);
SELECT bloom_union_agg(f) FROM (VALUES (bloom_create(100)), (bloom_create(300))) AS v(f);
SELECT bloom_intersect_agg(f) FROM (VALUES (bloom_create(100)), (bloom_create(300))) AS v(f);
-- a filter sized by bloom_agg(value), past 65,536 values, and one of a
-- given size: the hint gives the sized bloom_agg that rebuilds the first
SELECT (SELECT bloom_agg(x) FROM generate_series(1, 70000) AS x) | bloom_create(1000000, 0.01);
SELECT bloom_create(1000000, 0.01) & (SELECT bloom_agg(x) FROM generate_series(1, 70000) AS x);
DROP TABLE alg, alg_many;
DROP FUNCTION alg(text);

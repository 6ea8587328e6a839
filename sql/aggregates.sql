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

-- 700,000 distinct values: each process keeps its hashes as they come, a
-- worker hands them on unsorted (a list), the leader builds the filter
-- their exact count calls for, and the result is the serial plan's, byte
-- for byte
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

-- a state of more than 65,536 hashes, some not yet sorted, leaves as a
-- list (layout byte 3, its hashes as they came); every function reads it
-- as the exact filter of its hashes, and the combine step takes it as it
-- is: the union of two lists, repeats and all, finishes as bloom_agg of
-- their values
CREATE AGGREGATE bloom_state_of(text) (SFUNC = bloom_agg_trans, STYPE = bloom);
CREATE TABLE lists AS
	SELECT 1 AS id, bloom_state_of(md5(x::text)) AS l FROM generate_series(1, 100000) AS x
	UNION ALL
	SELECT 2, bloom_state_of(md5(x::text)) FROM generate_series(50001, 150000) AS x;
SELECT id, get_byte(l::bytea, 3) AS layout_byte, (bloom_info(l)).layout,
	(bloom_info(l)).hashes, # l AS cardinality, l @> md5('99999') AS has,
	l @> md5('150001') AS has_not, l::text::bloom = l AS text_round_trip,
	l::bytea::bloom = l AS bytea_round_trip,
	bloom_agg_final(l) = (SELECT bloom_agg(md5(x::text))
						  FROM generate_series(50000 * id - 49999, 50000 * id + 50000) AS x)
		AS finishes_as_its_values
FROM lists ORDER BY id;
SELECT bloom_union_agg(l) = (SELECT bloom_agg(md5(x::text)) FROM generate_series(1, 150000) AS x)
	AS union_agg_same, (bloom_info(bloom_union_agg(l))).layout
FROM lists;
SELECT (SELECT l FROM lists WHERE id = 1) | (SELECT l FROM lists WHERE id = 2) =
	(SELECT bloom_agg(md5(x::text)) FROM generate_series(1, 150000) AS x) AS or_same;
-- stored out of line: a list met for the first time is read whole, not by
-- slices (its hashes are in no order)
SELECT id, count(*) FILTER (WHERE l @> md5(x::text)) AS members
FROM lists, generate_series(99998, 100003) AS x GROUP BY id ORDER BY id;
-- the text and binary forms of a state (how Citus's workers ship it,
-- calling the output function on the state itself) are its packed form
-- (layout byte 4): the distinct hashes, sorted, in Elias-Fano code, about
-- 6 bytes a hash; read back, it finishes as the state does
CREATE AGGREGATE bloom_state_sent(text)
	(SFUNC = bloom_agg_trans, STYPE = bloom, FINALFUNC = bloom_send);
SELECT get_byte(st, 3) AS layout_byte,
	octet_length(st) BETWEEN 5 * 100000 AND 6.5 * 100000 AS about_6_bytes,
	(bloom_info(st::bloom)).hashes,
	bloom_agg_final(st::bloom) = (SELECT bloom_agg(md5(x::text)) FROM generate_series(1, 100000) AS x)
		AS finishes_as_its_values
FROM (SELECT bloom_state_sent(md5(x::text)) AS st FROM generate_series(1, 100000) AS x) AS s;
DROP TABLE lists;
DROP AGGREGATE bloom_state_of(text);
DROP AGGREGATE bloom_state_sent(text);

-- a sized state holds its hashes until they are as large as its filter:
-- a state of 5,000 values leaves as a list with the filter's block count,
-- reads as that filter, and the union of two finishes as bloom_agg(value,
-- capacity, fpr) of their values
CREATE AGGREGATE bloom_sized_state_of(text, bigint, float8)
	(SFUNC = bloom_agg_sized_trans, STYPE = bloom);
CREATE TABLE sized_lists AS
	SELECT 1 AS id, bloom_sized_state_of(md5(x::text), 100000, 0.01) AS l
	FROM generate_series(1, 5000) AS x
	UNION ALL
	SELECT 2, bloom_sized_state_of(md5(x::text), 100000, 0.01)
	FROM generate_series(4001, 9000) AS x;
SELECT id, get_byte(l::bytea, 3) AS layout_byte, (bloom_info(l)).layout,
	(bloom_info(l)).blocks = (bloom_info(bloom_create(100000, 0.01))).blocks AS its_blocks,
	octet_length(l::bytea) < octet_length(bloom_create(100000, 0.01)::bytea) AS smaller,
	l @> md5('4500') AS has,
	bloom_agg_final(l) = (SELECT bloom_agg(md5(x::text), 100000, 0.01)
						  FROM generate_series(4000 * id - 3999, 4000 * id + 1000) AS x)
		AS finishes_as_its_values
FROM sized_lists ORDER BY id;
SELECT bloom_union_agg(l) = (SELECT bloom_agg(md5(x::text), 100000, 0.01)
							 FROM generate_series(1, 9000) AS x) AS union_agg_same
FROM sized_lists;
-- packed (its text form), a sized state's hashes are their positions in
-- its filter: about 4 bytes each
CREATE AGGREGATE bloom_sized_state_sent(text, bigint, float8)
	(SFUNC = bloom_agg_sized_trans, STYPE = bloom, FINALFUNC = bloom_send);
SELECT get_byte(st, 3) AS layout_byte, octet_length(st) < 4.5 * 5000 AS about_4_bytes,
	bloom_agg_final(st::bloom) = (SELECT bloom_agg(md5(x::text), 100000, 0.01)
								  FROM generate_series(1, 5000) AS x) AS finishes_as_its_values
FROM (SELECT bloom_sized_state_sent(md5(x::text), 100000, 0.01) AS st
	  FROM generate_series(1, 5000) AS x) AS s;
DROP AGGREGATE bloom_sized_state_sent(text, bigint, float8);
DROP TABLE sized_lists;
DROP AGGREGATE bloom_sized_state_of(text, bigint, float8);
DROP TABLE a, a_filters;

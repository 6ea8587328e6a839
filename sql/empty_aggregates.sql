--
-- empty_aggregates: bloom_agg(value, capacity, fpr) over no rows is the
-- filter of that size, as over only NULLs; bloom_add past the capacity of
-- an auto-sized filter raises a NOTICE (issue 16, item 5)
--
CREATE TABLE ea (g int, v int);
INSERT INTO ea SELECT x, x FROM generate_series(1, 200000) AS x;
ANALYZE ea;

-- no rows, only NULLs, bloom_create: one filter
SELECT (bloom_info(f)).layout, (bloom_info(f)).capacity, (bloom_info(f)).target_fpr,
	(bloom_info(f)).auto_sized, (bloom_info(f)).value_kind
FROM (SELECT bloom_agg(v, 1000000, 0.01) AS f FROM ea WHERE false) AS s;
SELECT (SELECT bloom_agg(v, 1000, 0.02) FROM ea WHERE false) =
	(SELECT bloom_agg(NULL::int, 1000, 0.02)) AS same_as_only_nulls,
	(SELECT bloom_add(bloom_agg(v, 1000, 0.02), 5) FROM ea WHERE false) =
	(SELECT bloom_agg(v, 1000, 0.02) FROM ea WHERE v = 5) AS grows_as_with_rows;

-- a parameter, as a generic plan keeps it, is read too
PREPARE ea_sized(bigint, float8) AS
	SELECT (bloom_info(bloom_agg(v, $1, $2))).capacity FROM ea WHERE false;
SET plan_cache_mode = force_generic_plan;
EXECUTE ea_sized(5000, 0.05);
RESET plan_cache_mode;

-- a parallel plan's final step reads the size from the partial step
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT bloom_agg(v, 1000, 0.01) FROM ea WHERE v < 0;
SELECT (bloom_info(bloom_agg(v, 1000, 0.01))).capacity,
	bloom_agg(v, 1000, 0.01) = bloom_agg(NULL::int, 1000, 0.01) AS same_as_serial
FROM ea WHERE v < 0;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- a size that depends on the rows cannot be known without rows: the empty
-- auto-sized filter, as bloom_agg(value) gives
SELECT (bloom_info(bloom_agg(v, v, 0.01))).layout FROM ea WHERE false;
-- a NULL size is refused, as with rows
SELECT bloom_agg(v, NULL, 0.01) FROM ea WHERE false;

-- an empty auto-sized filter grows by bloom_add as bloom_agg sizes its
-- values, and says when it is past what its size holds, once
CREATE TABLE ea_grow (f bloom);
INSERT INTO ea_grow SELECT bloom_agg(v) FROM ea WHERE false;
DO $$
BEGIN
	FOR i IN 1..8 LOOP
		UPDATE ea_grow SET f = bloom_add(f, i);
	END LOOP;
END $$;
SELECT (bloom_info(f)).layout, (bloom_info(f)).hashes,
	f = (SELECT bloom_agg(x) FROM generate_series(1, 8) AS x) AS same_as_bloom_agg
FROM ea_grow;
-- it stays an exact list up to 65,536 values, then becomes the block
-- filter bloom_agg builds for its values, which no longer grows: past its
-- capacity it says so, once
UPDATE ea_grow SET f = bloom_add_all(f, ARRAY(SELECT generate_series(9, 65536)));
SELECT (bloom_info(f)).layout, (bloom_info(f)).hashes FROM ea_grow;
UPDATE ea_grow SET f = bloom_add_all(f, ARRAY(SELECT generate_series(65537, 70000)));
SELECT (bloom_info(f)).layout, (bloom_info(f)).blocks, (bloom_info(f)).capacity,
	f = (SELECT bloom_agg(x) FROM generate_series(1, 70000) AS x) AS same_as_bloom_agg
FROM ea_grow;
UPDATE ea_grow SET f = bloom_add_all(f, ARRAY(SELECT generate_series(70001, 200000)));
UPDATE ea_grow SET f = bloom_add(f, 200001);
SELECT (SELECT count(*) FROM generate_series(1, 200001) AS x WHERE NOT f @> x) AS false_negatives
FROM ea_grow;
-- a filter of a given size is the user's to fill: no NOTICE
SELECT # bloom_add(bloom_agg(v, 10, 0.01), 11) > 10 AS past_capacity_quietly
FROM ea WHERE v <= 10;

DROP TABLE ea, ea_grow;

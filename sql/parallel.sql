--
-- parallel: the aggregates as Partial and Finalize Aggregates
--
-- A parallel plan aggregates in each process and combines the states; it
-- must give the serial plan's filter, byte for byte.  CREATE TABLE AS
-- keeps the parallel plan's filters (it runs its query in parallel) for
-- comparison with the serial plan's by = and by their bytes.  EXPLAIN
-- (COSTS OFF) shows each plan but not how many workers were launched.
--
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;

-- Values spread over a table that two workers and the leader scan (the
-- leader's state reaches the Finalize Aggregate as it is, the workers'
-- flattened into exact lists of their hashes): 8 distinct values (an
-- exact filter); 40,000 and 550,000 (block filters sized from the exact
-- count of the merged lists); with a given size; text.  States past the
-- exact phase's 8,388,608 hashes are test/t/dense.t's.
CREATE TABLE numbers (i int, s text) WITH (parallel_workers = 2);
INSERT INTO numbers
	SELECT i, CASE WHEN i % 7 = 0 THEN md5(i::text) END
	FROM generate_series(1, 550000) AS i;
ANALYZE numbers;

EXPLAIN (COSTS OFF)
	SELECT bloom_agg(i % 8), bloom_agg(i, 1000000, 0.01), bloom_agg(s) FROM numbers;
CREATE TABLE par_numbers AS
	SELECT bloom_agg(i % 8) AS few, bloom_agg(i % 40000) AS some,
		bloom_agg(i) AS many, bloom_agg(i, 1000000, 0.01) AS sized,
		bloom_agg(s) AS words, bloom_agg(s, 100000, 0.001) AS words_sized
	FROM numbers;

SET max_parallel_workers_per_gather = 0;
SELECT v.agg, (bloom_info(v.s)).layout, (bloom_info(v.s)).value_kind,
	v.p = v.s AS equal, v.p::bytea = v.s::bytea AS same_bytes
FROM par_numbers AS p,
	(SELECT bloom_agg(i % 8) AS few, bloom_agg(i % 40000) AS some,
		bloom_agg(i) AS many, bloom_agg(i, 1000000, 0.01) AS sized,
		bloom_agg(s) AS words, bloom_agg(s, 100000, 0.001) AS words_sized
	 FROM numbers) AS s,
	LATERAL (VALUES ('bloom_agg(i % 8)', p.few, s.few),
		('bloom_agg(i % 40000)', p.some, s.some),
		('bloom_agg(i)', p.many, s.many),
		('bloom_agg(i, 1000000, 0.01)', p.sized, s.sized),
		('bloom_agg(s)', p.words, s.words),
		('bloom_agg(s, 100000, 0.001)', p.words_sized, s.words_sized))
	AS v(agg, p, s);
DROP TABLE numbers, par_numbers;

-- Grouped: the workers' partial states of many small groups are sorted by
-- group before the leader combines them, so PostgreSQL flattens each state
-- into the sort's memory (since 17 a context that cannot free a single
-- chunk: the states must do their work in their own memory)
SET max_parallel_workers_per_gather = 2;
CREATE TABLE grouped (g int, v int) WITH (parallel_workers = 2);
INSERT INTO grouped SELECT i % 5000, i FROM generate_series(1, 200000) AS i;
ANALYZE grouped;
EXPLAIN (COSTS OFF) SELECT g, bloom_agg(v) FROM grouped GROUP BY g ORDER BY g;
CREATE TABLE par_grouped AS SELECT g, bloom_agg(v) AS f FROM grouped GROUP BY g ORDER BY g;
SET max_parallel_workers_per_gather = 0;
SELECT count(*) AS groups,
	count(*) FILTER (WHERE p.f::bytea = s.f::bytea) AS same_bytes
FROM par_grouped AS p FULL JOIN
	(SELECT g, bloom_agg(v) AS f FROM grouped GROUP BY g) AS s USING (g);
DROP TABLE grouped, par_grouped;

-- From here on the leader does not take part.  Parallel Append gives
-- each branch of a UNION ALL of function scans to one process, so each
-- of the two workers aggregates one branch and the states combined are
-- of known kinds: exact runs of hashes, block filters of a given size,
-- or none (a worker without rows).
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
CREATE VIEW exact_exact AS
	SELECT x FROM generate_series(1, 1000) AS x
	UNION ALL SELECT x FROM generate_series(501, 300000) AS x;
CREATE VIEW exact_exact_past AS
	SELECT x FROM generate_series(1, 300000) AS x
	UNION ALL SELECT x FROM generate_series(250001, 550000) AS x;
CREATE VIEW blocks_blocks AS
	SELECT x FROM generate_series(1, 550000) AS x
	UNION ALL SELECT x FROM generate_series(275001, 825000) AS x;
CREATE VIEW blocks_few AS
	SELECT x FROM generate_series(1, 550000) AS x
	UNION ALL SELECT x FROM generate_series(-5, -1) AS x;
CREATE VIEW none_exact AS
	SELECT x FROM generate_series(1, 0) AS x
	UNION ALL SELECT x FROM generate_series(1, 100) AS x;

EXPLAIN (COSTS OFF) SELECT bloom_agg(x) FROM blocks_blocks;
CREATE TABLE par_exact_exact AS SELECT bloom_agg(x) AS f FROM exact_exact;
CREATE TABLE par_exact_exact_past AS SELECT bloom_agg(x) AS f FROM exact_exact_past;
CREATE TABLE par_blocks_blocks AS
	SELECT bloom_agg(x) AS f, bloom_agg(x, 2000000, 0.01) AS sized FROM blocks_blocks;
CREATE TABLE par_blocks_few AS SELECT bloom_agg(x) AS f FROM blocks_few;
CREATE TABLE par_none_exact AS SELECT bloom_agg(x) AS f FROM none_exact;

SET max_parallel_workers_per_gather = 0;
SELECT '1,000 + 299,500' AS states, (bloom_info(f)).layout,
	f = s AS equal, f::bytea = s::bytea AS same_bytes
FROM par_exact_exact, (SELECT bloom_agg(x) AS s FROM exact_exact) AS serial;
SELECT '300,000 + 300,000' AS states, (bloom_info(f)).layout,
	f = s AS equal, f::bytea = s::bytea AS same_bytes
FROM par_exact_exact_past, (SELECT bloom_agg(x) AS s FROM exact_exact_past) AS serial;
SELECT '550,000 + 550,000' AS states, (bloom_info(f)).layout,
	f = s AS equal, f::bytea = s::bytea AS same_bytes,
	sized = s_sized AS sized_equal, sized::bytea = s_sized::bytea AS sized_same_bytes
FROM par_blocks_blocks,
	(SELECT bloom_agg(x) AS s, bloom_agg(x, 2000000, 0.01) AS s_sized FROM blocks_blocks) AS serial;
SELECT '550,000 + 5' AS states, (bloom_info(f)).layout,
	f = s AS equal, f::bytea = s::bytea AS same_bytes
FROM par_blocks_few, (SELECT bloom_agg(x) AS s FROM blocks_few) AS serial;
SELECT 'none + 100' AS states, (bloom_info(f)).layout,
	f = s AS equal, f::bytea = s::bytea AS same_bytes
FROM par_none_exact, (SELECT bloom_agg(x) AS s FROM none_exact) AS serial;
DROP TABLE par_exact_exact, par_exact_exact_past, par_blocks_blocks,
	par_blocks_few, par_none_exact;
DROP VIEW exact_exact, exact_exact_past, blocks_blocks, blocks_few, none_exact;

-- Stored filters, out of line: of one size, each holding 100 values
-- common to all and one of its own; of mixed sizes, exact lists of 3
-- values and block filters of 84, 168 and 336 blocks holding 50 (the
-- union folds them to 84).  Without the leader, which would otherwise
-- scan most of so small a table, both workers get rows.
SET max_parallel_workers_per_gather = 2;
CREATE TABLE stored (g int, grp int, f bloom) WITH (parallel_workers = 2);
INSERT INTO stored
	SELECT g, g % 4, bloom_agg(v, 4080, 0.01)
	FROM generate_series(1, 1000) AS g,
		LATERAL (SELECT generate_series(1, 100) UNION ALL SELECT 1000 + g) AS v(v)
	GROUP BY g;
CREATE TABLE mixed (g int, f bloom) WITH (parallel_workers = 2);
INSERT INTO mixed
	SELECT g, CASE WHEN g % 4 = 0 THEN bloom_agg(v)
		ELSE bloom_agg(v, 1020 << (g % 4), 0.01) END
	FROM generate_series(1, 1000) AS g,
		LATERAL generate_series(2 * g % 1950,
			2 * g % 1950 + CASE WHEN g % 4 = 0 THEN 2 ELSE 49 END) AS v
	GROUP BY g;
ANALYZE stored, mixed;

EXPLAIN (COSTS OFF)
	SELECT bloom_union_agg(f), bloom_intersect_agg(f) FROM stored;
EXPLAIN (COSTS OFF)
	SELECT grp, bloom_union_agg(f), bloom_intersect_agg(f) FROM stored GROUP BY grp;
CREATE TABLE par_stored AS
	SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM stored;
CREATE TABLE par_stored_grouped AS
	SELECT grp, bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i
	FROM stored GROUP BY grp;
CREATE TABLE par_mixed AS SELECT bloom_union_agg(f) AS u FROM mixed;

SET max_parallel_workers_per_gather = 0;
SELECT p.u = s.u AS union_equal, p.u::bytea = s.u::bytea AS union_same_bytes,
	p.i = s.i AS intersect_equal, p.i::bytea = s.i::bytea AS intersect_same_bytes
FROM par_stored AS p,
	(SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM stored) AS s;
SELECT count(*) AS groups,
	count(*) FILTER (WHERE p.u = s.u AND p.u::bytea = s.u::bytea) AS same_union,
	count(*) FILTER (WHERE p.i = s.i AND p.i::bytea = s.i::bytea) AS same_intersect
FROM par_stored_grouped AS p FULL JOIN
	(SELECT grp, bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i
	 FROM stored GROUP BY grp) AS s USING (grp);
SELECT (bloom_info(s.u)).blocks, p.u = s.u AS union_equal,
	p.u::bytea = s.u::bytea AS union_same_bytes
FROM par_mixed AS p, (SELECT bloom_union_agg(f) AS u FROM mixed) AS s;
DROP TABLE stored, mixed, par_stored, par_stored_grouped, par_mixed;

-- Filters of one block count sized for different capacities.  Combined,
-- they give the parameters of the input that sorts first (bf_combine.c),
-- so the order of the rows must not matter; a parallel plan changes it:
-- the worker with one filter sends its state before the one with 5,000
SET max_parallel_workers_per_gather = 2;
CREATE VIEW capacities AS
	SELECT x, bloom_add(bloom_create(4061 + x % 24, 0.01), x) AS f
	FROM generate_series(1, 5000) AS x
	UNION ALL
	SELECT x, bloom_add(bloom_create(4084, 0.01), x) FROM generate_series(0, 0) AS x;
EXPLAIN (COSTS OFF) SELECT bloom_union_agg(f) FROM capacities;
CREATE TABLE par_capacities AS
	SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM capacities;
SET max_parallel_workers_per_gather = 0;
SELECT p.u = s.u AS union_equal, p.u::bytea = s.u::bytea AS union_same_bytes,
	p.i = s.i AS intersect_equal, p.i::bytea = s.i::bytea AS intersect_same_bytes
FROM par_capacities AS p,
	(SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM capacities) AS s;
SELECT bloom_union_agg(f ORDER BY x) = bloom_union_agg(f ORDER BY x DESC) AS union_any_order,
	bloom_intersect_agg(f ORDER BY x) = bloom_intersect_agg(f ORDER BY x DESC) AS intersect_any_order
FROM capacities WHERE x IN (1, 2);
DROP TABLE par_capacities;
DROP VIEW capacities;

-- The same filters whatever the plan: serial, one, two and four workers,
-- and a GROUP BY hashed, sorted, and hashed in too little memory, so that
-- HashAggregate spills groups to disk and aggregates them in later batches
SET parallel_leader_participation = on;
CREATE TABLE plans (g int, v int) WITH (parallel_workers = 4);
INSERT INTO plans SELECT i % 3, i FROM generate_series(1, 300000) AS i;
ANALYZE plans;
SET max_parallel_workers_per_gather = 0;
CREATE TABLE by_serial AS SELECT bloom_agg(v) AS f, bloom_agg(v % 1000) AS few FROM plans;
SET max_parallel_workers_per_gather = 1;
EXPLAIN (COSTS OFF) SELECT bloom_agg(v) FROM plans;
CREATE TABLE by_1 AS SELECT bloom_agg(v) AS f, bloom_agg(v % 1000) AS few FROM plans;
SET max_parallel_workers_per_gather = 2;
CREATE TABLE by_2 AS SELECT bloom_agg(v) AS f, bloom_agg(v % 1000) AS few FROM plans;
SET max_parallel_workers_per_gather = 4;
EXPLAIN (COSTS OFF) SELECT bloom_agg(v) FROM plans;
CREATE TABLE by_4 AS SELECT bloom_agg(v) AS f, bloom_agg(v % 1000) AS few FROM plans;
SELECT w.plan, (bloom_info(s.f)).layout, w.f::bytea = s.f::bytea AS same_bytes,
	w.few::bytea = s.few::bytea AS few_same_bytes
FROM by_serial AS s,
	LATERAL (SELECT '1 worker', f, few FROM by_1 UNION ALL
			 SELECT '2 workers', f, few FROM by_2 UNION ALL
			 SELECT '4 workers', f, few FROM by_4) AS w(plan, f, few)
ORDER BY w.plan;

-- whether a query's HashAggregate wrote groups to disk
SET max_parallel_workers_per_gather = 0;
SET enable_sort = off;
CREATE TABLE g_hashed AS SELECT v % 20000 AS g, bloom_agg(v) AS f FROM plans GROUP BY 1;
SET enable_sort = on;
SET enable_hashagg = off;
CREATE TABLE g_sorted AS SELECT v % 20000 AS g, bloom_agg(v) AS f FROM plans GROUP BY 1;
SET enable_hashagg = on;
SET enable_sort = off;
SET work_mem = '64kB';
SELECT plan_json('SELECT v % 20000, bloom_agg(v) FROM plans GROUP BY 1', true)::text
       ~ '"HashAgg Batches": ([2-9]|[0-9]{2,})' AS spilled;
CREATE TABLE g_spilled AS SELECT v % 20000 AS g, bloom_agg(v) AS f FROM plans GROUP BY 1;
RESET work_mem;
RESET enable_sort;
SELECT count(*) AS groups,
	count(*) FILTER (WHERE h.f::bytea = s.f::bytea) AS hashed_same_bytes,
	count(*) FILTER (WHERE d.f::bytea = s.f::bytea) AS spilled_same_bytes
FROM g_sorted AS s JOIN g_hashed AS h USING (g) JOIN g_spilled AS d USING (g);
DROP TABLE plans, by_serial, by_1, by_2, by_4, g_hashed, g_sorted, g_spilled;

RESET parallel_leader_participation;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;

--
-- partitions: partitionwise aggregation
--
-- With enable_partitionwise_aggregate, a GROUP BY without the partition
-- key (or no GROUP BY) aggregates each partition into a partial state and
-- combines the states; a GROUP BY the partition key aggregates each
-- partition on its own.  Either must give the filters of the plan that
-- aggregates the partitions' rows together, byte for byte.
--
CREATE TABLE parts (k int, r int, v int) PARTITION BY RANGE (k);
CREATE TABLE parts_1 PARTITION OF parts FOR VALUES FROM (0) TO (10);
CREATE TABLE parts_2 PARTITION OF parts FOR VALUES FROM (10) TO (20);
CREATE TABLE parts_3 PARTITION OF parts FOR VALUES FROM (20) TO (30);
CREATE TABLE parts_4 PARTITION OF parts FOR VALUES FROM (30) TO (40);

-- partial states of many sizes: 5 distinct values; 100,000; 600,000;
-- 200,000, half of them also in parts_3.  r, the remainder of v by 3,
-- is not the partition key.
INSERT INTO parts SELECT i % 10, i % 5 % 3, i % 5 FROM generate_series(1, 10000) AS i;
INSERT INTO parts SELECT 10 + i % 10, i % 3, i FROM generate_series(1, 100000) AS i;
INSERT INTO parts SELECT 20 + i % 10, i % 3, i FROM generate_series(1, 600000) AS i;
INSERT INTO parts SELECT 30 + i % 10, (500000 + i) % 3, 500000 + i
	FROM generate_series(1, 200000) AS i;
ANALYZE parts;

-- serial plans first, each showing one form of aggregation
SET max_parallel_workers_per_gather = 0;
SET enable_partitionwise_aggregate = on;

EXPLAIN (COSTS OFF) SELECT bloom_agg(v) FROM parts;
CREATE TABLE pw AS
	SELECT bloom_agg(v) AS f, bloom_agg(v, 1000000, 0.01) AS sized FROM parts;
EXPLAIN (COSTS OFF) SELECT r, bloom_agg(v) FROM parts GROUP BY r;
CREATE TABLE pw_rest AS SELECT r, bloom_agg(v) AS f FROM parts GROUP BY r;
EXPLAIN (COSTS OFF) SELECT k, bloom_agg(v) FROM parts GROUP BY k;
CREATE TABLE pw_key AS SELECT k, bloom_agg(v) AS f FROM parts GROUP BY k;

SET enable_partitionwise_aggregate = off;
EXPLAIN (COSTS OFF) SELECT bloom_agg(v) FROM parts;
SELECT (bloom_info(s.f)).layout, p.f = s.f AS equal, p.f::bytea = s.f::bytea AS same_bytes,
	p.sized = s.sized AS sized_equal, p.sized::bytea = s.sized::bytea AS sized_same_bytes
FROM pw AS p,
	(SELECT bloom_agg(v) AS f, bloom_agg(v, 1000000, 0.01) AS sized FROM parts) AS s;
SELECT count(*) AS groups,
	count(*) FILTER (WHERE p.f = s.f AND p.f::bytea = s.f::bytea) AS same
FROM pw_rest AS p FULL JOIN
	(SELECT r, bloom_agg(v) AS f FROM parts GROUP BY r) AS s USING (r);
SELECT count(*) AS groups,
	count(*) FILTER (WHERE p.f = s.f AND p.f::bytea = s.f::bytea) AS same
FROM pw_key AS p FULL JOIN
	(SELECT k, bloom_agg(v) AS f FROM parts GROUP BY k) AS s USING (k);

-- partitionwise and parallel: several processes aggregate the larger
-- partitions, each partition into its own states
SET enable_partitionwise_aggregate = on;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT bloom_agg(v) FROM parts;
CREATE TABLE pw_parallel AS SELECT bloom_agg(v) AS f FROM parts;
SELECT p.f = s.f AS equal, p.f::bytea = s.f::bytea AS same_bytes
FROM pw_parallel AS p, pw AS s;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;
SET max_parallel_workers_per_gather = 0;

-- filters stored in hash partitions, of one size, each holding 200
-- values common to all and 6 of its own: union and intersection
CREATE TABLE stored (k int, grp int, f bloom) PARTITION BY HASH (k);
CREATE TABLE stored_0 PARTITION OF stored FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE stored_1 PARTITION OF stored FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE stored_2 PARTITION OF stored FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO stored
	SELECT k, k % 4, bloom_agg(v, 4080, 0.01)
	FROM generate_series(1, 600) AS k,
		LATERAL (SELECT generate_series(1, 200)
				 UNION ALL SELECT generate_series(10 * k + 1000, 10 * k + 1005)) AS v(v)
	GROUP BY k;
ANALYZE stored;

SET enable_partitionwise_aggregate = on;
EXPLAIN (COSTS OFF)
	SELECT bloom_union_agg(f), bloom_intersect_agg(f) FROM stored;
EXPLAIN (COSTS OFF)
	SELECT grp, bloom_union_agg(f), bloom_intersect_agg(f) FROM stored GROUP BY grp;
CREATE TABLE pw_stored AS
	SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM stored;
CREATE TABLE pw_stored_grp AS
	SELECT grp, bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i
	FROM stored GROUP BY grp;

SET enable_partitionwise_aggregate = off;
SELECT p.u = s.u AS union_equal, p.u::bytea = s.u::bytea AS union_same_bytes,
	p.i = s.i AS intersect_equal, p.i::bytea = s.i::bytea AS intersect_same_bytes
FROM pw_stored AS p,
	(SELECT bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i FROM stored) AS s;
SELECT count(*) AS groups,
	count(*) FILTER (WHERE p.u = s.u AND p.u::bytea = s.u::bytea) AS same_union,
	count(*) FILTER (WHERE p.i = s.i AND p.i::bytea = s.i::bytea) AS same_intersect
FROM pw_stored_grp AS p FULL JOIN
	(SELECT grp, bloom_union_agg(f) AS u, bloom_intersect_agg(f) AS i
	 FROM stored GROUP BY grp) AS s USING (grp);

RESET enable_partitionwise_aggregate;
RESET max_parallel_workers_per_gather;
DROP TABLE parts, pw, pw_rest, pw_key, pw_parallel, stored, pw_stored, pw_stored_grp;

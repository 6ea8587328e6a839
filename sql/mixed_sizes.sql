--
-- mixed_sizes: auto-sized filters of different sizes combined (issue 16,
-- items 4 and 6).  Sets of up to 65,536 values stay exact, so they add to
-- a block filter of any size; a union keeps the largest input's size; the
-- estimators count an exact side's members; an estimate that cannot be
-- known is NULL with a NOTICE; results over capacity say so.
--
-- A week at a smaller scale: days of 100,000, 100,000 (30,000 shared),
-- 10,000 (5,000 shared with day 1) and 1,000 values; 170,000 in all.
CREATE TABLE mx_days AS
	SELECT d.day, (SELECT bloom_agg(i) FROM generate_series(d.lo, d.hi) AS i) AS f
	FROM (VALUES (1, 1, 100000), (2, 70001, 170000), (3, 95001, 105000),
		  (4, 169001, 170000)) AS d (day, lo, hi);
SELECT day, (bloom_info(f)).layout, (bloom_info(f)).blocks, (bloom_info(f)).hashes
FROM mx_days ORDER BY day;

-- the union has the largest day's size and holds every value
CREATE TABLE mx_week AS SELECT bloom_union_agg(f) AS f FROM mx_days;
SELECT (bloom_info(f)).layout, (bloom_info(f)).blocks,
	abs((# f) / 170000 - 1) < 0.05 AS count_within_5pct,
	(SELECT count(*) FROM generate_series(1, 170000) AS i WHERE f @> i) AS members,
	(SELECT count(*) FROM generate_series(1000001, 1100000) AS i WHERE f @> i) < 4000
		AS fpr_below_4pct
FROM mx_week;
-- in any order, and as the operator gives it
SELECT (SELECT bloom_union_agg(f ORDER BY day DESC) FROM mx_days) = f AS any_order,
	(SELECT bloom_union_agg(f) FROM mx_days WHERE day IN (3, 4)) |
	(SELECT bloom_union_agg(f) FROM mx_days WHERE day IN (1, 2)) = f AS as_operator
FROM mx_week;

-- estimates: day 1 and day 3 share 5,000 of 105,000 (exact side counted);
-- days 1 and 2 share 30,000 of 170,000; no pair gives Infinity or NaN
SELECT round(bloom_intersection_cardinality(a.f, b.f)) AS intersection,
	round(bloom_jaccard(a.f, b.f)::numeric, 3) AS jaccard,
	round(bloom_union_cardinality(a.f, b.f)) AS union_size
FROM mx_days AS a, mx_days AS b WHERE a.day = 1 AND b.day = 3;
SELECT abs(bloom_intersection_cardinality(a.f, b.f) - 30000) < 0.05 * 170000 AS intersection_ok,
	abs(bloom_jaccard(a.f, b.f) - 30000.0 / 170000) < 0.02 AS jaccard_ok
FROM mx_days AS a, mx_days AS b WHERE a.day = 1 AND b.day = 2;
SELECT count(*) AS pairs,
	count(*) FILTER (WHERE u IS NULL OR i IS NULL OR j IS NULL OR
		'Infinity' IN (u, i) OR 'NaN' IN (u, i, j)) AS not_finite
FROM (SELECT bloom_union_cardinality(a.f, b.f) AS u,
		bloom_intersection_cardinality(a.f, b.f) AS i,
		bloom_jaccard(a.f, b.f) AS j
	  FROM mx_days AS a, mx_days AS b) AS e;

-- exact filters whose union passes 65,536 values: a block filter sized for
-- the union, the one bloom_agg builds from the values
SELECT (bloom_info(u)).layout, (bloom_info(u)).blocks,
	u = (SELECT bloom_agg(i) FROM generate_series(1, 100000) AS i) AS same_as_bloom_agg
FROM (SELECT bloom_union_agg(f) AS u FROM
		(SELECT (SELECT bloom_agg(i) FROM generate_series(lo, lo + 49999) AS i) AS f
		 FROM unnest(ARRAY[1, 50001]) AS lo) AS d) AS s;

-- over capacity: | and the estimators say so, as bloom_union_agg does
CREATE TABLE mx_big AS
	SELECT (SELECT bloom_agg(i) FROM generate_series(1, 70000) AS i) AS a,
		(SELECT bloom_agg(i) FROM generate_series(70001, 140000) AS i) AS b;
SELECT (bloom_info(a)).blocks, (bloom_info(a)).capacity FROM mx_big;
SELECT (bloom_info(a | b)).blocks FROM mx_big;
SELECT round(bloom_union_cardinality(a, b)) AS union_size FROM mx_big;

-- a filter sized by 1.0's policy (20 values in one block) is still valid
CREATE TABLE mx_old AS SELECT 'QkYBAQEAAQACAAAAAAAAAAAAAAAAAAAAGAAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAeAAAAAAAAAAAAAAAE7+gaKU1CnfEuJCzjniD2aPVK0yPpwHBsMemkBPo4Rs='::bloom AS f;
SELECT (bloom_info(f)).layout, (bloom_info(f)).blocks, (bloom_info(f)).auto_sized,
	(SELECT count(*) FROM generate_series(1, 20) AS i WHERE f @> i) AS members
FROM mx_old;
-- with an exact filter its estimates count the exact side: finite, and no
-- NOTICE (no bits of a union are read)
SELECT round(bloom_intersection_cardinality(o.f, d.f)) AS intersection,
	round(bloom_union_cardinality(o.f, d.f)) AS union_size
FROM mx_old AS o, mx_days AS d WHERE d.day = 4;
-- its union with 1,000 values has every bit set: the NOTICE says so
SELECT # (o.f | d.f) AS count FROM mx_old AS o, mx_days AS d WHERE d.day = 4;
-- with a block filter of 4,096 blocks, folded into its one block, nothing
-- can be known: NULL and a NOTICE that says why
SELECT bloom_union_cardinality(o.f, b.a) AS union_size,
	bloom_intersection_cardinality(b.a, o.f) AS intersection,
	bloom_jaccard(o.f, b.a) AS jaccard
FROM mx_old AS o, mx_big AS b;
-- a saturated input still gives Infinity; the Jaccard of two saturated
-- filters cannot be known: NULL (before issue 31, NaN)
SELECT bloom_union_cardinality(s, s) AS union_size, bloom_jaccard(s, s) AS jaccard
FROM (SELECT o.f | d.f AS s FROM mx_old AS o, mx_days AS d WHERE d.day = 4 OFFSET 0) AS x;

DROP TABLE mx_days, mx_week, mx_big, mx_old;

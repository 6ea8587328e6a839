--
-- bench/sql/mixed-sizes.sql: filters of different sizes, combined (issue 16,
-- item 4).  A week's days differ in size, so bloom_agg(value) sizes their
-- filters differently; their union and their estimates must keep what the
-- filters hold.  Four days, auto-sized:
--
--   day 1: values 1 .. 300,000
--   day 2: values 200,001 .. 500,000 (100,000 shared with day 1)
--   day 3: values 290,001 .. 310,000 (20,000; 10,000 shared with day 1)
--   day 4: values 499,001 .. 500,000 (1,000)
--
-- The union holds 500,000 values; days 1 and 3 share 10,000 of their
-- 310,000 (Jaccard 10,000 / 310,000).  The union's false-positive rate is
-- measured on 200,000 values never added.  Each figure is printed next to
-- its target.  A benchmark, not a test: test/pgtap/estimates.sql holds
-- the bounds that fail.
--
\pset footer off
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS bloomfilter;

CREATE TEMP TABLE days AS
	SELECT d.day, (SELECT bloom_agg('https://example.com/' || i)
				   FROM generate_series(d.lo, d.hi) AS i) AS f
	FROM (VALUES (1, 1, 300000), (2, 200001, 500000), (3, 290001, 310000),
		  (4, 499001, 500000)) AS d (day, lo, hi);

\echo 'the days'
SELECT d.day, i.layout, coalesce(i.blocks, i.hashes) AS blocks_or_hashes,
	i.bytes, round(i.cardinality) AS estimate, round((100 * i.fpr)::numeric, 3) AS "fpr_%"
FROM days AS d, bloom_info(d.f) AS i ORDER BY d.day;

CREATE TEMP TABLE week AS SELECT bloom_union_agg(f) AS f FROM days;

\echo 'the week: bloom_union_agg of the four days'
SELECT i.layout, i.blocks, i.bytes,
	round(i.cardinality) AS "# union", 500000 AS truth,
	round((100 * abs(i.cardinality / 500000 - 1))::numeric, 2) AS "error_%",
	'<= 5' AS "target_%",
	abs(i.cardinality / 500000 - 1) <= 0.05 AS met
FROM week AS w, bloom_info(w.f) AS i;

SELECT round((100.0 * count(*) FILTER (WHERE w.f @> ('https://example.com/' || i)) / 200000)::numeric, 2) AS "measured_fpr_%",
	round((100 * bloom_fpr(w.f))::numeric, 2) AS "bloom_fpr_%",
	'<= 4' AS "target_%",
	count(*) FILTER (WHERE w.f @> ('https://example.com/' || i)) <= 0.04 * 200000 AS met
FROM week AS w, generate_series(1000001, 1200000) AS i
GROUP BY w.f;

\echo 'day 1 against day 3 (and day 1 against day 2): estimates'
SELECT a.day || ' & ' || b.day AS pair,
	round(bloom_intersection_cardinality(a.f, b.f)) AS intersection,
	t.inter AS truth,
	round((100 * abs(bloom_intersection_cardinality(a.f, b.f) - t.inter) / t.uni)::numeric, 3) AS "error_%_of_union",
	'<= 5' AS "target_%",
	abs(bloom_intersection_cardinality(a.f, b.f) - t.inter) <= 0.05 * t.uni AS met,
	round(bloom_jaccard(a.f, b.f)::numeric, 4) AS jaccard,
	round(t.inter::numeric / t.uni, 4) AS truth,
	round(abs(bloom_jaccard(a.f, b.f) - t.inter::float8 / t.uni)::numeric, 4) AS error,
	'<= 0.02' AS target,
	abs(bloom_jaccard(a.f, b.f) - t.inter::float8 / t.uni) <= 0.02 AS met
FROM days AS a, days AS b,
	(VALUES (1, 3, 10000, 310000), (1, 2, 100000, 500000)) AS t (x, y, inter, uni)
WHERE a.day = t.x AND b.day = t.y ORDER BY t.x, t.y;

\echo 'every pair of days: no Infinity, NaN or NULL'
SELECT count(*) AS pairs,
	count(*) FILTER (WHERE u IS NULL OR i IS NULL OR j IS NULL OR
		'Infinity' IN (u, i) OR 'NaN' IN (u, i, j)) AS not_finite,
	0 AS target
FROM (SELECT bloom_union_cardinality(a.f, b.f) AS u,
		bloom_intersection_cardinality(a.f, b.f) AS i,
		bloom_jaccard(a.f, b.f) AS j
	  FROM days AS a, days AS b) AS e;

--
-- estimates: distinct counts, union, intersection and Jaccard from filters
--
-- Deterministic data, checked within bands that follow from the filters'
-- size: at 1% a count of n values has a relative standard error well under
-- 1%, so the 2% and 5% bands below fail on a real error only.
--
CREATE TABLE est (name text PRIMARY KEY, f bloom, n bigint);
INSERT INTO est
	SELECT 'a', bloom_agg(md5(x::text), 500000, 0.01), 300000 FROM generate_series(1, 300000) AS x
	UNION ALL
	SELECT 'b', bloom_agg(md5(x::text), 500000, 0.01), 300000 FROM generate_series(200001, 500000) AS x;

-- # f within 2%
SELECT name, abs((# f) / n - 1) < 0.02 AS within_2pct FROM est ORDER BY name;

-- |A u B| = 500,000 within 2%; |A n B| = 100,000 within 5% of the union
-- (and of itself); Jaccard 0.2 within 0.02
SELECT abs(bloom_union_cardinality(a.f, b.f) / 500000 - 1) < 0.02 AS union_within_2pct,
	abs(bloom_intersection_cardinality(a.f, b.f) - 100000) < 0.05 * 500000 AS intersection_within_5pct_of_union,
	abs(bloom_intersection_cardinality(a.f, b.f) / 100000 - 1) < 0.05 AS intersection_within_5pct,
	abs(bloom_jaccard(a.f, b.f) - 0.2) < 0.02 AS jaccard_within_002,
	bloom_union_cardinality(a.f, b.f) = # (a.f | b.f) AS union_estimate_is_union_filter_estimate
FROM est AS a, est AS b WHERE a.name = 'a' AND b.name = 'b';

-- the AND of two filters overstates their intersection: bits set by
-- different values in each survive it; inclusion-exclusion does not
SELECT # (a.f & b.f) > 1.2 * 100000 AS and_overstates,
	bloom_intersection_cardinality(a.f, b.f) < 1.05 * 100000 AS inclusion_exclusion_does_not
FROM est AS a, est AS b WHERE a.name = 'a' AND b.name = 'b';

-- exact filters answer exactly
SELECT # a AS a, # b AS b, bloom_union_cardinality(a, b) AS u,
	bloom_intersection_cardinality(a, b) AS i, bloom_jaccard(a, b) AS j
FROM (SELECT bloom_agg(x) AS a FROM generate_series(1, 6) AS x) AS sa,
	(SELECT bloom_agg(x) AS b FROM generate_series(4, 8) AS x) AS sb;

-- a filter with every bit set: no count, Infinity; an intersection with
-- it is the other filter's count, the most it can be, and the similarity
-- 0, over an infinite union (not NaN: issue 31, item 5)
SELECT (bloom_info(full_f)).fill_ratio, # full_f AS cardinality,
	bloom_intersection_cardinality(full_f, some_f) = # some_f AS intersection_is_other_count,
	bloom_jaccard(full_f, some_f) AS jaccard, bloom_fpr(full_f) AS fpr
FROM (SELECT bloom_agg(x, 10, 0.5) AS full_f, bloom_agg(x, 10, 0.5) FILTER (WHERE x < 3) AS some_f
	  FROM generate_series(1, 100000) AS x) AS s;

-- an exact filter with a saturated one (issue 24, item 6): the
-- intersection is the exact filter's count, as # (e & sat) is, not Infinity
SELECT bloom_intersection_cardinality(e, sat) AS intersection, # (e & sat) AS and_count,
	bloom_union_cardinality(e, sat) AS union_size, bloom_jaccard(e, sat) AS jaccard
FROM (SELECT bloom_agg(x) AS e FROM generate_series(1, 100) AS x) AS se,
	(SELECT bloom_agg(x, 10, 0.5) AS sat FROM generate_series(1, 100000) AS x) AS ss;

-- each estimate with its 95% interval: the estimate is the estimator's,
-- the interval holds the truth and is a fraction of a percent of it wide
SELECT name, estimate = # f AS is_estimate, lower <= n AND n <= upper AS covers,
	round((100 * (upper - lower) / 2 / n)::numeric, 2) AS half_width_pct,
	round((100 * (bloom_info(f)).cardinality_stderr / n)::numeric, 3) AS stderr_pct
FROM est, bloom_cardinality_bounds(f) ORDER BY name;
SELECT 'union' AS estimate_of, u.estimate = bloom_union_cardinality(a.f, b.f) AS is_estimate,
	u.lower <= 500000 AND 500000 <= u.upper AS covers,
	round((100 * (u.upper - u.lower) / 2 / 500000)::numeric, 2) AS half_width_pct
FROM est AS a, est AS b, bloom_union_cardinality_bounds(a.f, b.f) AS u
WHERE a.name = 'a' AND b.name = 'b'
UNION ALL
SELECT 'intersection', i.estimate = bloom_intersection_cardinality(a.f, b.f),
	i.lower <= 100000 AND 100000 <= i.upper,
	round((100 * (i.upper - i.lower) / 2 / 100000)::numeric, 2)
FROM est AS a, est AS b, bloom_intersection_cardinality_bounds(a.f, b.f) AS i
WHERE a.name = 'a' AND b.name = 'b'
UNION ALL
SELECT 'jaccard', j.estimate = bloom_jaccard(a.f, b.f), j.lower <= 0.2 AND 0.2 <= j.upper,
	round((100 * (j.upper - j.lower) / 2 / 0.2)::numeric, 2)
FROM est AS a, est AS b, bloom_jaccard_bounds(a.f, b.f) AS j
WHERE a.name = 'a' AND b.name = 'b';

-- a wider interval at 99%, a narrower one at 50%
SELECT c.confidence, round((100 * (b.upper - b.lower) / 2 / 300000)::numeric, 3) AS half_width_pct
FROM est, unnest(ARRAY[0.5, 0.95, 0.99]) AS c(confidence),
	bloom_cardinality_bounds(f, c.confidence) AS b
WHERE name = 'a' ORDER BY 1;

-- exact filters: lower = estimate = upper
SELECT 'cardinality' AS estimate_of, c.* FROM
	(SELECT bloom_agg(x) AS a FROM generate_series(1, 6) AS x) AS sa, bloom_cardinality_bounds(a) AS c
UNION ALL
SELECT 'union', u.* FROM
	(SELECT bloom_agg(x) AS a FROM generate_series(1, 6) AS x) AS sa,
	(SELECT bloom_agg(x) AS b FROM generate_series(4, 8) AS x) AS sb,
	bloom_union_cardinality_bounds(a, b) AS u
UNION ALL
SELECT 'intersection', i.* FROM
	(SELECT bloom_agg(x) AS a FROM generate_series(1, 6) AS x) AS sa,
	(SELECT bloom_agg(x) AS b FROM generate_series(4, 8) AS x) AS sb,
	bloom_intersection_cardinality_bounds(a, b) AS i
UNION ALL
SELECT 'jaccard', j.* FROM
	(SELECT bloom_agg(x) AS a FROM generate_series(1, 6) AS x) AS sa,
	(SELECT bloom_agg(x) AS b FROM generate_series(4, 8) AS x) AS sb,
	bloom_jaccard_bounds(a, b) AS j;

-- too full to estimate: a finite lower bound, an infinite upper one; with
-- an exact filter, the intersection within [0, # e]
SELECT c.estimate, round(c.lower::numeric) AS lower, c.upper,
	i.estimate AS intersection, i.lower AS intersection_lower, i.upper AS intersection_upper
FROM (SELECT bloom_agg(x) AS e FROM generate_series(1, 100) AS x) AS se,
	(SELECT bloom_agg(x, 10, 0.5) AS sat FROM generate_series(1, 100000) AS x) AS ss,
	bloom_cardinality_bounds(sat) AS c, bloom_intersection_cardinality_bounds(e, sat) AS i;

-- two filters whose union at the smaller size is saturated (1 block
-- against 4,096): no estimate, with the estimators' NOTICE; the union at
-- least what one block can tell, the intersection at most the smaller's
CREATE TABLE folded AS
	SELECT (SELECT bloom_agg(x) FROM generate_series(1, 70000) AS x) AS big,
		(SELECT bloom_agg(x, 10, 0.01) FROM generate_series(1, 5) AS x) AS small;
SELECT (bloom_info(big)).blocks AS big_blocks, (bloom_info(small)).blocks AS small_blocks
FROM folded;
SELECT u.estimate IS NULL AS no_estimate, u.lower > 100 AS finite_lower, u.upper
FROM folded, bloom_union_cardinality_bounds(big, small) AS u;
SELECT i.estimate IS NULL AS no_estimate, i.lower, i.upper <= (bloom_cardinality_bounds(small)).upper AS at_most_smaller
FROM folded, bloom_intersection_cardinality_bounds(big, small) AS i;
SELECT bloom_cardinality_bounds(bloom_create(10), 1.5);
DROP TABLE folded;

-- join overlap from stored filters, against the exact join
CREATE TABLE orders (customer int);
CREATE TABLE tickets (customer int);
INSERT INTO orders SELECT x FROM generate_series(1, 200000) AS x;
INSERT INTO tickets SELECT x FROM generate_series(140001, 290000) AS x;
CREATE TABLE customer_filters AS
	SELECT 'orders' AS source, bloom_agg(customer, 300000, 0.01) AS f FROM orders
	UNION ALL
	SELECT 'tickets', bloom_agg(customer, 300000, 0.01) FROM tickets;
SELECT (SELECT count(*) FROM orders JOIN tickets USING (customer)) AS exact_overlap,
	abs(bloom_intersection_cardinality(o.f, t.f)
		- (SELECT count(*) FROM orders JOIN tickets USING (customer))) <
		0.05 * (SELECT count(*) FROM orders JOIN tickets USING (customer)) AS estimate_within_5pct,
	b.lower <= 60000 AND 60000 <= b.upper AS interval_covers,
	round(b.upper - b.lower) AS interval_width
FROM customer_filters AS o, customer_filters AS t,
	bloom_intersection_cardinality_bounds(o.f, t.f) AS b
WHERE o.source = 'orders' AND t.source = 'tickets';

-- cardinality reads only the header of a stored filter (a TOAST slice);
-- it agrees with the estimate from the whole filter
SELECT name, # f = (bloom_info(f)).cardinality AS same FROM est ORDER BY name;
DROP TABLE est, orders, tickets, customer_filters;

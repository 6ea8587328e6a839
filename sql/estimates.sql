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

-- a filter with every bit set: no count, Infinity (and NaN similarity)
SELECT (bloom_info(full_f)).fill_ratio, # full_f AS cardinality,
	bloom_intersection_cardinality(full_f, some_f) AS intersection,
	bloom_jaccard(full_f, some_f) AS jaccard, bloom_fpr(full_f) AS fpr
FROM (SELECT bloom_agg(x, 10, 0.5) AS full_f, bloom_agg(x, 10, 0.5) FILTER (WHERE x < 3) AS some_f
	  FROM generate_series(1, 100000) AS x) AS s;

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
		0.05 * (SELECT count(*) FROM orders JOIN tickets USING (customer)) AS estimate_within_5pct
FROM customer_filters AS o, customer_filters AS t
WHERE o.source = 'orders' AND t.source = 'tickets';

-- cardinality reads only the header of a stored filter (a TOAST slice);
-- it agrees with the estimate from the whole filter
SELECT name, # f = (bloom_info(f)).cardinality AS same FROM est ORDER BY name;
DROP TABLE est, orders, tickets, customer_filters;

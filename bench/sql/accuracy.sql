--
-- bench/sql/accuracy.sql: estimates from Bloom filters and from
-- HyperLogLog (postgresql-hll, default parameters) on the same values
--
-- Filters: bloom_agg(value, 1000000, 0.01), capacity 1,000,000 at 1%.
-- HLL: hll_add_agg(hll_hash_text(value)), log2m 11, regwidth 5 (1.2 kB).
-- For each set size and overlap, three seeds (different value sets); the
-- error is the estimate minus the truth, relative to the truth (for the
-- intersection, to the union, as the contract states it too).
--
\pset footer off
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE EXTENSION IF NOT EXISTS hll;

CREATE TEMP TABLE runs AS
	SELECT seed, n FROM generate_series(1, 3) AS seed,
		unnest(ARRAY[1000, 10000, 100000, 1000000]) AS n;

-- distinct counts of one set
CREATE TEMP TABLE counts AS
	SELECT r.seed, r.n,
		(SELECT # bloom_agg(md5(r.seed || ':' || i), 1000000, 0.01)
		 FROM generate_series(1, r.n) AS i) AS bloom,
		(SELECT hll_cardinality(hll_add_agg(hll_hash_text(md5(r.seed || ':' || i))))
		 FROM generate_series(1, r.n) AS i) AS hll
	FROM runs AS r;

\echo 'distinct count: relative error, worst of 3 seeds'
SELECT n,
	round((100 * max(abs(bloom / n - 1)))::numeric, 3) AS "bloom_%",
	round((100 * max(abs(hll / n - 1)))::numeric, 3) AS "hll_%"
FROM counts GROUP BY n ORDER BY n;

-- two sets of 500,000 values overlapping by 10%, 50% and 90%
CREATE TEMP TABLE pairs AS
	SELECT seed, overlap FROM generate_series(1, 3) AS seed,
		unnest(ARRAY[0.1, 0.5, 0.9]) AS overlap;
CREATE TEMP TABLE sketches AS
	SELECT p.seed, p.overlap, (500000 * p.overlap)::int AS common,
		(SELECT bloom_agg(md5(p.seed || ':' || i), 1000000, 0.01)
		 FROM generate_series(1, 500000) AS i) AS bloom_a,
		(SELECT bloom_agg(md5(p.seed || ':' || i), 1000000, 0.01)
		 FROM generate_series(500001 - (500000 * p.overlap)::int,
							  1000000 - (500000 * p.overlap)::int) AS i) AS bloom_b,
		(SELECT hll_add_agg(hll_hash_text(md5(p.seed || ':' || i)))
		 FROM generate_series(1, 500000) AS i) AS hll_a,
		(SELECT hll_add_agg(hll_hash_text(md5(p.seed || ':' || i)))
		 FROM generate_series(500001 - (500000 * p.overlap)::int,
							  1000000 - (500000 * p.overlap)::int) AS i) AS hll_b
	FROM pairs AS p;

\echo 'two sets of 500,000: relative error of union, intersection (to the union) and Jaccard, worst of 3 seeds'
SELECT overlap,
	round((100 * max(abs(bloom_union_cardinality(bloom_a, bloom_b) / u - 1)))::numeric, 3) AS "bloom_union_%",
	round((100 * max(abs(hll_cardinality(hll_union(hll_a, hll_b)) / u - 1)))::numeric, 3) AS "hll_union_%",
	round((100 * max(abs(bloom_intersection_cardinality(bloom_a, bloom_b) - common) / u))::numeric, 3) AS "bloom_intersection_%",
	round((100 * max(abs(hll_cardinality(hll_a) + hll_cardinality(hll_b)
		- hll_cardinality(hll_union(hll_a, hll_b)) - common) / u))::numeric, 3) AS "hll_intersection_%",
	round(max(abs(bloom_jaccard(bloom_a, bloom_b) - common::float8 / u))::numeric, 4) AS bloom_jaccard_error,
	round(max(abs((hll_cardinality(hll_a) + hll_cardinality(hll_b)
		- hll_cardinality(hll_union(hll_a, hll_b))) / hll_cardinality(hll_union(hll_a, hll_b))
		- common::float8 / u))::numeric, 4) AS hll_jaccard_error
FROM (SELECT *, 1000000 - common AS u FROM sketches) AS s
GROUP BY overlap ORDER BY overlap;

\echo 'size of each structure'
SELECT pg_size_pretty(pg_column_size(bloom_a)::bigint) AS bloom,
	pg_size_pretty(pg_column_size(hll_a)::bigint) AS hll
FROM sketches LIMIT 1;

--
-- bench/sql/bounds.sql: calibration of the estimates' confidence intervals
-- (the _bounds functions) through SQL, the count's error against the
-- filter's load, and the intersection's error beside HyperLogLog's at the
-- same number of bytes.
--
-- Each trial draws its own values, t * 1,000,000,000 + i (bigint), so
-- trials are independent; :trials of them a case (bench/sql/bounds sets
-- 1,000).  The cases (bench/core/bench_bounds.c simulates the same in the
-- core alone):
--   - a filter bloom_agg(v, 10000, 0.01) (412 blocks) at 10% to 300% of
--     its capacity;
--   - two such filters of 5,000 values each, overlapping by 0.1%, 1%,
--     10%, 50% and 100% of them;
--   - an exact filter (bloom_agg(v) of 2,000 values) with the filter at
--     capacity, 1,000 values common;
--   - filters of 412 and 206 blocks (capacity 10,000 and 5,000) holding
--     8,000 and 4,000 values, 2,000 common (the union is read at 206);
--   - bloom_union_agg of 7 days, each bloom_agg(v, 5000, 0.01) of 1,000
--     values: 600 of 1,200 regular ones and 400 of its own, 4,000 in all.
-- Per case: the share of trials whose 95% and 90% intervals hold the true
-- count (bands 93-97% and 88-92%), the 95th percentile of the absolute
-- error, the mean half-width of the 95% interval, and their ratio (at most
-- 1.5).  "exact" marks a case with no error in any trial (two identical
-- filters' Jaccard similarity of 1).
--
-- HyperLogLog (postgresql-hll): hll_add_agg(hll_hash_bigint(v), 14, 5, 0,
-- 0), 2^14 registers of 5 bits in the full representation, 10,240 bytes;
-- the filter bloom_agg(v, 7780, 0.01), 320 blocks, 10,240 bytes of
-- payload.  Two sets of 3,800 values overlapping by 0.1% to 100%: the
-- intersection by inclusion-exclusion, |A| + |B| - |A u B|, for both (the
-- filter's by bloom_intersection_cardinality).
--
\pset footer off
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE EXTENSION IF NOT EXISTS hll;

-- Every filter of a trial, from one pass over its values 1 to 30,000
CREATE TEMP TABLE trial_filters AS
    SELECT t, f.*
      FROM generate_series(1, :trials) AS t,
           LATERAL (
               SELECT bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 1000) AS load10,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 2500) AS load25,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 5000) AS load50,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 7500) AS load75,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 10000) AS load100,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 12500) AS load125,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 15000) AS load150,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 20000) AS load200,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 25000) AS load250,
                      bloom_agg(v, 10000, 0.01) AS load300,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i BETWEEN 4996 AND 9995) AS b0_1,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i BETWEEN 4951 AND 9950) AS b1,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i BETWEEN 4501 AND 9500) AS b10,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i BETWEEN 2501 AND 7500) AS b50,
                      bloom_agg(v) FILTER (WHERE i BETWEEN 9001 AND 11000) AS e,
                      bloom_agg(v, 10000, 0.01) FILTER (WHERE i <= 8000) AS big,
                      bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 6001 AND 10000) AS small,
                      ARRAY[bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 1 AND 600 OR i BETWEEN 20001 AND 20400),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 101 AND 700 OR i BETWEEN 20401 AND 20800),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 201 AND 800 OR i BETWEEN 20801 AND 21200),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 301 AND 900 OR i BETWEEN 21201 AND 21600),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 401 AND 1000 OR i BETWEEN 21601 AND 22000),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 501 AND 1100 OR i BETWEEN 22001 AND 22400),
                            bloom_agg(v, 5000, 0.01) FILTER (WHERE i BETWEEN 601 AND 1200 OR i BETWEEN 22401 AND 22800)]
                          AS days
                 FROM generate_series(1, 30000) AS i,
                      LATERAL (SELECT t * 1000000000::bigint + i) AS value(v)) AS f;

-- The pairs of each trial, with their true union and intersection
CREATE TEMP TABLE trial_pairs AS
    SELECT t, p.*
      FROM trial_filters,
           LATERAL (VALUES (6, 'overlap 0.1%', load50, b0_1, 9995, 5),
                           (9, 'overlap 1%', load50, b1, 9950, 50),
                           (12, 'overlap 10%', load50, b10, 9500, 500),
                           (15, 'overlap 50%', load50, b50, 7500, 2500),
                           (18, 'overlap 100%', load50, load50, 5000, 5000),
                           (21, 'exact 2,000 with blocks 10,000', e, load100, 11000, 1000),
                           (24, '412 and 206 blocks', big, small, 10000, 2000))
               AS p(ord, name, x, y, union_truth, intersection_truth);

-- Each estimate of each trial, with its truth and its 95% and 90% bounds
CREATE TEMP TABLE trial_bounds (ord int, name text, t int, truth float8, estimate float8,
                                lower95 float8, upper95 float8, lower90 float8, upper90 float8);
INSERT INTO trial_bounds
    SELECT c.ord, c.name, t, c.truth, b95.estimate, b95.lower, b95.upper, b90.lower, b90.upper
      FROM trial_filters,
           LATERAL (VALUES (1, 'count at 10% of capacity', 1000, load10),
                           (2, 'count at 50% of capacity', 5000, load50),
                           (3, 'count at 100% of capacity', 10000, load100),
                           (4, 'count at 150% of capacity', 15000, load150),
                           (5, 'count at 300% of capacity', 30000, load300),
                           (27, 'union of 7 days (bloom_union_agg)', 4000,
                            (SELECT bloom_union_agg(d) FROM unnest(days) AS d)))
               AS c(ord, name, truth, f),
           bloom_cardinality_bounds(f) AS b95, bloom_cardinality_bounds(f, 0.90) AS b90;
INSERT INTO trial_bounds
    SELECT ord, name || ': union', t, union_truth, b95.estimate, b95.lower, b95.upper,
           b90.lower, b90.upper
      FROM trial_pairs, bloom_union_cardinality_bounds(x, y) AS b95,
           bloom_union_cardinality_bounds(x, y, 0.90) AS b90
    UNION ALL
    SELECT ord + 1, name || ': intersection', t, intersection_truth, b95.estimate, b95.lower,
           b95.upper, b90.lower, b90.upper
      FROM trial_pairs, bloom_intersection_cardinality_bounds(x, y) AS b95,
           bloom_intersection_cardinality_bounds(x, y, 0.90) AS b90
    UNION ALL
    SELECT ord + 2, name || ': jaccard', t, intersection_truth::float8 / union_truth,
           b95.estimate, b95.lower, b95.upper, b90.lower, b90.upper
      FROM trial_pairs, bloom_jaccard_bounds(x, y) AS b95, bloom_jaccard_bounds(x, y, 0.90) AS b90;

\echo 'coverage of the 95% and 90% intervals through SQL (bands: 93-97%, 88-92%; half95 <= 1.5 x p95_err)'
WITH c AS (
    SELECT ord, name, count(*) AS trials, avg(truth) AS truth, avg(estimate) AS estimate,
           100.0 * count(*) FILTER (WHERE lower95 <= truth AND truth <= upper95) / count(*) AS cov95,
           100.0 * count(*) FILTER (WHERE lower90 <= truth AND truth <= upper90) / count(*) AS cov90,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY abs(estimate - truth)) AS p95_err,
           avg((upper95 - lower95) / 2) AS half95
      FROM trial_bounds GROUP BY ord, name
)
SELECT name AS "case",
       round(truth::numeric, CASE WHEN truth < 1 THEN 5 ELSE 0 END) AS truth,
       round(estimate::numeric, CASE WHEN truth < 1 THEN 5 ELSE 1 END) AS estimate,
       trials, round(cov95, 1) AS cov95, round(cov90, 1) AS cov90,
       round(p95_err::numeric, CASE WHEN truth < 1 THEN 6 ELSE 2 END) AS p95_err,
       round(half95::numeric, CASE WHEN truth < 1 THEN 6 ELSE 2 END) AS half95,
       round((half95 / nullif(p95_err, 0))::numeric, 2) AS ratio,
       CASE WHEN p95_err = 0 AND half95 = 0 THEN 'exact'
            WHEN cov95 BETWEEN 93 AND 97 AND cov90 BETWEEN 88 AND 92 AND half95 <= 1.5 * p95_err
            THEN 'ok' ELSE 'MISS' END AS verdict
  FROM c ORDER BY ord;

\echo
\echo 'relative error of the count against load (n / capacity), in percent, bloom_agg(v, 10000, 0.01)'
SELECT load, count(*) AS trials,
       round((100 * percentile_cont(0.025) WITHIN GROUP (ORDER BY estimate / n - 1))::numeric, 4) AS "err_2.5%",
       round((100 * percentile_cont(0.975) WITHIN GROUP (ORDER BY estimate / n - 1))::numeric, 4) AS "err_97.5%",
       round((100 * avg(lower / n - 1))::numeric, 4) AS "lower_95%",
       round((100 * avg(upper / n - 1))::numeric, 4) AS "upper_95%",
       round(100.0 * count(*) FILTER (WHERE lower <= n AND n <= upper) / count(*), 1) AS cov95
  FROM trial_filters,
       LATERAL (VALUES (0.1, load10), (0.25, load25), (0.5, load50), (0.75, load75),
                       (1.0, load100), (1.25, load125), (1.5, load150), (2.0, load200),
                       (2.5, load250), (3.0, load300)) AS l(load, f),
       LATERAL (SELECT l.load * 10000 AS n) AS truth,
       bloom_cardinality_bounds(f) AS b
 GROUP BY load ORDER BY load;

-- HyperLogLog beside the filter, at the same number of bytes
CREATE TEMP TABLE sketches AS
    SELECT t, o.overlap, o.common, s.*
      FROM generate_series(1, :trials) AS t,
           (VALUES (0.1, 4), (1, 38), (10, 380), (50, 1900), (100, 3800)) AS o(overlap, common),
           LATERAL (
               SELECT bloom_agg(v, 7780, 0.01) FILTER (WHERE i <= 3800) AS bloom_a,
                      bloom_agg(v, 7780, 0.01)
                          FILTER (WHERE i > 3800 - o.common AND i <= 7600 - o.common) AS bloom_b,
                      hll_add_agg(hll_hash_bigint(v), 14, 5, 0, 0) FILTER (WHERE i <= 3800) AS hll_a,
                      hll_add_agg(hll_hash_bigint(v), 14, 5, 0, 0)
                          FILTER (WHERE i > 3800 - o.common AND i <= 7600 - o.common) AS hll_b
                 FROM generate_series(1, 7600) AS i,
                      LATERAL (SELECT t * 1000000000::bigint + 500000000 + i) AS value(v)) AS s;

\echo
\echo 'size of each structure'
SELECT (SELECT (bloom_info(bloom_a)).bytes - 64 FROM sketches LIMIT 1) AS bloom_payload_bytes,
       (SELECT (bloom_info(bloom_a)).blocks FROM sketches LIMIT 1) AS bloom_blocks,
       (SELECT (length(hll_a::text) - 2) / 2 FROM sketches LIMIT 1) AS hll_bytes,
       (SELECT format('type %s, log2m %s, regwidth %s', hll_type(hll_a), hll_log2m(hll_a),
                      hll_regwidth(hll_a))
          FROM sketches LIMIT 1) AS hll;

\echo
\echo 'intersection of two sets of 3,800 values: error of the filter (bloom_intersection_cardinality) and of HyperLogLog (|A| + |B| - |A u B|) at the same bytes'
WITH e AS (
    SELECT overlap, common, i.estimate AS bloom, i.lower, i.upper,
           hll_cardinality(hll_a) + hll_cardinality(hll_b)
               - hll_cardinality(hll_union(hll_a, hll_b)) AS hll
      FROM sketches, bloom_intersection_cardinality_bounds(bloom_a, bloom_b) AS i
)
SELECT overlap AS "overlap_%", common AS truth, count(*) AS trials,
       round(sqrt(avg((bloom - common) ^ 2))::numeric, 1) AS bloom_rmse,
       round(sqrt(avg((hll - common) ^ 2))::numeric, 1) AS hll_rmse,
       round((sqrt(avg((hll - common) ^ 2)) / sqrt(avg((bloom - common) ^ 2)))::numeric, 1)
           AS hll_over_bloom,
       round((percentile_cont(0.95) WITHIN GROUP (ORDER BY abs(bloom - common)))::numeric, 1)
           AS bloom_p95_err,
       round((percentile_cont(0.95) WITHIN GROUP (ORDER BY abs(hll - common)))::numeric, 1)
           AS hll_p95_err,
       round(avg((upper - lower) / 2)::numeric, 1) AS bloom_half95,
       round(100.0 * count(*) FILTER (WHERE lower <= common AND common <= upper) / count(*), 1)
           AS bloom_cov95
  FROM e GROUP BY overlap, common ORDER BY overlap;

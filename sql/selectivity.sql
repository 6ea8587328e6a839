--
-- selectivity: the planner's row estimate for a membership test, against
-- the true count, on a uniform and on a skewed column
--
SET max_parallel_workers_per_gather = 0;

-- uniform: every value once; skewed: value v about 100000/v^2 times
CREATE TABLE sel_uniform AS SELECT i AS k FROM generate_series(1, 100000) AS i;
CREATE TABLE sel_skewed AS SELECT 100000 / i AS k FROM generate_series(1, 100000) AS i;
ANALYZE sel_uniform, sel_skewed;

-- The planner's estimate and the true count of rows of query, with %s
-- replaced by the filter as a literal (a constant the planner can read),
-- if it has a %s
CREATE FUNCTION sel_rows(query text, f bloom, OUT estimated float8, OUT actual bigint)
LANGUAGE plpgsql AS $$
DECLARE
    q text := format(query, quote_literal(f::text) || '::bloom');
BEGIN
    estimated := (plan_json(q) -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
    EXECUTE 'SELECT count(*) FROM (' || q || ') AS rows' INTO actual;
END
$$;

-- The planner's estimate of the share of sel_uniform's rows query keeps
CREATE FUNCTION plan_share(query text) RETURNS numeric
LANGUAGE sql AS $$
    SELECT round(((plan_json(query) -> 0 -> 'Plan' ->> 'Plan Rows')::float8 /
                  (SELECT reltuples FROM pg_class
                    WHERE oid = 'sel_uniform'::regclass))::numeric, 3)
$$;

-- within a factor of two of the truth (and never a zero estimate)
CREATE FUNCTION sel_close(estimated float8, actual bigint) RETURNS boolean
LANGUAGE sql AS $$
    SELECT estimated BETWEEN greatest(actual, 1) / 2.0 AND greatest(actual, 1) * 2.0
$$;

-- a constant filter of text values
CREATE FUNCTION bloom_agg_text() RETURNS bloom IMMUTABLE
LANGUAGE sql AS $$ SELECT bloom_add(bloom_create(10), 'x'::text) $$;

CREATE TABLE sel_cases (name text, query text, f bloom);
INSERT INTO sel_cases
SELECT 'uniform, 5000 of its values', 'SELECT * FROM sel_uniform WHERE k <@ %s',
       bloom_agg(i) FROM generate_series(1, 5000) AS i
UNION ALL
SELECT 'uniform, @> written the other way', 'SELECT * FROM sel_uniform WHERE %s @> k',
       bloom_agg(i) FROM generate_series(1, 5000) AS i
UNION ALL
SELECT 'uniform, half its values', 'SELECT * FROM sel_uniform WHERE k <@ %s',
       bloom_agg(i) FROM generate_series(1, 50000) AS i
UNION ALL
SELECT 'uniform, 5 values (exact filter)', 'SELECT * FROM sel_uniform WHERE k <@ %s',
       bloom_agg(i) FROM generate_series(1, 5) AS i
UNION ALL
SELECT 'skewed, its 10 most common values', 'SELECT * FROM sel_skewed WHERE k <@ %s',
       bloom_agg(i) FROM generate_series(1, 10) AS i
UNION ALL
SELECT 'skewed, 1000 of its rare values', 'SELECT * FROM sel_skewed WHERE k <@ %s',
       bloom_agg(k) FROM (SELECT DISTINCT k FROM sel_skewed
                           WHERE k >= 100 ORDER BY k LIMIT 1000) AS rare
UNION ALL
SELECT 'skewed, common and rare values', 'SELECT * FROM sel_skewed WHERE k <@ %s',
       bloom_agg(i) FROM generate_series(1, 20000) AS i
UNION ALL
SELECT 'skewed, sized filter', 'SELECT * FROM sel_skewed WHERE k <@ %s',
       bloom_agg(i, 100000, 0.01) FROM generate_series(2, 3000) AS i;

SELECT name, actual, sel_close(estimated, actual) AS within_2x
  FROM sel_cases, LATERAL sel_rows(query, f)
 ORDER BY name;

-- an expression without statistics: the filter's members over the rows
SELECT actual, sel_close(estimated, actual) AS within_2x
  FROM sel_rows('SELECT * FROM sel_uniform WHERE k + 0 <@ %s',
                (SELECT bloom_agg(i) FROM generate_series(1, 5000) AS i));

-- an empty filter keeps no row, a NULL filter none either
SELECT estimated <= 1 AS at_most_one_row, actual
  FROM sel_rows('SELECT * FROM sel_uniform WHERE k <@ %s',
                (SELECT bloom_agg(i) FROM generate_series(1, 0) AS i));
EXPLAIN (COSTS OFF) SELECT * FROM sel_uniform WHERE k <@ NULL::bloom;

-- a filter known only at run time gets the default share (5%), and so
-- does a filter of another kind (the error is for run time)
SELECT plan_share('SELECT * FROM sel_uniform WHERE k <@ (SELECT bloom_agg(1))');
SELECT plan_share('SELECT * FROM sel_uniform WHERE k <@ bloom_agg_text()');

-- A column of filters: ANALYZE records the filters' mean member count and
-- false-positive rate, and the share of them holding a value one of them
-- holds; exact filters make the figures exact.  sel_disjoint: 100
-- filters of 100 values, each value in one; sel_overlapping: 100 filters
-- of 1,000 values, most values in 10 of them, and 100 NULLs.
CREATE TABLE sel_disjoint AS
    SELECT i / 100 AS g, bloom_agg(i) AS f
      FROM generate_series(0, 9999) AS i GROUP BY 1 ORDER BY 1;
CREATE TABLE sel_overlapping AS
    SELECT g, bloom_agg(i) AS f
      FROM generate_series(0, 99) AS g, generate_series(g * 100, g * 100 + 999) AS i
     GROUP BY g ORDER BY g;
INSERT INTO sel_overlapping SELECT 100 + g, NULL FROM generate_series(1, 100) AS g;
ANALYZE sel_disjoint, sel_overlapping;

-- members, false-positive rate, share holding a value (the slot of kind
-- 12057); the share is 1/100, and about 10/100 (9.67/100 over all the
-- filters: values near the ends of the range are in fewer; 32 are read)
SELECT s.starelid::regclass AS "table", s.stanullfrac,
       CASE 12057 WHEN s.stakind1 THEN s.stanumbers1 WHEN s.stakind2 THEN s.stanumbers2
                  WHEN s.stakind3 THEN s.stanumbers3 WHEN s.stakind4 THEN s.stanumbers4
                  WHEN s.stakind5 THEN s.stanumbers5 END AS bloom_statistics
  FROM pg_statistic AS s
 WHERE s.starelid IN ('sel_disjoint'::regclass, 'sel_overlapping'::regclass)
   AND s.staattnum = 2
 ORDER BY 1;

-- filtercol @> x: the filters holding x, of all the table's rows;
-- col <@ (SELECT f ...): a filter of the column's mean member count, also
-- when the test is pushed into a subquery (whose scan reads the outer
-- query's InitPlan) and on a CTE
SELECT c.test, r.estimated, r.actual
  FROM (VALUES
    (1, 'filtercol @> x, disjoint', 'SELECT * FROM sel_disjoint WHERE f @> 5000'),
    (2, 'filtercol @> x, overlapping', 'SELECT * FROM sel_overlapping WHERE f @> 5000'),
    (3, 'col <@ (SELECT f ...), disjoint', 'SELECT * FROM sel_uniform WHERE k <@ (SELECT f FROM sel_disjoint WHERE g = 7)'),
    (4, '(SELECT f ...) @> col, overlapping', 'SELECT * FROM sel_uniform WHERE (SELECT f FROM sel_overlapping WHERE g = 7) @> k'),
    (5, 'pushed into a subquery', 'SELECT * FROM (SELECT DISTINCT k FROM sel_uniform) AS s WHERE k <@ (SELECT f FROM sel_disjoint WHERE g = 7)'),
    (6, 'on a CTE', 'WITH c AS MATERIALIZED (SELECT * FROM sel_uniform) SELECT * FROM c WHERE k <@ (SELECT f FROM sel_disjoint WHERE g = 7)')
  ) AS c (n, test, query),
  LATERAL sel_rows(c.query, NULL) AS r
 ORDER BY c.n;

-- a subquery that builds its filter has no such statistics: the default
SELECT plan_share('SELECT * FROM sel_uniform WHERE k <@ (SELECT bloom_agg(k) FROM sel_uniform WHERE k < 10)');

-- before ANALYZE (or analyzed by release 1.0), the default share too
CREATE TABLE sel_unanalyzed AS SELECT * FROM sel_disjoint;
SELECT plan_share('SELECT * FROM sel_uniform WHERE k <@ (SELECT f FROM sel_unanalyzed WHERE g = 7)');

DROP TABLE sel_uniform, sel_skewed, sel_cases, sel_disjoint, sel_overlapping,
    sel_unanalyzed;
DROP FUNCTION sel_rows, sel_close, plan_share, bloom_agg_text;

--
-- cache.sql: a call site reads each stored filter once per query and
-- never answers from a filter that has changed.
--
SET client_min_messages = warning;
CREATE TABLE days (day int PRIMARY KEY, f bloom);
-- five stored filters of 70,000 values each (block filters, out of line,
-- 128 kB)
INSERT INTO days
SELECT d, bloom_agg('v' || (d * 100000 + g))
FROM generate_series(1, 5) AS d, generate_series(1, 70000) AS g
GROUP BY d;
CREATE TABLE probes AS
SELECT 'v' || (d * 100000 + g) AS v
FROM generate_series(1, 5) AS d, generate_series(1, 3000, 7) AS g;
ANALYZE days, probes;

-- Every filter on every row of probes, alternating (the subquery runs per
-- row: OFFSET 0 keeps it from being flattened into a join); each probe
-- value is in exactly one day
CREATE VIEW matches AS
SELECT p.v, m.day
FROM probes AS p,
	LATERAL (SELECT d.day FROM days AS d WHERE d.f @> p.v OFFSET 0) AS m;
EXPLAIN (COSTS OFF) SELECT count(*) FROM matches;
SELECT count(*) AS matches, count(DISTINCT v) AS values FROM matches;

-- The same with a budget smaller than one filter: correct, read per row
SET bloomfilter.cache_size = '16kB';
SELECT count(*) AS matches, count(DISTINCT v) AS values FROM matches;
-- and with room for two of the five
SET bloomfilter.cache_size = '300kB';
SELECT count(*) AS matches, count(DISTINCT v) AS values FROM matches;
RESET bloomfilter.cache_size;
SET enable_hashjoin = off;
SET enable_mergejoin = off;

-- Two filter arguments, both stored, alternating
SELECT count(*) FILTER (WHERE bloom_jaccard(a.f, b.f) < 0.01) AS disjoint_pairs,
       count(*) AS pairs
FROM days AS a, days AS b WHERE a.day <> b.day;
SELECT a.day, round(bloom_fpr(a.f)::numeric, 4) AS fpr,
       (bloom_info(a.f)).bytes
FROM days AS a ORDER BY a.day;
RESET enable_hashjoin;
RESET enable_mergejoin;

-- The union of two stored filters is built once, then probed per row: it
-- keeps every value either filter keeps (and a few false positives more,
-- at its own rate)
SELECT count(*) AS union_probe
FROM probes
WHERE bloom_union((SELECT f FROM days WHERE day = 1),
                  (SELECT f FROM days WHERE day = 2)) @> v;
SELECT count(*) AS either_probe,
       count(*) FILTER (WHERE NOT bloom_union((SELECT f FROM days WHERE day = 1),
                                              (SELECT f FROM days WHERE day = 2)) @> v)
         AS missing_from_union
FROM probes
WHERE (SELECT f FROM days WHERE day = 1) @> v
   OR (SELECT f FROM days WHERE day = 2) @> v;
-- and per pair of stored filters, row by row
SELECT a.day, b.day AS other, count(*) AS members
FROM days AS a JOIN days AS b ON b.day = a.day % 5 + 1,
	(SELECT v FROM probes ORDER BY v LIMIT 400) AS p
WHERE (a.f | b.f) @> p.v
GROUP BY a.day, b.day ORDER BY a.day;

-- A PL/pgSQL loop reuses one call site: a filter changed between probes
-- is read again
CREATE FUNCTION probe_after_update() RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
	i int;
	filter bloom;
BEGIN
	FOR i IN 1..3 LOOP
		SELECT f INTO filter FROM days WHERE day = 1;
		RETURN NEXT format('round %s: %s', i, filter @> ('new' || i));
		UPDATE days SET f = bloom_union(f, (SELECT bloom_agg('new' || i)))
		WHERE day = 1;
		SELECT f INTO filter FROM days WHERE day = 1;
		RETURN NEXT format('round %s after update: %s', i, filter @> ('new' || i));
		RETURN NEXT format('round %s, union with day 2: %s', i,
						   bloom_union(filter, (SELECT f FROM days WHERE day = 2)) @> ('new' || i));
	END LOOP;
END
$$;
BEGIN;
SELECT * FROM probe_after_update();
ROLLBACK;

-- A query that probes a stored filter, in one transaction with an update
BEGIN;
SELECT count(*) FROM probes WHERE (SELECT f FROM days WHERE day = 2) @> v;
UPDATE days SET f = (SELECT bloom_agg(v) FROM probes WHERE v LIKE 'v3%') WHERE day = 2;
SELECT count(*) FROM probes WHERE (SELECT f FROM days WHERE day = 2) @> v;
ROLLBACK;

-- A writable CTE: the outer query sees the filter from before the update
WITH changed AS (
	UPDATE days SET f = bloom_create(10, 0.01) WHERE day = 3 RETURNING day
)
SELECT count(*) FROM probes, days
WHERE days.day = 3 AND days.f @> probes.v;
SELECT count(*) FROM probes, days
WHERE days.day = 3 AND days.f @> probes.v;

-- A prepared statement run again after the filter changed
PREPARE probe_day(int) AS
	SELECT count(*) FROM probes, days WHERE days.day = $1 AND days.f @> probes.v;
EXECUTE probe_day(4);
UPDATE days SET f = bloom_add(f, 'v100001') WHERE day = 4;
EXECUTE probe_day(4);
UPDATE days SET f = bloom_create(10, 0.01) WHERE day = 4;
EXECUTE probe_day(4);
DEALLOCATE probe_day;

DROP FUNCTION probe_after_update();
DROP VIEW matches;
DROP TABLE days, probes;

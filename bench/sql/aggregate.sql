--
-- bench/sql/aggregate.sql: the tables of bench/sql/aggregate (issues 13 and 25)
--
-- bench/sql/aggregate puts \set rows, cycle, groups_n and many_n and
-- setup.sql's visits table ($rows distinct URLs of 40 bytes) before it.
--
-- cycle:     $rows rows, the first $cycle URLs of visits over and over
-- grouped20: 20 groups of $groups_n distinct int values (i % 20)
-- daily:     3 groups of $groups_n distinct int values (the README's
--            daily filters, 3 days)
-- many10:    $many_n groups of 10 short texts
-- many1:     2 * $many_n groups of one short text
-- ones50k, ones500k: 50,000 and 500,000 groups of one short text
-- bench_state(text): bloom_agg(text)'s transition function without its
--            final function, so that it returns the state itself
--
CREATE TABLE cycle AS
	SELECT v.url
	FROM generate_series(0, :rows - 1) AS i
	JOIN (SELECT url, row_number() OVER () - 1 AS k FROM visits LIMIT :cycle) AS v
		ON v.k = i % :cycle;
CREATE TABLE grouped20 AS
	SELECT i % 20 AS g, i FROM generate_series(1, 20 * :groups_n) AS i;
CREATE TABLE daily AS
	SELECT i % 3 AS g, i FROM generate_series(1, 3 * :groups_n) AS i;
CREATE TABLE many10 AS
	SELECT i / 10 AS g, i::text AS s FROM generate_series(0, 10 * :many_n - 1) AS i;
CREATE TABLE many1 AS
	SELECT i AS g, i::text AS s FROM generate_series(1, 2 * :many_n) AS i;
CREATE TABLE ones50k AS
	SELECT i AS g, i::text AS s FROM generate_series(1, 50000) AS i;
CREATE TABLE ones500k AS
	SELECT i AS g, i::text AS s FROM generate_series(1, 500000) AS i;
VACUUM ANALYZE visits;
VACUUM ANALYZE cycle;
VACUUM ANALYZE grouped20;
VACUUM ANALYZE daily;
VACUUM ANALYZE many10;
VACUUM ANALYZE many1;
VACUUM ANALYZE ones50k;
VACUUM ANALYZE ones500k;

-- From the catalog, so that it follows the aggregate: a state of a plain
-- type (bloom today) is returned as it is; an internal one through the
-- aggregate's serialization function, as parallel workers ship it.
DO $$
DECLARE
	a pg_aggregate;
BEGIN
	SELECT * INTO STRICT a FROM pg_aggregate
	WHERE aggfnoid = 'bloom_agg(text)'::regprocedure;
	IF a.aggtranstype <> 'internal'::regtype THEN
		EXECUTE format('CREATE AGGREGATE bench_state(text) (SFUNC = %s, STYPE = %s)',
			a.aggtransfn, a.aggtranstype::regtype);
	ELSIF a.aggserialfn <> 0 THEN
		EXECUTE format('CREATE AGGREGATE bench_state(text) (SFUNC = %s, STYPE = internal, FINALFUNC = %s)',
			a.aggtransfn, a.aggserialfn);
	ELSE
		RAISE EXCEPTION 'bloom_agg(text) has an internal state and no serialization function';
	END IF;
END $$;

\pset footer off
SELECT c.relname AS "table", c.reltuples::bigint AS "rows (estimate)",
	pg_size_pretty(pg_table_size(c.oid)) AS size
FROM pg_class AS c
WHERE c.relname IN ('visits', 'cycle', 'grouped20', 'daily', 'many10', 'many1',
	'ones50k', 'ones500k')
ORDER BY c.oid;
SELECT a.aggtransfn AS "bloom_agg(text) SFUNC", a.aggtranstype::regtype AS "STYPE",
	a.aggserialfn AS "SERIALFUNC", a.aggtransspace AS "SSPACE",
	b.aggtransfn AS "bench_state SFUNC", b.aggfinalfn AS "its FINALFUNC"
FROM pg_aggregate AS a, pg_aggregate AS b
WHERE a.aggfnoid = 'bloom_agg(text)'::regprocedure
	AND b.aggfnoid = 'bench_state(text)'::regprocedure;

--
-- maintenance.sql: keeping a stored filter up to date, one write per
-- statement.
--
SET client_min_messages = warning;

-- bloom_add_all adds every non-NULL element, as bloom_add one at a time
SELECT bloom_add_all(bloom_create(1000, 0.01), ARRAY['a', NULL, 'b', 'c'])
     = bloom_add(bloom_add(bloom_add(bloom_create(1000, 0.01), 'a'::text), 'b'::text), 'c'::text)
  AS same_as_bloom_add;
-- an exact filter grows as bloom_agg sizes its values
SELECT bloom_add_all(bloom_agg(g), ARRAY(SELECT generate_series(3, 40)))
     = (SELECT bloom_agg(g) FROM generate_series(1, 40) AS g) AS same_as_bloom_agg
FROM generate_series(1, 5) AS g;
-- an empty array, or one of NULLs, changes nothing; a filter of no kind
-- takes the elements'
SELECT bloom_add_all(f, '{}'::int[]) = f AS empty_array,
       bloom_add_all(f, ARRAY[NULL, NULL]::int[]) = f AS nulls_only
FROM (SELECT bloom_agg(g) AS f FROM generate_series(1, 100) AS g) AS s;
SELECT (bloom_info(bloom_add_all(bloom_create(10, 0.01), ARRAY[1, 2]))).value_kind;
-- every element of a multidimensional array
SELECT bloom_add_all(bloom_create(10, 0.01), ARRAY[[1, 2], [3, 4]]) @> 4 AS has_4;
-- a value of another kind is refused
SELECT bloom_add_all(bloom_add(bloom_create(10, 0.01), 'x'::text), ARRAY[1]);

-- The README's recipe: a statement-level trigger folds a statement's new
-- rows into one filter per day, every filter of one capacity and rate
\i doc/examples/daily_trigger.sql

-- 70,000 URLs on the 16th, 50,000 on the 17th, then more rows, a
-- statement each: past 65,536 URLs a day, every union still combines
INSERT INTO visits
SELECT DATE '2026-11-16' + (g > 70000)::int, 'https://example.com/' || g
FROM generate_series(1, 120000) AS g;
INSERT INTO visits VALUES ('2026-11-16', 'https://example.com/late');
INSERT INTO visits
SELECT '2026-11-16', 'https://example.com/more/' || g FROM generate_series(1, 1000) AS g;
COPY visits FROM STDIN;
2026-11-18	https://example.com/copied
\.
-- a row without a day is left out, one without a URL adds nothing
INSERT INTO visits VALUES (NULL, 'https://example.com/no-day'),
                          ('2026-11-16', NULL);
SELECT day, urls @> 'https://example.com/2'::text AS has_2,
       urls @> 'https://example.com/late'::text AS has_late,
       urls @> 'https://example.com/copied'::text AS has_copied,
       round(# urls) AS distinct_urls, (bloom_info(urls)).blocks
FROM daily ORDER BY day;
-- the same filter as built from the rows at once
SELECT bool_and(d.urls = (SELECT bloom_agg(url, 1000000::bigint, 0.01::float8)
                          FROM visits AS v WHERE v.day = d.day)) AS same_as_from_the_rows
FROM daily AS d;

-- The days filled by the Quick start's bloom_agg(url) instead: the 16th,
-- past 65,536 URLs, gets a block filter of a power-of-two count, which the
-- trigger's filters cannot be combined with, and an insert fails; the
-- error says how to rebuild it.  The 17th, an exact list, combines.
UPDATE daily AS d SET urls = (SELECT bloom_agg(url) FROM visits AS v WHERE v.day = d.day);
SELECT day, (bloom_info(urls)).layout, (bloom_info(urls)).blocks FROM daily ORDER BY day;
INSERT INTO visits VALUES ('2026-11-16', 'https://example.com/after');
INSERT INTO visits VALUES ('2026-11-17', 'https://example.com/after');
-- rebuilt as doc/maintenance.md says, every day combines again
UPDATE daily AS d
SET urls = (SELECT bloom_agg(url, 1000000::bigint, 0.01::float8)
            FROM visits AS v WHERE v.day = d.day);
INSERT INTO visits VALUES ('2026-11-16', 'https://example.com/after');
SELECT day, urls @> 'https://example.com/after'::text AS has_after
FROM daily ORDER BY day;

-- No function of another schema stands in for the extension's.  A schema
-- on the inserting session's path has a bloom_agg and a | of its own that
-- match the recipe's calls as written before, without casts, exactly.
CREATE SCHEMA capture;
CREATE FUNCTION capture.trap(bloom, text, integer, numeric) RETURNS bloom
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured bloom_agg'; END $$;
CREATE AGGREGATE capture.bloom_agg(text, integer, numeric) (
	SFUNC = capture.trap, STYPE = bloom);
CREATE FUNCTION capture.union_trap(bloom, bloom) RETURNS bloom
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'captured |'; END $$;
CREATE OPERATOR capture.| (LEFTARG = bloom, RIGHTARG = bloom,
	FUNCTION = capture.union_trap);
\set VERBOSITY terse
-- later on the path, it takes the calls without casts, not those with
SET search_path = public, capture;
SELECT bloom_agg(url, 1000000, 0.01) FROM visits WHERE day = '2026-11-18';
SELECT bloom_agg(url, 1000000::bigint, 0.01::float8) @> 'https://example.com/copied'::text
  AS with_casts
FROM visits WHERE day = '2026-11-18';
-- first on the path, it takes the operator too; the recipe's function has
-- a search_path of its own, and its insert goes through
SET search_path = capture, public;
SELECT d.urls | d.urls FROM daily AS d WHERE day = '2026-11-18';
INSERT INTO visits VALUES ('2026-11-18', 'https://example.com/safe');
RESET search_path;
\set VERBOSITY default
SELECT urls @> 'https://example.com/safe'::text AS has_safe
FROM daily WHERE day = '2026-11-18';
DROP SCHEMA capture CASCADE;

-- One INSERT ... SELECT of 100,000 rows writes one filter's worth of WAL
-- for it: the WAL of the same insert with and without the trigger differs
-- by less than twice the filter's size
CREATE TABLE wal (what text PRIMARY KEY, bytes numeric);
CREATE FUNCTION insert_wal(with_trigger bool) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
	start pg_lsn;
BEGIN
	IF NOT with_trigger THEN
		ALTER TABLE visits DISABLE TRIGGER visits_daily;
	END IF;
	start := pg_current_wal_insert_lsn();
	INSERT INTO visits
	SELECT DATE '2026-11-20', 'https://example.org/' || g
	FROM generate_series(1, 100000) AS g;
	ALTER TABLE visits ENABLE TRIGGER visits_daily;
	RETURN pg_current_wal_insert_lsn() - start;
END
$$;
INSERT INTO wal VALUES ('without', insert_wal(false));
DELETE FROM visits WHERE day = '2026-11-20';
INSERT INTO wal VALUES ('with', insert_wal(true));
SELECT (SELECT bytes FROM wal WHERE what = 'with') -
       (SELECT bytes FROM wal WHERE what = 'without') <
       2 * (SELECT (bloom_info(urls)).bytes FROM daily WHERE day = '2026-11-20')
  AS one_filter_of_wal;

-- Rows that arrive one statement at a time: queue them, and fold the
-- queue into the filters now and then, one write per day per fold
CREATE TABLE visits_pending (day date, url text);
INSERT INTO visits_pending VALUES ('2026-11-17', 'https://example.com/queued-1');
INSERT INTO visits_pending VALUES ('2026-11-21', 'https://example.com/queued-2');
WITH batch AS (DELETE FROM visits_pending RETURNING day, url)
INSERT INTO daily AS d (day, urls)
SELECT day, bloom_agg(url, 1000000::bigint, 0.01::float8)
FROM batch WHERE day IS NOT NULL GROUP BY day
ON CONFLICT (day) DO UPDATE SET urls = d.urls | EXCLUDED.urls;
SELECT day, urls @> 'https://example.com/queued-1'::text AS has_1,
       urls @> 'https://example.com/queued-2'::text AS has_2
FROM daily WHERE day IN ('2026-11-17', '2026-11-21') ORDER BY day;
SELECT count(*) AS still_queued FROM visits_pending;

DROP TABLE visits, visits_pending, daily, wal;
DROP FUNCTION daily_add_visits(), insert_wal(bool);

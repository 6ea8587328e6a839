--
-- test/crossversion/filters.sql: filters to carry from one PostgreSQL
-- release to another (tools/test-all dumps them from the host's server and
-- restores them into the other releases' servers).
--
-- Every layout and kind the format has: exact and block filters, sized and
-- auto-sized, empty, one past the exact phase that is stored out of line,
-- text, integer, uuid, numeric, timestamptz and an enum (an "other" kind).
--
CREATE EXTENSION bloomfilter;
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE filters (name text PRIMARY KEY, f bloom NOT NULL);

INSERT INTO filters
SELECT 'empty', bloom_create(1000, 0.01)
UNION ALL
SELECT 'exact text', bloom_agg('v' || g) FROM generate_series(1, 5) AS g
UNION ALL
SELECT 'exact int', bloom_agg(g) FROM generate_series(1, 8) AS g
UNION ALL
SELECT 'blocks text, auto-sized', bloom_agg('url/' || g) FROM generate_series(1, 600000) AS g
UNION ALL
SELECT 'blocks int, sized', bloom_agg(g::int8, 50000, 0.001) FROM generate_series(1, 40000) AS g
UNION ALL
SELECT 'uuid', bloom_agg(md5(g::text)::uuid) FROM generate_series(1, 5000) AS g
UNION ALL
SELECT 'numeric', bloom_agg(g / 7.0) FROM generate_series(1, 5000) AS g
UNION ALL
SELECT 'timestamptz', bloom_agg(TIMESTAMPTZ '2026-01-01 00:00+00' + g * INTERVAL '1 minute')
	FROM generate_series(1, 5000) AS g
UNION ALL
SELECT 'enum', bloom_agg(m) FROM unnest(enum_range(NULL::mood)) AS m;

INSERT INTO filters
SELECT 'union', (SELECT f FROM filters WHERE name = 'exact int') |
	(SELECT f FROM filters WHERE name = 'blocks int, sized');

-- The filters named for a layout have it
DO $$
BEGIN
	IF EXISTS (SELECT FROM filters
			   WHERE (name LIKE 'exact%' AND (bloom_info(f)).layout <> 'exact')
				  OR (name LIKE 'blocks%' AND (bloom_info(f)).layout <> 'blocks'))
	THEN
		RAISE EXCEPTION 'a filter is not of the layout its name says';
	END IF;
END
$$;

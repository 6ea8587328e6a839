--
-- overloads: bloom_agg on a type that has its own hash resolves to the
-- overload declared on it (which Citus needs), and builds the same filter
-- as the anycompatible aggregate did before the overloads existed
--
CREATE DOMAIN ov_int AS int4;
CREATE DOMAIN ov_text AS varchar(20);
CREATE TYPE ov_mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE ov AS
SELECT i::int2 AS i2, i::int4 AS i4, i::int8 AS i8, i::ov_int AS dom,
	('v' || i)::varchar AS vc, ('v' || i)::text AS t, ('v' || i)::char(8) AS bp,
	('v' || i)::name AS nm, ('v' || i)::ov_text AS domtext,
	i / 4.0::float4 AS f4, i / 4.0::float8 AS f8, i / 4.0 AS num,
	md5(i::text)::uuid AS u, decode(md5(i::text), 'hex') AS by,
	date '2026-01-01' + i AS d, timestamp '2026-01-01' + i * interval '1 hour' AS ts,
	timestamptz '2026-01-01 UTC' + i * interval '1 hour' AS tstz,
	('10.0.' || (i / 256) || '.' || (i % 256))::inet AS ip,
	('10.' || (i % 256) || '.0.0/16')::cidr AS net, i % 2 = 0 AS b,
	chr(65 + i % 26)::"char" AS ch, (ARRAY['sad', 'ok', 'happy'])[1 + i % 3]::ov_mood AS mood,
	i::oid AS o
FROM generate_series(1, 1000) AS i;
INSERT INTO ov (i4) VALUES (NULL);

-- which aggregate each call resolves to, read from a view's dependencies
CREATE VIEW ov_calls AS
SELECT bloom_agg(i2) AS i2, bloom_agg(i4) AS i4, bloom_agg(i8) AS i8,
	bloom_agg(dom) AS dom, bloom_agg(vc) AS vc, bloom_agg(domtext) AS domtext,
	bloom_agg(ch) AS ch, bloom_agg(mood) AS mood, bloom_agg(o) AS o,
	bloom_agg('v1') AS literal, bloom_agg(i4, 100, 0.01) AS sized,
	bloom_agg(vc, 100, 0.01) AS sized_vc
FROM ov;
SELECT p.oid::regprocedure AS resolved_to
FROM pg_depend AS d JOIN pg_proc AS p ON p.oid = d.refobjid
WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_proc'::regclass
	AND d.objid = (SELECT oid FROM pg_rewrite WHERE ev_class = 'ov_calls'::regclass)
ORDER BY 1::text COLLATE "C";
DROP VIEW ov_calls;

-- the same filters as before the overloads: these digests were printed by
-- version 1.1 without them, where every call went to anycompatible
SELECT 'i2' AS col, md5(bloom_agg(i2)::bytea), md5(bloom_agg(i2, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'i4', md5(bloom_agg(i4)::bytea), md5(bloom_agg(i4, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'i8', md5(bloom_agg(i8)::bytea), md5(bloom_agg(i8, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'dom', md5(bloom_agg(dom)::bytea), md5(bloom_agg(dom, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'vc', md5(bloom_agg(vc)::bytea), md5(bloom_agg(vc, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 't', md5(bloom_agg(t)::bytea), md5(bloom_agg(t, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'bp', md5(bloom_agg(bp)::bytea), md5(bloom_agg(bp, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'nm', md5(bloom_agg(nm)::bytea), md5(bloom_agg(nm, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'domtext', md5(bloom_agg(domtext)::bytea), md5(bloom_agg(domtext, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'f4', md5(bloom_agg(f4)::bytea), md5(bloom_agg(f4, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'f8', md5(bloom_agg(f8)::bytea), md5(bloom_agg(f8, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'num', md5(bloom_agg(num)::bytea), md5(bloom_agg(num, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'u', md5(bloom_agg(u)::bytea), md5(bloom_agg(u, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'by', md5(bloom_agg(by)::bytea), md5(bloom_agg(by, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'd', md5(bloom_agg(d)::bytea), md5(bloom_agg(d, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'ts', md5(bloom_agg(ts)::bytea), md5(bloom_agg(ts, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'tstz', md5(bloom_agg(tstz)::bytea), md5(bloom_agg(tstz, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'ip', md5(bloom_agg(ip)::bytea), md5(bloom_agg(ip, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'net', md5(bloom_agg(net)::bytea), md5(bloom_agg(net, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'b', md5(bloom_agg(b)::bytea), md5(bloom_agg(b, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'ch', md5(bloom_agg(ch)::bytea), md5(bloom_agg(ch, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'mood', md5(bloom_agg(mood)::bytea), md5(bloom_agg(mood, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'o', md5(bloom_agg(o)::bytea), md5(bloom_agg(o, 2000, 0.01)::bytea) FROM ov
UNION ALL SELECT 'literal', md5(bloom_agg('v1')::bytea), md5(bloom_agg('v1', 2000, 0.01)::bytea)
UNION ALL SELECT 'null', md5(bloom_agg(NULL::int)::bytea), md5(bloom_agg(NULL::int, 2000, 0.01)::bytea);

-- integers of every width, and text of every string type, make one filter
SELECT count(DISTINCT f::bytea) AS integer_filters
FROM (SELECT bloom_agg(i2) AS f FROM ov UNION ALL SELECT bloom_agg(i4) FROM ov
	  UNION ALL SELECT bloom_agg(i8) FROM ov UNION ALL SELECT bloom_agg(dom) FROM ov) AS s;
SELECT count(DISTINCT f::bytea) AS string_filters
FROM (SELECT bloom_agg(vc) AS f FROM ov UNION ALL SELECT bloom_agg(t) FROM ov
	  UNION ALL SELECT bloom_agg(bp) FROM ov UNION ALL SELECT bloom_agg(nm) FROM ov
	  UNION ALL SELECT bloom_agg(domtext) FROM ov) AS s;

DROP TABLE ov;
DROP TYPE ov_mood;
DROP DOMAIN ov_int, ov_text;

-- A type with an implicit binary-coercible cast to text (citext) reaches
-- bloom_agg(text) through that cast, but its values keep their own
-- equality, as bloom_agg(anycompatible) gave them in 1.0: a
-- case-insensitive filter of citext values.  An explicit cast is the
-- user's choice: a filter of text values.
CREATE EXTENSION citext;
CREATE TABLE ov_citext (c citext);
INSERT INTO ov_citext VALUES ('Apple'), ('pear');
SELECT (bloom_info(bloom_agg(c))).value_kind AS kind,
	bloom_agg(c) @> 'APPLE'::citext AS any_case,
	(bloom_info(bloom_agg(c, 100, 0.01))).value_kind AS sized_kind
FROM ov_citext;
SELECT count(*) AS found FROM ov_citext WHERE c <@ (SELECT bloom_agg(c) FROM ov_citext);
SELECT (bloom_info(bloom_agg(c::text))).value_kind AS explicit_kind FROM ov_citext;
-- a window aggregate too (issue 24, item 5), though a WindowAgg passes no
-- Aggref: the filter of its whole frame is the plain aggregate's, and a
-- value of any case is a member
SELECT c, bloom_agg(c) OVER w = (SELECT bloom_agg(c) FROM ov_citext) AS whole_frame,
	bloom_agg(c, 100, 0.01) OVER w = (SELECT bloom_agg(c, 100, 0.01) FROM ov_citext) AS sized,
	bloom_agg(c) OVER w @> upper(c)::citext AS any_case
FROM ov_citext
WINDOW w AS (ORDER BY c ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
ORDER BY c;
-- two window aggregates on one transition function, which nothing tells
-- apart: values of one kind (a domain over text, and text), or refused
CREATE DOMAIN ov_label AS text;
ALTER TABLE ov_citext ADD COLUMN l ov_label;
UPDATE ov_citext SET l = c;
SELECT c, bloom_agg(l) OVER () = bloom_agg(c::text) OVER () AS text_alike
FROM ov_citext ORDER BY c;
SELECT bloom_agg(c) OVER (), bloom_agg(c::text) OVER () FROM ov_citext;
DROP TABLE ov_citext;
DROP DOMAIN ov_label;
DROP EXTENSION citext;

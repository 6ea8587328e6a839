--
-- nested_values.sql: values that hold an enum, at any depth, are hashed by
-- value, with the enum's label, not its OID, which a restore changes
-- (issue 24, item 1); values that hold none keep the bytes of earlier
-- builds; object identifiers shown as names are refused
--
CREATE TYPE nv_mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE nv_pair AS (n int, m nv_mood);
CREATE TYPE nv_moodrange AS RANGE (subtype = nv_mood);
CREATE DOMAIN nv_moods AS nv_mood[];
CREATE TYPE nv_deep AS (pairs nv_pair[], r nv_moodrange, t text);
CREATE TYPE nv_point AS (x int, y int, z int);
CREATE TYPE nv_labelled AS (n int, label text, tags text[]);
CREATE TYPE nv_outer AS (p nv_point, r int4range);

-- filters of values holding no enum, and of an enum: the bytes of the
-- build before issue 24 (eb0a70a), which made these same filters
SELECT 'int4[]' AS type, md5(bloom_agg(ARRAY[g, g + 1, NULL])::bytea) FROM generate_series(1, 100) g
UNION ALL SELECT 'int4[][]', md5(bloom_agg(ARRAY[[g, g + 1], [g, NULL]])::bytea) FROM generate_series(1, 100) g
UNION ALL SELECT 'text[]', md5(bloom_agg(ARRAY['v' || g, NULL, 'w'])::bytea) FROM generate_series(1, 100) g
UNION ALL SELECT 'int4range', md5(bloom_agg(int4range(g, g + 10))::bytea) FROM generate_series(1, 100) g
UNION ALL SELECT 'int4multirange', md5(bloom_agg(int4multirange(int4range(g, g + 2), int4range(g + 5, NULL)))::bytea)
	FROM generate_series(1, 100) g
UNION ALL SELECT 'nv_point', md5(bloom_agg(ROW(g, NULL, -g)::nv_point)::bytea) FROM generate_series(1, 100) g
UNION ALL SELECT 'nv_labelled', md5(bloom_agg(ROW(g, 'x' || g, ARRAY['a', NULL])::nv_labelled)::bytea)
	FROM generate_series(1, 100) g
UNION ALL SELECT 'nv_outer[]', md5(bloom_agg(ARRAY[ROW(ROW(g, g, g)::nv_point, int4range(g, NULL))::nv_outer])::bytea)
	FROM generate_series(1, 100) g
UNION ALL SELECT 'nv_mood', md5(bloom_agg(m)::bytea) FROM unnest(enum_range(NULL::nv_mood)) m
UNION ALL SELECT 'oid', md5(bloom_agg(g::oid)::bytea) FROM generate_series(1, 100) g;

-- values holding an enum: their kinds are named as their types
SELECT (bloom_info(bloom_agg(ARRAY['ok']::nv_mood[]))).value_kind AS array_kind,
	(bloom_info(bloom_agg(ROW(1, 'ok')::nv_pair))).value_kind AS composite_kind,
	(bloom_info(bloom_agg(nv_moodrange('sad', 'ok')))).value_kind AS range_kind,
	(bloom_info(bloom_agg(nv_moodmultirange()))).value_kind AS multirange_kind,
	(bloom_info(bloom_agg(ARRAY['ok']::nv_moods))).value_kind AS domain_kind,
	(bloom_info(bloom_agg(ROW(NULL, NULL, 'x')::nv_deep))).value_kind AS deep_kind;

-- the bytes of a filter of each: hashed by labels, they are the same in
-- every database, whatever the enum's OIDs
SELECT 'nv_mood[]' AS type, md5(bloom_agg(ARRAY[m, NULL, 'ok'])::bytea) FROM unnest(enum_range(NULL::nv_mood)) m
UNION ALL SELECT 'nv_pair', md5(bloom_agg(ROW(g, (enum_range(NULL::nv_mood))[1 + g % 3])::nv_pair)::bytea)
	FROM generate_series(1, 100) g
UNION ALL SELECT 'nv_moodrange', md5(bloom_agg(r)::bytea)
	FROM (VALUES (nv_moodrange('sad', 'ok')), (nv_moodrange('ok', NULL, '[]')), ('empty'::nv_moodrange)) v(r)
UNION ALL SELECT 'nv_moodmultirange', md5(bloom_agg(nv_moodmultirange(nv_moodrange('sad', 'ok'), nv_moodrange('happy', NULL)))::bytea)
UNION ALL SELECT 'nv_deep', md5(bloom_agg(ROW(ARRAY[ROW(g, 'happy')::nv_pair, NULL], nv_moodrange('sad', 'ok'), 'x' || g)::nv_deep)::bytea)
	FROM generate_series(1, 100) g;

-- object identifiers shown as names, which a restore changes, are refused
-- at any depth; oid values, which a restore keeps, are not
CREATE TYPE nv_with_regtype AS (r regtype);
SELECT bloom_agg('pg_class'::regclass);
SELECT bloom_add(bloom_create(10), ARRAY['int4'::regtype]);
SELECT bloom_agg(ROW('int4')::nv_with_regtype);
SELECT bloom_create(10) @> makeaclitem('pg_database_owner'::regrole, 'pg_database_owner'::regrole, 'SELECT', false);
SELECT bloom_agg(g::oid) @> 5::oid AS oid_member FROM generate_series(1, 10) g;

-- filters of nv_mood[] and nv_pair as bloomfilter 1.0 made them, hashed
-- by OIDs: the bytes of ones made now with the kinds 1.0 gave them (the
-- plain kinds of the names _nv_mood and nv_pair, which the build before
-- issue 24 wrote).  They are refused, not answered; the composite's, once
-- its type is renamed, is not re-tagged to the new name either
CREATE TABLE nv_old AS
SELECT overlay(bloom_agg(ARRAY['ok']::nv_mood[])::bytea PLACING '\x46db58c7'::bytea FROM 9)::bloom AS a,
	overlay(bloom_agg(ROW(1, 'ok')::nv_pair)::bytea PLACING '\xa21f48bd'::bytea FROM 9)::bloom AS p;
SELECT (bloom_info(a)).value_kind AS array_kind, (bloom_info(p)).value_kind AS composite_kind
FROM nv_old;
SELECT a @> ARRAY['ok']::nv_mood[] FROM nv_old;
SELECT bloom_add(a, ARRAY['ok']::nv_mood[]) FROM nv_old;
SELECT a | (SELECT bloom_agg(ARRAY['ok']::nv_mood[])) FROM nv_old;
SELECT p @> ROW(1, 'ok')::nv_pair FROM nv_old;

-- a composite holding an enum, renamed: the hint names bloom_retag, which
-- answers as before; a filter of one family is not re-tagged to the other
CREATE TABLE nv_pairs AS SELECT bloom_agg(ROW(1, 'ok')::nv_pair) AS f;
ALTER TYPE nv_pair RENAME TO nv_couple;
SELECT f @> ROW(1, 'ok')::nv_couple FROM nv_pairs;
SELECT bloom_retag(f, 'nv_couple') @> ROW(1, 'ok')::nv_couple AS member FROM nv_pairs;
SELECT bloom_retag(f, 'nv_point') FROM nv_pairs;
SELECT bloom_retag(p, 'nv_couple') FROM nv_old;

-- a PL/pgSQL loop keeps its call site's hashers from one round to the
-- next: an attribute whose type changed in between is an error, not read
-- as its old type (PostgreSQL 15.20 refuses the row itself before it
-- reaches the filter, with its own error; 15.18 reaches bloom_nested.c's
-- check); one added in between is left out, as NULLs are
CREATE TYPE nv_growing AS (a int, m nv_mood);
CREATE TYPE nv_retyped AS (a int, m nv_mood);
DO $$
DECLARE
	f bloom := bloom_create(10);
BEGIN
	FOR i IN 1..2 LOOP
		f := bloom_add(f, ROW(i, 'ok')::nv_growing);
		IF i = 1 THEN
			ALTER TYPE nv_growing ADD ATTRIBUTE b int;
		END IF;
	END LOOP;
	RAISE NOTICE 'added: %', f @> ROW(1, 'ok', NULL)::nv_growing AND f @> ROW(2, 'ok', NULL)::nv_growing;
END
$$;
DO $$
DECLARE
	f bloom := bloom_create(10);
BEGIN
	FOR i IN 1..2 LOOP
		f := bloom_add(f, ROW(i, 'ok')::nv_retyped);
		IF i = 1 THEN
			ALTER TYPE nv_retyped ALTER ATTRIBUTE a TYPE text;
		END IF;
	END LOOP;
	RAISE NOTICE 'read as its old type';
EXCEPTION WHEN OTHERS THEN
	RAISE NOTICE 'refused';
END
$$;

DROP TABLE nv_old, nv_pairs;
DROP TYPE nv_deep, nv_couple, nv_moodrange, nv_outer, nv_labelled, nv_point,
	nv_with_regtype, nv_growing, nv_retyped;
DROP DOMAIN nv_moods;
DROP TYPE nv_mood;

--
-- privileges.sql: bloomfilter is a trusted extension.  A role with no
-- privilege beyond CREATE on the database installs it into a schema it
-- owns and has filled with traps, and then uses every function, operator,
-- aggregate, cast and operator class.
--
-- The install script of a trusted extension runs as a superuser with the
-- target schema first on search_path, so an unqualified reference to a
-- built-in in it could run an object of the installing role with superuser
-- rights.  The traps shadow built-ins the script names; if one ran, it
-- would record itself and make the role a superuser.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE ROLE bloom_tenant NOSUPERUSER NOCREATEDB NOCREATEROLE;
DO $$
BEGIN
    EXECUTE format('GRANT CREATE ON DATABASE %I TO bloom_tenant',
                   current_database());
END
$$;

SET client_min_messages = warning;
SET ROLE bloom_tenant;
SET search_path = tenant, public;
SELECT plan(23);

CREATE SCHEMA tenant;
CREATE TABLE tenant.sprung (trap text);

-- Record that a trap ran, and try to seize the rights it ran with
CREATE FUNCTION tenant.spring(trap text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO tenant.sprung VALUES (trap);
    BEGIN
        ALTER ROLE bloom_tenant SUPERUSER;
    EXCEPTION WHEN insufficient_privilege THEN
        NULL;
    END;
END
$$;

-- Look-alikes of the built-in types and functions the script names, each
-- taking a type that an unqualified call could prefer
CREATE FUNCTION tenant.int8(integer) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('int8'); RETURN $1; END $$;
CREATE FUNCTION tenant.float8(numeric) RETURNS double precision
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('float8'); RETURN $1; END $$;
CREATE FUNCTION tenant.bytea(text) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('bytea'); RETURN $1::bytea; END $$;
CREATE FUNCTION tenant.text(integer) RETURNS text
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('text'); RETURN $1::text; END $$;
CREATE FUNCTION tenant.trap_eq(integer, integer) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('='); RETURN $1 = $2; END $$;
CREATE OPERATOR tenant.= (LEFTARG = integer, RIGHTARG = integer,
                          FUNCTION = tenant.trap_eq);

SELECT lives_ok('CREATE EXTENSION bloomfilter SCHEMA tenant',
                'a role that is not a superuser can create the extension');
SELECT is((SELECT count(*) FROM tenant.sprung), 0::bigint,
          'no trap ran while the install script did');
SELECT is((SELECT rolsuper FROM pg_roles WHERE rolname = 'bloom_tenant'), false,
          'the role is still not a superuser');

-- Every function of the extension is executable by the role
SELECT is((SELECT count(*)
             FROM pg_depend d
             JOIN pg_proc p ON p.oid = d.objid
            WHERE d.classid = 'pg_proc'::regclass
              AND d.refobjid = (SELECT oid FROM pg_extension
                                 WHERE extname = 'bloomfilter')
              AND d.deptype = 'e'
              AND NOT has_function_privilege('bloom_tenant', p.oid, 'EXECUTE')),
          0::bigint, 'the role may execute every function of the extension');

-- Filters in a table the role owns, large enough to be stored out of line
CREATE TABLE tenant.filters (id int PRIMARY KEY, f bloom);
INSERT INTO tenant.filters
SELECT 1, bloom_agg(i) FROM generate_series(1, 20000) AS i
UNION ALL
SELECT 2, bloom_agg(i) FROM generate_series(10001, 30000) AS i
UNION ALL
SELECT 3, bloom_agg(i::bigint, 1000, 0.01) FROM generate_series(1, 500) AS i;
UPDATE tenant.filters SET f = bloom_add(f, 0) WHERE id = 3;

SELECT ok((SELECT f @> 7 AND 20000 <@ f AND bloom_contains(f, 1)
                  AND bloom_contained(2, f)
             FROM tenant.filters WHERE id = 1)
          AND (SELECT f @> 0 AND f @> 500::bigint FROM tenant.filters WHERE id = 3),
          'membership: bloom_contains, bloom_contained, @> and <@');
SELECT ok((SELECT bloom_create(1000) @> 1) = false
          AND bloom_add(bloom_create(1000, 0.001), 'x'::text) @> 'x'::text,
          'bloom_create and bloom_add');
SELECT ok((SELECT (a | b) @> 1 AND (a | b) @> 30000
                  AND bloom_union(a, b) = (a | b)
                  AND (a & b) @> 15000
                  AND bloom_intersect(a, b) = (a & b)
             FROM (SELECT f AS a FROM tenant.filters WHERE id = 1) x,
                  (SELECT f AS b FROM tenant.filters WHERE id = 2) y),
          'union and intersection: functions and operators');
SELECT cmp_ok((SELECT abs((# f) - 20000) FROM tenant.filters WHERE id = 1),
              '<', 400::double precision, '# estimates the cardinality');
SELECT ok((SELECT bloom_cardinality(f) = (# f) FROM tenant.filters WHERE id = 1),
          'bloom_cardinality is #');
SELECT cmp_ok((SELECT abs(bloom_union_cardinality(a, b) - 30000)
                      + abs(bloom_intersection_cardinality(a, b) - 10000)
                      + 10000 * abs(bloom_jaccard(a, b) - 1.0 / 3)
                 FROM (SELECT f AS a FROM tenant.filters WHERE id = 1) x,
                      (SELECT f AS b FROM tenant.filters WHERE id = 2) y),
              '<', 1500::double precision, 'the pair estimators');
SELECT ok((SELECT bloom_fpr(f) > 0 AND bloom_fpr(f) < 0.02
                  AND (bloom_info(f)).value_kind = 'integer'
             FROM tenant.filters WHERE id = 1),
          'bloom_fpr and bloom_info');
SELECT ok((SELECT f::text::bloom = f AND f::bytea::bloom = f
                  AND bloom_from_bytea(f::bytea) = f
                  AND bloom_send(f) = f::bytea
                  AND bloom_in(bloom_out(f)) = f
             FROM tenant.filters WHERE id = 1),
          'text and binary forms, and the casts to and from bytea');
SELECT ok((SELECT bool_and(a.f = a.f AND (a.f <> b.f) = (a.id <> b.id)
                           AND (a.f #<# b.f) = (bloom_cmp(a.f, b.f) < 0)
                           AND (a.f #<=# b.f) = (bloom_cmp(a.f, b.f) <= 0)
                           AND (a.f #># b.f) = (bloom_cmp(a.f, b.f) > 0)
                           AND (a.f #>=# b.f) = (bloom_cmp(a.f, b.f) >= 0))
             FROM tenant.filters a, tenant.filters b),
          'equality and the ordering operators');
SELECT is((SELECT count(*) FROM (SELECT DISTINCT f FROM tenant.filters,
                                        generate_series(1, 3)) d),
          3::bigint, 'DISTINCT over filters (the btree and hash classes)');
SELECT ok((SELECT bloom_hash(f) = bloom_hash(f::bytea::bloom)
                  AND bloom_hash_extended(f, 7) = bloom_hash_extended(f::bytea::bloom, 7)
             FROM tenant.filters WHERE id = 2),
          'bloom_hash and bloom_hash_extended');
SELECT ok((SELECT bloom_union_agg(f) @> 25000 AND bloom_intersect_agg(f) @> 15000
             FROM tenant.filters WHERE id IN (1, 2)),
          'bloom_union_agg and bloom_intersect_agg');
SELECT ok((SELECT bloom_agg(i) @> 3 AND bloom_agg(i, 100, 0.01) @> 3
             FROM generate_series(1, 10) AS i),
          'bloom_agg, default-sized and sized');
SELECT throws_ok('SELECT bloom_agg_trans(NULL, 1)', '0A000', NULL,
                 'the aggregates'' support functions refuse to run outside an aggregate');

-- A later hostile search_path does not change what the functions do
SET search_path = tenant, public;
CREATE FUNCTION tenant.trap_text_eq(text, text) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM tenant.spring('text ='); RETURN $1 = $2; END $$;
CREATE OPERATOR tenant.= (LEFTARG = text, RIGHTARG = text,
                          FUNCTION = tenant.trap_text_eq);
SELECT ok((SELECT bloom_agg(v) @> 'b'::text
             FROM unnest(ARRAY['a', 'b']::text[]) AS v),
          'membership of text values under a search_path with traps');
SELECT is((SELECT count(*) FROM tenant.sprung), 0::bigint,
          'no trap ran while the extension''s functions did');

RESET ROLE;
SELECT is((SELECT extowner::regrole::text FROM pg_extension
            WHERE extname = 'bloomfilter'),
          'bloom_tenant', 'the extension belongs to the role that created it');
SELECT is((SELECT count(*) FROM pg_proc p
             JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
            WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'bloomfilter')
              AND d.deptype = 'e'
              AND p.proowner = 'bloom_tenant'::regrole),
          0::bigint, 'its functions belong to the bootstrap superuser, not to the role');
SELECT ok(NOT (SELECT rolsuper FROM pg_roles WHERE rolname = 'bloom_tenant'),
          'the role never became a superuser');

SELECT * FROM finish();
ROLLBACK;

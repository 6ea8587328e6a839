/* bloomfilter--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.1'" to load this file. \quit

-- Many values added to a filter in one write (a statement's new rows)
CREATE FUNCTION bloom_add_all(filter bloom, "values" pg_catalog.anyarray)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_add_all(bloom, pg_catalog.anyarray) IS 'the filter with every non-NULL element of the array added, in one write';

-- A filter of a renamed enum or composite type, taken as of its new name
CREATE FUNCTION bloom_retag(filter bloom, type pg_catalog.regtype)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_retag(bloom, pg_catalog.regtype) IS 'the filter of an enum or composite type, its values taken as of the type now named so (after the type was renamed)';

-- Sorting support for the btree operator class: abbreviated keys, each
-- read once from a filter's first bytes
CREATE FUNCTION bloom_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_sortsupport(pg_catalog.internal) IS 'btree support: sorting with abbreviated keys, in the order of bloom_cmp';

ALTER OPERATOR FAMILY bloom_btree_ops USING btree ADD
	FUNCTION 2 (bloom, bloom) bloom_sortsupport(pg_catalog.internal);

--
-- ANALYZE of a column of filters: PostgreSQL's statistics, and what the
-- estimates of filtercol @> x and of col <@ (SELECT f ...) read
CREATE FUNCTION bloom_typanalyze(pg_catalog.internal)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

ALTER TYPE bloom SET (ANALYZE = bloom_typanalyze);

COMMENT ON FUNCTION bloom_typanalyze(pg_catalog.internal) IS 'statistics of a column of filters: their mean size in values, false-positive rate and share holding a value';
COMMENT ON FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid, pg_catalog.internal, pg_catalog.int4) IS
'restriction selectivity of @> and <@: tests the column''s most common values against a constant filter and spreads its other members over the remaining distinct values; a filter from a subquery over a column of filters, or that column itself, is estimated from the column''s statistics';

-- bloom_agg on each type that has its own hash (the kinds table, src/bloom_kinds.c), and on
-- "char", which would otherwise be ambiguous between text (its implicit
-- cast) and anycompatible.  Citus runs an aggregate's transition function
-- itself on its workers: it requires the aggregate's declared argument type
-- to be the value's type, and passes the transition function no expression
-- to read the type from, so these transition functions are declared on the
-- type too.  They are the same C functions as for anycompatible, which
-- stays for every other type.
--

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.text)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.text) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.text) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.text) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.varchar)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.varchar) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.varchar) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.varchar) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.bpchar)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.bpchar) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.bpchar) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bpchar) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.name)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.name) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.name) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.name) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.int2)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.int2) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.int2) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int2) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.int4) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.int4) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int4) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.int8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.int8) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.int8) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int8) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.float4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.float4) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.float4) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.float4) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.float8) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.float8) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.float8) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.numeric)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.numeric) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.numeric) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.numeric) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.uuid)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.uuid) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.uuid) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.uuid) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.bytea)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.bytea) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.bytea) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bytea) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.date)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.date) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.date) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.date) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.timestamp)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.timestamp) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.timestamp) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.timestamp) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.timestamptz)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.timestamptz) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.timestamptz) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.timestamptz) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.inet)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.inet, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.inet) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.inet, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.inet) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.inet, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.inet) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.inet, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.cidr)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.cidr) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.cidr) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.cidr) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.bool)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bool, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog.bool) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.bool, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.bool) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bool, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bool) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.bool, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog."char")
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog."char", pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(pg_catalog."char") (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog."char", pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog."char") IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog."char", pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(pg_catalog."char") IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog."char", pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

--
-- What each function costs the planner (bloomfilter--1.1.sql says why):
-- the membership tests by their arguments, through a support function
--

CREATE FUNCTION bloom_membership_support(pg_catalog.internal)
RETURNS pg_catalog.internal
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_membership_support(pg_catalog.internal) IS 'planner support of bloom_contains and bloom_contained: the cost of a probe by slices for a filter read per row from a column, of a probe in memory for any other';

ALTER FUNCTION bloom_contains(bloom, pg_catalog.anycompatible)
	COST 10 SUPPORT bloom_membership_support;
ALTER FUNCTION bloom_contained(pg_catalog.anycompatible, bloom)
	COST 10 SUPPORT bloom_membership_support;
ALTER FUNCTION bloom_cardinality(bloom) COST 400;
ALTER FUNCTION bloom_fpr(bloom) COST 1000;
ALTER FUNCTION bloom_info(bloom) COST 1000;
ALTER FUNCTION bloom_union_cardinality(bloom, bloom) COST 1000;
ALTER FUNCTION bloom_intersection_cardinality(bloom, bloom) COST 1000;
ALTER FUNCTION bloom_jaccard(bloom, bloom) COST 1000;

-- src/sql/aggregates.sql: bloom_agg, with an overload on each type of the
-- list agg, bloom_union_agg and bloom_intersect_agg (the update from 1.0
-- makes them again)

--
-- Aggregates: the state is the bloom type itself, an expanded object that
-- flattens to a valid filter, so partial aggregation works under parallel
-- query, partitionwise aggregation and Citus
--

-- not STRICT: either state may be NULL
CREATE FUNCTION bloom_agg_combine(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_combine' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: no rows give an empty filter, not NULL
CREATE FUNCTION bloom_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: the first filter becomes the state
CREATE FUNCTION bloom_intersect_agg_trans(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_intersect_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- the same C function as bloom_agg_final, but STRICT: the intersection of
-- no filters is NULL, not an empty filter
CREATE FUNCTION bloom_intersect_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_final' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_agg_combine(bloom, bloom) IS 'bloom_agg combine function, bloom_union_agg transition and combine function';
COMMENT ON FUNCTION bloom_agg_final(bloom) IS 'bloom_agg and bloom_union_agg final function';
COMMENT ON FUNCTION bloom_intersect_agg_trans(bloom, bloom) IS 'bloom_intersect_agg transition and combine function';
COMMENT ON FUNCTION bloom_intersect_agg_final(bloom) IS 'bloom_intersect_agg final function';

-- SSPACE: a typical state, so that the planner does not hash-aggregate
-- a great many groups of filters in memory
CREATE AGGREGATE bloom_union_agg(bloom) (
	SFUNC = bloom_agg_combine,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_intersect_agg(bloom) (
	SFUNC = bloom_intersect_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_intersect_agg_trans,
	FINALFUNC = bloom_intersect_agg_final,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE bloom_union_agg(bloom) IS 'union of the non-NULL filters';
COMMENT ON AGGREGATE bloom_intersect_agg(bloom) IS 'intersection of the non-NULL filters (NULL if there are none)';

--
-- bloom_agg on anycompatible, and on each type that has its own hash (the
-- kinds table, src/bloom_kinds.c) and "char" (src/sql/types says why).
-- Citus runs an aggregate's transition function itself on its workers: it
-- requires the aggregate's declared argument type to be the value's type,
-- and passes the transition function no expression to read the type from,
-- so these transition functions are declared on the type too.  They are
-- the same C functions as for anycompatible, which stays for every other
-- type.  Transition functions are not STRICT: the first non-NULL value
-- creates the state (the first row, NULL value or not, a sized one's).
-- SSPACE of the sized ones: a small filter's (8 kB holds 6,000 values at
-- 1%), the state of a GROUP BY of many groups; at 64 kB the planner sorted
-- 50,000 groups of bloom_agg(item, 1000, 0.01) in a parallel plan, 1.5
-- times the hashed array_agg form (issue 31), and a hash aggregate spills
-- the groups that do not fit in memory (bench/sql/sizing-once).
--

-- @foreach agg
CREATE FUNCTION bloom_agg_trans(bloom, @TYPE@)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_agg(@TYPE@) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 8192,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_agg_trans(bloom, @TYPE@) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON AGGREGATE bloom_agg(@TYPE@) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';
-- @end

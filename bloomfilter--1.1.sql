/* bloomfilter--1.1.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION bloomfilter" to load this file. \quit

-- Every C function is named bloomfilter_*, a prefix no PostgreSQL server
-- uses for its own functions (src/bloom_names_1_0.c says why)

--
-- The bloom type
--

CREATE TYPE bloom;

CREATE FUNCTION bloom_in(pg_catalog.cstring)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_out(bloom)
RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME', 'bloomfilter_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_recv(pg_catalog.internal)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_send(bloom)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'bloomfilter_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ANALYZE of a column of filters: PostgreSQL's statistics, and what the
-- estimates of filtercol @> x and of col <@ (SELECT f ...) read
CREATE FUNCTION bloom_typanalyze(pg_catalog.internal)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_typanalyze' LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- STORAGE external: a bit array does not compress, and an uncompressed
-- out-of-line value has a TOAST pointer that the membership cache keys on
CREATE TYPE bloom (
	INPUT = bloom_in,
	OUTPUT = bloom_out,
	RECEIVE = bloom_recv,
	SEND = bloom_send,
	ANALYZE = bloom_typanalyze,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = external
);

COMMENT ON TYPE bloom IS 'split-block Bloom filter: a set of values answering "possibly in" or "definitely not"';
COMMENT ON FUNCTION bloom_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION bloom_out(bloom) IS 'I/O';
COMMENT ON FUNCTION bloom_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION bloom_send(bloom) IS 'I/O';
COMMENT ON FUNCTION bloom_typanalyze(pg_catalog.internal) IS 'statistics of a column of filters: their mean size in values, false-positive rate and share holding a value';

--
-- Casts to and from bytea: the same bytes; the way in validates them
--

CREATE FUNCTION bloom_from_bytea(pg_catalog.bytea)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_from_bytea(pg_catalog.bytea) IS 'cast from bytea, validating the bytes';

CREATE CAST (bloom AS pg_catalog.bytea) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.bytea AS bloom) WITH FUNCTION bloom_from_bytea(pg_catalog.bytea);

COMMENT ON CAST (bloom AS pg_catalog.bytea) IS 'the serialized filter';
COMMENT ON CAST (pg_catalog.bytea AS bloom) IS 'a serialized filter, validated';

--
-- Functions
--
-- COST (in units of cpu_operator_cost) says what a test or an estimate
-- reads, so that cheaper conditions run first: 1000 for the estimates and
-- descriptions that read whole filters (a stored filter of 8 kB takes
-- about that long to read, a larger one longer, one the same call site
-- read before less), 400 for bloom_cardinality, which reads a header (of
-- a stored filter, one fetch from its TOAST table), and 10, a probe in
-- memory, for the membership tests, whose support function tells the
-- planner when a test probes a stored filter by slices instead.  The
-- functions that make filters, input and output, casts and comparisons
-- keep the default: a new filter costs what its use does.
--

CREATE FUNCTION bloom_create(capacity pg_catalog.int8, fpr pg_catalog.float8 DEFAULT 0.01)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_create' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_create(pg_catalog.int8, pg_catalog.float8) IS 'an empty filter sized for capacity distinct values at false-positive rate fpr';

CREATE FUNCTION bloom_add(filter bloom, value pg_catalog.anycompatible)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_add' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_add(bloom, pg_catalog.anycompatible) IS 'the filter with the value added';

CREATE FUNCTION bloom_add_all(filter bloom, "values" pg_catalog.anyarray)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_add_all' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_add_all(bloom, pg_catalog.anyarray) IS 'the filter with every non-NULL element of the array added, in one write';

CREATE FUNCTION bloom_retag(filter bloom, type pg_catalog.regtype)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_retag' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_retag(bloom, pg_catalog.regtype) IS 'the filter of an enum or composite type, its values taken as of the type now named so (after the type was renamed)';

-- The planner's cost of a membership test: a probe by slices of a filter
-- read per row from a column, a probe in memory of any other
CREATE FUNCTION bloom_membership_support(pg_catalog.internal)
RETURNS pg_catalog.internal
AS 'MODULE_PATHNAME', 'bloomfilter_membership_support' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_membership_support(pg_catalog.internal) IS 'planner support of bloom_contains and bloom_contained: the cost of a probe by slices for a filter read per row from a column, of a probe in memory for any other';

-- COST: of a probe in memory; the support function tells the planner
-- when it is a probe by slices
CREATE FUNCTION bloom_contains(filter bloom, value pg_catalog.anycompatible)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 10 SUPPORT bloom_membership_support;

COMMENT ON FUNCTION bloom_contains(bloom, pg_catalog.anycompatible) IS 'false if the value was never added; true if it probably was';

CREATE FUNCTION bloom_contained(value pg_catalog.anycompatible, filter bloom)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 10 SUPPORT bloom_membership_support;

COMMENT ON FUNCTION bloom_contained(pg_catalog.anycompatible, bloom) IS 'bloom_contains with the arguments swapped; implementation of <@';

CREATE FUNCTION bloom_fpr(filter bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_fpr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_fpr(bloom) IS 'probability that a value never added tests positive, for the filter as it is now';

-- STABLE: names the kind of value from pg_type
CREATE FUNCTION bloom_info(filter bloom,
	OUT version pg_catalog.int4,
	OUT layout pg_catalog.text,
	OUT hash pg_catalog.text,
	OUT bytes pg_catalog.int8,
	OUT bits pg_catalog.int8,
	OUT blocks pg_catalog.int8,
	OUT bits_set pg_catalog.int8,
	OUT fill_ratio pg_catalog.float8,
	OUT hashes pg_catalog.int8,
	OUT capacity pg_catalog.int8,
	OUT target_fpr pg_catalog.float8,
	OUT auto_sized pg_catalog.bool,
	OUT cardinality pg_catalog.float8,
	OUT fpr pg_catalog.float8,
	OUT value_kind pg_catalog.text,
	OUT cardinality_stderr pg_catalog.float8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_info' LANGUAGE C STABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_info(bloom) IS 'one row describing the filter: format, size, fill, sizing, estimates and kind of value';

--
-- Union, intersection and estimates
--

CREATE FUNCTION bloom_union(a bloom, b bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_union(bloom, bloom) IS 'filter of the values added to either filter; the larger is folded down to the smaller';

CREATE FUNCTION bloom_intersect(a bloom, b bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_intersect' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_intersect(bloom, bloom) IS 'filter of the values added to both filters (and, at the rate bloom_fpr reports, some added to neither)';

CREATE FUNCTION bloom_cardinality(filter bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 400;

COMMENT ON FUNCTION bloom_cardinality(bloom) IS 'estimated number of distinct values added (Infinity if every bit is set)';

CREATE FUNCTION bloom_union_cardinality(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_union_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_union_cardinality(bloom, bloom) IS 'estimated number of distinct values added to either filter';

CREATE FUNCTION bloom_intersection_cardinality(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_intersection_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_intersection_cardinality(bloom, bloom) IS 'estimated number of distinct values added to both filters, by inclusion-exclusion';

CREATE FUNCTION bloom_jaccard(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_jaccard' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_jaccard(bloom, bloom) IS 'estimated Jaccard similarity: intersection size over union size';

-- Each estimate with its confidence interval: (estimate, lower, upper)
CREATE FUNCTION bloom_cardinality_bounds(filter bloom,
	confidence pg_catalog.float8 DEFAULT 0.95,
	OUT estimate pg_catalog.float8,
	OUT lower pg_catalog.float8,
	OUT upper pg_catalog.float8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_cardinality_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 400;

COMMENT ON FUNCTION bloom_cardinality_bounds(bloom, pg_catalog.float8) IS 'bloom_cardinality with its confidence interval at the given confidence';

CREATE FUNCTION bloom_union_cardinality_bounds(a bloom, b bloom,
	confidence pg_catalog.float8 DEFAULT 0.95,
	OUT estimate pg_catalog.float8,
	OUT lower pg_catalog.float8,
	OUT upper pg_catalog.float8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_union_cardinality_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_union_cardinality_bounds(bloom, bloom, pg_catalog.float8) IS 'bloom_union_cardinality with its confidence interval at the given confidence';

CREATE FUNCTION bloom_intersection_cardinality_bounds(a bloom, b bloom,
	confidence pg_catalog.float8 DEFAULT 0.95,
	OUT estimate pg_catalog.float8,
	OUT lower pg_catalog.float8,
	OUT upper pg_catalog.float8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_intersection_cardinality_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_intersection_cardinality_bounds(bloom, bloom, pg_catalog.float8) IS 'bloom_intersection_cardinality with its confidence interval at the given confidence';

CREATE FUNCTION bloom_jaccard_bounds(a bloom, b bloom,
	confidence pg_catalog.float8 DEFAULT 0.95,
	OUT estimate pg_catalog.float8,
	OUT lower pg_catalog.float8,
	OUT upper pg_catalog.float8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_jaccard_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_jaccard_bounds(bloom, bloom, pg_catalog.float8) IS 'bloom_jaccard with its confidence interval at the given confidence';

--
-- Comparison, for "=", GROUP BY, DISTINCT and UNION
--

CREATE FUNCTION bloom_eq(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_ne(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_lt(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_le(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_gt(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_ge(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'bloomfilter_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_cmp(bloom, bloom) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'bloomfilter_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
AS 'MODULE_PATHNAME', 'bloomfilter_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_hash(bloom) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'bloomfilter_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_hash_extended(bloom, pg_catalog.int8) RETURNS pg_catalog.int8
AS 'MODULE_PATHNAME', 'bloomfilter_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_eq(bloom, bloom) IS 'implementation of = operator';
COMMENT ON FUNCTION bloom_ne(bloom, bloom) IS 'implementation of <> operator';
COMMENT ON FUNCTION bloom_lt(bloom, bloom) IS 'implementation of #<# operator';
COMMENT ON FUNCTION bloom_le(bloom, bloom) IS 'implementation of #<=# operator';
COMMENT ON FUNCTION bloom_gt(bloom, bloom) IS 'implementation of #># operator';
COMMENT ON FUNCTION bloom_ge(bloom, bloom) IS 'implementation of #>=# operator';
COMMENT ON FUNCTION bloom_cmp(bloom, bloom) IS 'btree support: order of serialized bytes';
COMMENT ON FUNCTION bloom_sortsupport(pg_catalog.internal) IS 'btree support: sorting with abbreviated keys, in the order of bloom_cmp';
COMMENT ON FUNCTION bloom_hash(bloom) IS 'hash support';
COMMENT ON FUNCTION bloom_hash_extended(bloom, pg_catalog.int8) IS 'hash support';

--
-- Aggregates: the state is the bloom type itself, an expanded object that
-- flattens to a valid filter, so partial aggregation works under parallel
-- query, partitionwise aggregation and Citus
--

-- not STRICT: creates the state on the first non-NULL value
CREATE FUNCTION bloom_agg_trans(bloom, pg_catalog.anycompatible)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: creates the state on the first row, NULL value or not
CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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

COMMENT ON FUNCTION bloom_agg_trans(bloom, pg_catalog.anycompatible) IS 'bloom_agg transition function';
COMMENT ON FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) IS 'bloom_agg transition function, sized';
COMMENT ON FUNCTION bloom_agg_combine(bloom, bloom) IS 'bloom_agg combine function, bloom_union_agg transition and combine function';
COMMENT ON FUNCTION bloom_agg_final(bloom) IS 'bloom_agg and bloom_union_agg final function';
COMMENT ON FUNCTION bloom_intersect_agg_trans(bloom, bloom) IS 'bloom_intersect_agg transition and combine function';
COMMENT ON FUNCTION bloom_intersect_agg_final(bloom) IS 'bloom_intersect_agg final function';

-- SSPACE: a typical state, so that the planner does not hash-aggregate
-- a great many groups of filters in memory
CREATE AGGREGATE bloom_agg(pg_catalog.anycompatible) (
	SFUNC = bloom_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_agg_final,
	PARALLEL = SAFE
);

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
COMMENT ON AGGREGATE bloom_agg(pg_catalog.anycompatible) IS 'filter of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) IS 'filter of the non-NULL values, sized like bloom_create(capacity, fpr)';

--
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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.inet, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.bool, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
AS 'MODULE_PATHNAME', 'bloomfilter_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog."char", pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
-- Operators
--

-- The planner's estimate of the share of rows a membership test keeps
CREATE FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid,
	pg_catalog.internal, pg_catalog.int4)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_membership_sel' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid, pg_catalog.internal, pg_catalog.int4) IS
'restriction selectivity of @> and <@: tests the column''s most common values against a constant filter and spreads its other members over the remaining distinct values; a filter from a subquery over a column of filters, or that column itself, is estimated from the column''s statistics';

-- No bloom @> bloom: it would capture f @> 'literal' as a bloom input
CREATE OPERATOR @> (
	LEFTARG = bloom,
	RIGHTARG = pg_catalog.anycompatible,
	FUNCTION = bloom_contains,
	COMMUTATOR = <@,
	RESTRICT = bloom_membership_sel
);

CREATE OPERATOR <@ (
	LEFTARG = pg_catalog.anycompatible,
	RIGHTARG = bloom,
	FUNCTION = bloom_contained,
	COMMUTATOR = @>,
	RESTRICT = bloom_membership_sel
);

CREATE OPERATOR | (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_union,
	COMMUTATOR = |
);

CREATE OPERATOR & (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_intersect,
	COMMUTATOR = &
);

CREATE OPERATOR # (
	RIGHTARG = bloom,
	FUNCTION = bloom_cardinality
);

CREATE OPERATOR = (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel,
	JOIN = pg_catalog.eqjoinsel,
	HASHES,
	MERGES
);

CREATE OPERATOR <> (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = pg_catalog.neqsel,
	JOIN = pg_catalog.neqjoinsel
);

-- The ordering operators exist only for the btree operator class: the
-- order of the serialized bytes means nothing else, hence the odd names
CREATE OPERATOR #<# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_lt,
	COMMUTATOR = #>#, NEGATOR = #>=#,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR #<=# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_le,
	COMMUTATOR = #>=#, NEGATOR = #>#,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR #># (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_gt,
	COMMUTATOR = #<#, NEGATOR = #<=#,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR #>=# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_ge,
	COMMUTATOR = #<=#, NEGATOR = #<#,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

COMMENT ON OPERATOR @> (bloom, pg_catalog.anycompatible) IS 'false if the value was never added to the filter; true if it probably was';
COMMENT ON OPERATOR <@ (pg_catalog.anycompatible, bloom) IS 'false if the value was never added to the filter; true if it probably was';
COMMENT ON OPERATOR | (bloom, bloom) IS 'union';
COMMENT ON OPERATOR & (bloom, bloom) IS 'intersection';
COMMENT ON OPERATOR # (NONE, bloom) IS 'estimated number of distinct values added';
COMMENT ON OPERATOR = (bloom, bloom) IS 'same filter';
COMMENT ON OPERATOR <> (bloom, bloom) IS 'different filters';
COMMENT ON OPERATOR #<# (bloom, bloom) IS 'sorts before, for the btree operator class only';
COMMENT ON OPERATOR #<=# (bloom, bloom) IS 'sorts before or is equal, for the btree operator class only';
COMMENT ON OPERATOR #># (bloom, bloom) IS 'sorts after, for the btree operator class only';
COMMENT ON OPERATOR #>=# (bloom, bloom) IS 'sorts after or is equal, for the btree operator class only';

--
-- Operator classes
--

CREATE OPERATOR CLASS bloom_btree_ops
DEFAULT FOR TYPE bloom USING btree AS
	OPERATOR 1 #<#,
	OPERATOR 2 #<=#,
	OPERATOR 3 =,
	OPERATOR 4 #>=#,
	OPERATOR 5 #>#,
	FUNCTION 1 bloom_cmp(bloom, bloom);

-- Sorting support, a member of the family as the update from 1.0 adds it
ALTER OPERATOR FAMILY bloom_btree_ops USING btree ADD
	FUNCTION 2 (bloom, bloom) bloom_sortsupport(pg_catalog.internal);

CREATE OPERATOR CLASS bloom_hash_ops
DEFAULT FOR TYPE bloom USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 bloom_hash(bloom),
	FUNCTION 2 bloom_hash_extended(bloom, pg_catalog.int8);

--
-- Parquet mode: filters whose bits are those Parquet writers and readers
-- compute (doc/parquet.md).  The hash is chosen when a filter is built:
-- bloom_create's hash argument, or bloom_parquet_agg
--

CREATE FUNCTION bloom_create(capacity pg_catalog.int8, fpr pg_catalog.float8, hash pg_catalog.text)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_create' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_create(pg_catalog.int8, pg_catalog.float8, pg_catalog.text) IS 'an empty filter sized for capacity distinct values at false-positive rate fpr, of the hash named: xxh3_64 (the default) or parquet';

CREATE FUNCTION bloom_to_parquet(filter bloom)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'bloomfilter_to_parquet' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

CREATE FUNCTION bloom_to_parquet(filter bloom, num_bytes pg_catalog.int4)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'bloomfilter_to_parquet' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

-- STABLE: reads the type's definition (a domain's precision and scale)
CREATE FUNCTION bloom_from_parquet(bytes pg_catalog.bytea, value_type pg_catalog.regtype)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_from_parquet' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_to_parquet(bloom) IS 'a filter in Parquet mode as a Parquet column chunk stores one: Thrift BloomFilterHeader, then the blocks';
COMMENT ON FUNCTION bloom_to_parquet(bloom, pg_catalog.int4) IS 'a filter in Parquet mode as a Parquet column chunk stores one, of num_bytes bytes of blocks (folded or repeated)';
COMMENT ON FUNCTION bloom_from_parquet(pg_catalog.bytea, pg_catalog.regtype) IS 'the filter of a Parquet column chunk (header and blocks), holding values of value_type';

-- not STRICT: creates the state on the first non-NULL value
CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.anycompatible)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: creates the state on the first row, NULL value or not
CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: no rows give an empty filter in Parquet mode, not NULL
CREATE FUNCTION bloom_parquet_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.anycompatible) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON FUNCTION bloom_parquet_agg_final(bloom) IS 'bloom_parquet_agg final function';

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.anycompatible) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.anycompatible) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

-- bloom_parquet_agg on each type that has a Parquet form, as bloom_agg has
-- its overloads (for Citus: doc/citus.md)

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.text)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.text) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.text) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.text) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.varchar)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.varchar) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.varchar) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.varchar) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.bpchar)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.bpchar) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.bpchar) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.bpchar) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.name)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.name) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.name) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.name) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int2)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int2) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int2) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int2) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int4) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int4) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int4) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int8) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.int8) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int8) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.float4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.float4) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.float4) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.float4) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.float8) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.numeric)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.numeric) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.numeric) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.numeric) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.uuid)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.uuid) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.uuid) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.uuid) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.bytea)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.bytea) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.bytea) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.bytea) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.date)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.date) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.date) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.date) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.timestamp)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.timestamp) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.timestamp) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.timestamp) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

CREATE FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.timestamptz)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.timestamptz) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, pg_catalog.timestamptz) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.timestamptz) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';

--
-- Filters kept in parts by block range: a whole filter of B blocks cut into
-- P parts of B / P blocks, each an ordinary bloom value that holds the
-- values of its range, kept one part a row (doc/partitioned.md).
-- bloom_part_of hashes a value, at the default cost, below a probe's: a
-- condition on a value's part runs before a test of the part
--

CREATE FUNCTION bloom_part_of(value pg_catalog.anycompatible, capacity pg_catalog.int8,
	fpr pg_catalog.float8, parts pg_catalog.int4)
RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'bloomfilter_part_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_part_of(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part, from 0, of the filter sized for capacity values at rate fpr and kept in parts parts, that the value belongs to';

CREATE FUNCTION bloom_part_create(capacity pg_catalog.int8, fpr pg_catalog.float8,
	parts pg_catalog.int4, part pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_create' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_part_create(pg_catalog.int8, pg_catalog.float8, pg_catalog.int4, pg_catalog.int4) IS 'the empty part number part, from 0, of the filter sized for capacity values at rate fpr and kept in parts parts';

CREATE FUNCTION bloom_split(whole bloom, parts pg_catalog.int4,
	OUT part pg_catalog.int4, OUT filter bloom)
RETURNS SETOF pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_split' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 1000;

COMMENT ON FUNCTION bloom_split(bloom, pg_catalog.int4) IS 'the filter cut into parts parts by block range, one row per part';

CREATE FUNCTION bloom_part_info(filter bloom,
	OUT part pg_catalog.int4,
	OUT parts pg_catalog.int4,
	OUT whole_blocks pg_catalog.int8)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME', 'bloomfilter_part_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
COST 400;

COMMENT ON FUNCTION bloom_part_info(bloom) IS 'which part the filter is, of how many, and the block count of its whole (NULLs for a filter that is no part)';

-- not STRICT: creates the state on the first non-NULL value, whose part
-- it is
CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8,
	pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- the same C function as bloom_agg_final, but STRICT: a group of NULLs
-- has no part, and no parts no whole
CREATE FUNCTION bloom_part_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_final' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- not STRICT: the first part makes the whole
CREATE FUNCTION bloom_assemble_agg_trans(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_assemble_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON FUNCTION bloom_part_agg_final(bloom) IS 'bloom_part_agg and bloom_assemble_agg final function';
COMMENT ON FUNCTION bloom_assemble_agg_trans(bloom, bloom) IS 'bloom_assemble_agg transition function';

-- SSPACE: a part is small (an add rewrites it), and a hash aggregate keeps
-- no more groups in memory than fit at SSPACE each: a larger guess would
-- spill the parts of a filter that fits in work_mem
CREATE AGGREGATE bloom_part_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_assemble_agg(bloom) (
	SFUNC = bloom_assemble_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';
COMMENT ON AGGREGATE bloom_assemble_agg(bloom) IS 'the whole filter that the parts are of, where it fits in one value';

-- bloom_part_agg on each type bloom_agg has an overload on, for Citus, as
-- bloom_agg's overloads are

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.text, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.text, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.varchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.bpchar, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.name, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.name, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int2, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.int2, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.int4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.int8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.int8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.float4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.float4, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.float8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.float8, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.numeric, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.uuid, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.bytea, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.date, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.date, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.timestamp, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.timestamptz, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.inet, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.inet, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.inet, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.inet, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.cidr, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bool, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog.bool, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog.bool, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog.bool, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

CREATE FUNCTION bloom_part_agg_trans(bloom, pg_catalog."char", pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(pg_catalog."char", pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, pg_catalog."char", pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(pg_catalog."char", pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';

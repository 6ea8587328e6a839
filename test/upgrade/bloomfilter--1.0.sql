/* bloomfilter--1.0.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION bloomfilter" to load this file. \quit

--
-- The bloom type
--

CREATE TYPE bloom;

CREATE FUNCTION bloom_in(pg_catalog.cstring)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_out(bloom)
RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_recv(pg_catalog.internal)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bloom_send(bloom)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- STORAGE external: a bit array does not compress, and an uncompressed
-- out-of-line value has a TOAST pointer that the membership cache keys on
CREATE TYPE bloom (
	INPUT = bloom_in,
	OUTPUT = bloom_out,
	RECEIVE = bloom_recv,
	SEND = bloom_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = external
);

COMMENT ON TYPE bloom IS 'split-block Bloom filter: a set of values answering "possibly in" or "definitely not"';
COMMENT ON FUNCTION bloom_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION bloom_out(bloom) IS 'I/O';
COMMENT ON FUNCTION bloom_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION bloom_send(bloom) IS 'I/O';

--
-- Casts to and from bytea: the same bytes; the way in validates them
--

CREATE FUNCTION bloom_from_bytea(pg_catalog.bytea)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_from_bytea(pg_catalog.bytea) IS 'cast from bytea, validating the bytes';

CREATE CAST (bloom AS pg_catalog.bytea) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.bytea AS bloom) WITH FUNCTION bloom_from_bytea(pg_catalog.bytea);

COMMENT ON CAST (bloom AS pg_catalog.bytea) IS 'the serialized filter';
COMMENT ON CAST (pg_catalog.bytea AS bloom) IS 'a serialized filter, validated';

--
-- Functions
--

CREATE FUNCTION bloom_create(capacity pg_catalog.int8, fpr pg_catalog.float8 DEFAULT 0.01)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_create(pg_catalog.int8, pg_catalog.float8) IS 'an empty filter sized for capacity distinct values at false-positive rate fpr';

CREATE FUNCTION bloom_add(filter bloom, value pg_catalog.anycompatible)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_add(bloom, pg_catalog.anycompatible) IS 'the filter with the value added';

CREATE FUNCTION bloom_contains(filter bloom, value pg_catalog.anycompatible)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_contains(bloom, pg_catalog.anycompatible) IS 'false if the value was never added; true if it probably was';

CREATE FUNCTION bloom_contained(value pg_catalog.anycompatible, filter bloom)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_contained(pg_catalog.anycompatible, bloom) IS 'bloom_contains with the arguments swapped; implementation of <@';

CREATE FUNCTION bloom_fpr(filter bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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
	OUT value_kind pg_catalog.text)
RETURNS pg_catalog.record
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_info(bloom) IS 'one row describing the filter: format, size, fill, sizing, estimates and kind of value';

--
-- Union, intersection and estimates
--

CREATE FUNCTION bloom_union(a bloom, b bloom)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_union(bloom, bloom) IS 'filter of the values added to either filter; the larger is folded down to the smaller';

CREATE FUNCTION bloom_intersect(a bloom, b bloom)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_intersect(bloom, bloom) IS 'filter of the values added to both filters (and, at the rate bloom_fpr reports, some added to neither)';

CREATE FUNCTION bloom_cardinality(filter bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_cardinality(bloom) IS 'estimated number of distinct values added (Infinity if every bit is set)';

CREATE FUNCTION bloom_union_cardinality(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_union_cardinality(bloom, bloom) IS 'estimated number of distinct values added to either filter';

CREATE FUNCTION bloom_intersection_cardinality(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_intersection_cardinality(bloom, bloom) IS 'estimated number of distinct values added to both filters, by inclusion-exclusion';

CREATE FUNCTION bloom_jaccard(a bloom, b bloom)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_jaccard(bloom, bloom) IS 'estimated Jaccard similarity: intersection size over union size';

--
-- Comparison, for "=", GROUP BY, DISTINCT and UNION
--

CREATE FUNCTION bloom_eq(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_ne(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_lt(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_le(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_gt(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_ge(bloom, bloom) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_cmp(bloom, bloom) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_hash(bloom) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_hash_extended(bloom, pg_catalog.int8) RETURNS pg_catalog.int8
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_eq(bloom, bloom) IS 'implementation of = operator';
COMMENT ON FUNCTION bloom_ne(bloom, bloom) IS 'implementation of <> operator';
COMMENT ON FUNCTION bloom_lt(bloom, bloom) IS 'implementation of #<# operator';
COMMENT ON FUNCTION bloom_le(bloom, bloom) IS 'implementation of #<=# operator';
COMMENT ON FUNCTION bloom_gt(bloom, bloom) IS 'implementation of #># operator';
COMMENT ON FUNCTION bloom_ge(bloom, bloom) IS 'implementation of #>=# operator';
COMMENT ON FUNCTION bloom_cmp(bloom, bloom) IS 'btree support: order of serialized bytes';
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
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: creates the state on the first row, NULL value or not
CREATE FUNCTION bloom_agg_sized_trans(bloom, pg_catalog.anycompatible, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: either state may be NULL
CREATE FUNCTION bloom_agg_combine(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: no rows give an empty filter, not NULL
CREATE FUNCTION bloom_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- not STRICT: the first filter becomes the state
CREATE FUNCTION bloom_intersect_agg_trans(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- the same C function as bloom_agg_final, but STRICT: the intersection of
-- no filters is NULL, not an empty filter
CREATE FUNCTION bloom_intersect_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloom_agg_final' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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
-- Operators
--

-- The planner's estimate of the share of rows a membership test keeps
CREATE FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid,
	pg_catalog.internal, pg_catalog.int4)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid, pg_catalog.internal, pg_catalog.int4) IS
'restriction selectivity of @> and <@: tests the column''s most common values against a constant filter and spreads its other members over the remaining distinct values';

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

CREATE OPERATOR CLASS bloom_hash_ops
DEFAULT FOR TYPE bloom USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 bloom_hash(bloom),
	FUNCTION 2 bloom_hash_extended(bloom, pg_catalog.int8);

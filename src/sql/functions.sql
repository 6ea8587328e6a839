-- src/sql/functions.sql: the functions on filters, and their comparison
-- and hashing (the update from 1.0 makes them again)

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

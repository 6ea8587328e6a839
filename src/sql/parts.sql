-- src/sql/parts.sql: filters kept in parts, and bloom_part_agg with an
-- overload on each type of the list agg

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

-- the same C function as bloom_agg_final, but STRICT: a group of NULLs
-- has no part, and no parts no whole
CREATE FUNCTION bloom_part_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_agg_final' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- not STRICT: the first part makes the whole
CREATE FUNCTION bloom_assemble_agg_trans(bloom, bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_assemble_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION bloom_part_agg_final(bloom) IS 'bloom_part_agg and bloom_assemble_agg final function';
COMMENT ON FUNCTION bloom_assemble_agg_trans(bloom, bloom) IS 'bloom_assemble_agg transition function';

CREATE AGGREGATE bloom_assemble_agg(bloom) (
	SFUNC = bloom_assemble_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE bloom_assemble_agg(bloom) IS 'the whole filter that the parts are of, where it fits in one value';

-- bloom_part_agg on anycompatible and on each type bloom_agg has an
-- overload on, for Citus, as bloom_agg's overloads are.  The transition
-- function is not STRICT: it creates the state on the first non-NULL
-- value, whose part it is.  SSPACE: a part is small (an add rewrites it),
-- and a hash aggregate keeps no more groups in memory than fit at SSPACE
-- each: a larger guess would spill the parts of a filter that fits in
-- work_mem

-- @foreach agg
CREATE FUNCTION bloom_part_agg_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_part_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_part_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) (
	SFUNC = bloom_part_agg_trans,
	STYPE = bloom,
	SSPACE = 4096,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_part_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_part_agg_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'bloom_part_agg transition function';
COMMENT ON AGGREGATE bloom_part_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8, pg_catalog.int4) IS 'the part of the filter sized for capacity values at rate fpr and kept in parts parts that holds the non-NULL values, all of one part (group by bloom_part_of)';
-- @end

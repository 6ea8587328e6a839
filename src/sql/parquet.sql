-- src/sql/parquet.sql: Parquet mode, and bloom_parquet_agg with an overload
-- on each type of the list parquet

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

-- not STRICT: no rows give an empty filter in Parquet mode, not NULL
CREATE FUNCTION bloom_parquet_agg_final(bloom)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION bloom_parquet_agg_final(bloom) IS 'bloom_parquet_agg final function';

-- bloom_parquet_agg on anycompatible and on each type that has a Parquet
-- form, as bloom_agg has its overloads (for Citus: doc/citus.md); the
-- transition functions are not STRICT, and the sized ones' SSPACE is a
-- small filter's, as bloom_agg's (aggregates.sql says why)

-- @foreach parquet
CREATE FUNCTION bloom_parquet_agg_trans(bloom, @TYPE@)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION bloom_parquet_agg_sized_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_parquet_agg_sized_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE bloom_parquet_agg(@TYPE@) (
	SFUNC = bloom_parquet_agg_trans,
	STYPE = bloom,
	SSPACE = 65536,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

CREATE AGGREGATE bloom_parquet_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8) (
	SFUNC = bloom_parquet_agg_sized_trans,
	STYPE = bloom,
	SSPACE = 8192,
	COMBINEFUNC = bloom_agg_combine,
	FINALFUNC = bloom_parquet_agg_final,
	PARALLEL = SAFE
);

COMMENT ON FUNCTION bloom_parquet_agg_trans(bloom, @TYPE@) IS 'bloom_parquet_agg transition function';
COMMENT ON FUNCTION bloom_parquet_agg_sized_trans(bloom, @TYPE@, pg_catalog.int8, pg_catalog.float8) IS 'bloom_parquet_agg transition function, sized';
COMMENT ON AGGREGATE bloom_parquet_agg(@TYPE@) IS 'filter in Parquet mode of the non-NULL values, sized from their distinct count for a 1% false-positive rate';
COMMENT ON AGGREGATE bloom_parquet_agg(@TYPE@, pg_catalog.int8, pg_catalog.float8) IS 'filter in Parquet mode of the non-NULL values, sized like bloom_create(capacity, fpr, hash => ''parquet'')';
-- @end

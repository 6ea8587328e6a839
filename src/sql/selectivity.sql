-- src/sql/selectivity.sql: the planner's estimate of @> and <@ (the update
-- from 1.0 makes it again)

-- The planner's estimate of the share of rows a membership test keeps
CREATE FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid,
	pg_catalog.internal, pg_catalog.int4)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'bloomfilter_membership_sel' LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_membership_sel(pg_catalog.internal, pg_catalog.oid, pg_catalog.internal, pg_catalog.int4) IS
'restriction selectivity of @> and <@: tests the column''s most common values against a constant filter and spreads its other members over the remaining distinct values; a filter from a subquery over a column of filters, or that column itself, is estimated from the column''s statistics';

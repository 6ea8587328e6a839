-- src/sql/io.sql: the bloom type's input, output and statistics functions,
-- and the cast from bytea's (the update from 1.0 makes them again)

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

-- The cast from bytea: the same bytes, validated
CREATE FUNCTION bloom_from_bytea(pg_catalog.bytea)
RETURNS bloom
AS 'MODULE_PATHNAME', 'bloomfilter_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION bloom_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION bloom_out(bloom) IS 'I/O';
COMMENT ON FUNCTION bloom_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION bloom_send(bloom) IS 'I/O';
COMMENT ON FUNCTION bloom_typanalyze(pg_catalog.internal) IS 'statistics of a column of filters: their mean size in values, false-positive rate and share holding a value';
COMMENT ON FUNCTION bloom_from_bytea(pg_catalog.bytea) IS 'cast from bytea, validating the bytes';

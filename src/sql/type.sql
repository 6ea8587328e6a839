-- src/sql/type.sql: the bloom type, and its casts to and from bytea

--
-- The bloom type
--

CREATE TYPE bloom;

-- @include io.sql

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

--
-- Casts to and from bytea: the same bytes; the way in validates them
--

CREATE CAST (bloom AS pg_catalog.bytea) WITHOUT FUNCTION;
CREATE CAST (pg_catalog.bytea AS bloom) WITH FUNCTION bloom_from_bytea(pg_catalog.bytea);

COMMENT ON CAST (bloom AS pg_catalog.bytea) IS 'the serialized filter';
COMMENT ON CAST (pg_catalog.bytea AS bloom) IS 'a serialized filter, validated';

--
-- bloom_io: text, binary and bytea forms of the bloom type
--
-- The text form is base64 of the serialized filter; these literals pin the
-- exact bytes of small filters, so a change of hash, layout or header
-- shows up here.
--
SELECT bloom_create(10);
SELECT bloom_agg(x) FROM (VALUES ('a'), ('b'), ('c')) AS v(x);
SELECT bloom_agg(x) FROM generate_series(1, 20) AS x;

-- output then input gives the same value
SELECT bloom_create(10)::text::bloom = bloom_create(10) AS same;
SELECT f::text::bloom = f AS same, f::bytea::bloom = f AS same_via_bytea
FROM (SELECT bloom_agg(x) AS f FROM generate_series(1, 10000) AS x) AS s;

-- a filter's bytes as bytea start with the magic "BF", version 1
SELECT substr(bloom_create(10)::bytea, 1, 3) AS magic_and_version;
SELECT octet_length(bloom_create(10)::bytea) AS bytes,
	octet_length(bloom_send(bloom_create(10))) AS sent_bytes;

-- bloom_in accepts only valid filters
SELECT 'QkYBAQAAAQAAAAAAAAAAAAAAAAAAAAAACgAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='::bloom
	= bloom_create(10) AS accepted;
SELECT ''::bloom;
SELECT 'not base64!'::bloom;
SELECT 'QkYB'::bloom;
SELECT 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3'::bloom;
SELECT repeat('A', 100)::bloom;
-- a valid header whose bit count disagrees with its (changed) last block
SELECT 'QkYBAQAAAQAAAAAAAAAAAAAAAAAAAAAACgAAAAAAAAB7FK5H4XqEPwEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE='::bloom;

-- the cast from bytea validates; the cast to bytea is the bytes
SELECT '\x'::bytea::bloom;
SELECT '\x424601'::bytea::bloom;
SELECT (bloom_create(10)::bytea || '\x00'::bytea)::bloom;

-- binary COPY round trip
CREATE TABLE io_filters (id int, f bloom);
INSERT INTO io_filters
	SELECT 1, bloom_create(100)
	UNION ALL SELECT 2, bloom_agg(x) FROM generate_series(1, 5) AS x
	UNION ALL SELECT 3, bloom_agg(x) FROM generate_series(1, 100000) AS x
	UNION ALL SELECT 4, bloom_agg(md5(x::text), 1000, 0.001) FROM generate_series(1, 500) AS x;
SELECT '/tmp/bloomfilter_io_' || pg_backend_pid() || '.bin' AS copyfile \gset
COPY io_filters TO :'copyfile' (FORMAT binary);
CREATE TABLE io_copied (LIKE io_filters);
COPY io_copied FROM :'copyfile' (FORMAT binary);
SELECT a.id, a.f = b.f AS same
FROM io_filters AS a JOIN io_copied AS b USING (id) ORDER BY a.id;
-- and text COPY
TRUNCATE io_copied;
COPY io_filters TO :'copyfile';
COPY io_copied FROM :'copyfile';
SELECT a.id, a.f = b.f AS same
FROM io_filters AS a JOIN io_copied AS b USING (id) ORDER BY a.id;
-- the server's file is removed (COPY TO PROGRAM runs as the server); no row is
-- written to the pipe, which rm never reads (a row raced rm's exit: EPIPE)
\set rmcopyfile 'rm -f ' :copyfile
COPY (SELECT WHERE false) TO PROGRAM :'rmcopyfile';
SELECT pg_stat_file(:'copyfile', true) IS NULL AS removed;

-- stored out of line and uncompressed (STORAGE external)
SELECT id, pg_column_compression(f) IS NULL AS uncompressed
FROM io_filters ORDER BY id;
DROP TABLE io_filters, io_copied;

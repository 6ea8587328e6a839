--
-- bench/sql/parquet-setup.sql: the data of bench/sql/parquet
--
-- visits: 5,000,000 distinct URL-like strings of 40 bytes (as setup.sql's)
-- ints: 5,000,000 distinct bigints
--
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE EXTENSION IF NOT EXISTS pg_prewarm;

CREATE TABLE visits AS
	SELECT 'https://example.com/' || substr(md5(i::text), 1, 20) AS url
	FROM generate_series(1, 5000000) AS i;
CREATE TABLE ints AS
	SELECT i * 7919 - 20000000000 AS id
	FROM generate_series(1::bigint, 5000000) AS i;
VACUUM ANALYZE visits;
VACUUM ANALYZE ints;
SELECT pg_prewarm('visits'), pg_prewarm('ints');

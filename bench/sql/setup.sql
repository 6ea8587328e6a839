--
-- bench/sql/setup.sql: the benchmarks' data
--
-- visits: 5,000,000 distinct URL-like strings of 40 bytes
-- probe: 1,000,000 URLs, half of them in visits
-- filters: 1 = bloom_agg over 300,000 visits (512 KB),
--          2 = bloom_agg over all of visits (5,000,000 values, 8 MB),
--          3 = bloom_agg over 5,000,000 other URLs, half of them in visits
-- many: 1,000 filters of 100 kB (capacity 77,000 at 1%), 5,000 URLs each
--
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE EXTENSION IF NOT EXISTS hll;
CREATE EXTENSION IF NOT EXISTS pg_prewarm;

CREATE TABLE visits AS
	SELECT 'https://example.com/' || substr(md5(i::text), 1, 20) AS url
	FROM generate_series(1, 5000000) AS i;
CREATE TABLE probe AS
	SELECT 'https://example.com/' || substr(md5(i::text), 1, 20) AS url
	FROM generate_series(4500001, 5500000) AS i;
CREATE TABLE filters (id int PRIMARY KEY, f bloom);
INSERT INTO filters
	SELECT 1, bloom_agg(url) FROM (SELECT url FROM visits LIMIT 300000) AS v;
INSERT INTO filters SELECT 2, bloom_agg(url) FROM visits;
INSERT INTO filters
	SELECT 3, bloom_agg('https://example.com/' || substr(md5(i::text), 1, 20))
	FROM generate_series(2500001, 7500000) AS i;
\ir many.sql
VACUUM ANALYZE visits;
VACUUM ANALYZE probe;
VACUUM ANALYZE filters;
VACUUM ANALYZE many;
SELECT pg_prewarm('visits'), pg_prewarm('probe');
SELECT id, pg_size_pretty(pg_column_size(f)::bigint) AS filter_size,
	(bloom_info(f)).cardinality::bigint AS values
FROM filters ORDER BY id;
SELECT count(*) AS filters, pg_size_pretty(avg(pg_column_size(f))::bigint) AS each FROM many;

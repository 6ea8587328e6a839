-- bench/sql/compare.sql: the tables bench/sql/compare times its queries on
SET client_min_messages = warning;
CREATE TABLE visits AS
	SELECT g AS id, 'https://example.com/page/' || g || '/' || md5(g::text) AS url
	FROM generate_series(1, 1000000) AS g;
CREATE TABLE filters (id int PRIMARY KEY, f bloom);
INSERT INTO filters
	SELECT 1, bloom_agg(url) FROM visits WHERE id % 2 = 0
	UNION ALL
	SELECT 2, bloom_agg(url) FROM visits WHERE id % 3 = 0;
VACUUM ANALYZE visits;
VACUUM ANALYZE filters;

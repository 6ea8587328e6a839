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
-- 2,000 small filters of each of four kinds, for bloom_info's name of
-- the kind (an enum's and a composite's are found in the catalogs)
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE pair AS (n int, label text);
CREATE COLLATION ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
CREATE TABLE kinds AS
	SELECT g AS id,
		bloom_add(bloom_create(100, 0.01), 'v' || g) AS text_f,
		bloom_add(bloom_create(100, 0.01), (enum_range(NULL::mood))[1 + g % 3]) AS enum_f,
		bloom_add(bloom_create(100, 0.01), ROW(g, 'v')::pair) AS composite_f,
		bloom_add(bloom_create(100, 0.01), ('v' || g) COLLATE ci) AS collated_f
	FROM generate_series(1, 2000) AS g;
VACUUM ANALYZE visits;
VACUUM ANALYZE filters;
VACUUM ANALYZE kinds;

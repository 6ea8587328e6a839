--
-- tools/demo.sql: the sample job of tools/demo
--
-- A week of visits to a web site; one Bloom filter of the visited URLs per
-- day; membership tests, distinct counts, and union and intersection
-- estimates from the filters, each next to the exact answer from the raw
-- rows.
--
\pset footer off
CREATE EXTENSION bloomfilter;

\echo
\echo '== visits: a week of page views, 60,000 a day over 30,000 pages a day'
CREATE TABLE visits AS
	SELECT DATE '2026-11-16' + d AS day,
		'https://example.com/page/' || (((v % 30000) * 7 + d * 20011) % 100000) AS url
	FROM generate_series(0, 6) AS d, generate_series(1, 60000) AS v;
SELECT count(*) AS views, count(DISTINCT url) AS distinct_urls FROM visits;

\echo
\echo '== one filter per day: SELECT day, bloom_agg(url) FROM visits GROUP BY day'
CREATE TABLE daily AS SELECT day, bloom_agg(url) AS urls FROM visits GROUP BY day;
SELECT d.day,
	pg_size_pretty(octet_length(d.urls::bytea)::bigint) AS filter_size,
	round((bloom_info(d.urls)).cardinality) AS estimated_distinct,
	(SELECT count(DISTINCT url) FROM visits AS v WHERE v.day = d.day) AS exact_distinct,
	round((100 * bloom_fpr(d.urls))::numeric, 3) AS "false_positive_%"
FROM daily AS d ORDER BY d.day;

\echo
\echo '== which days saw page 123? WHERE urls @> ''https://example.com/page/123'''
SELECT d.day,
	d.urls @> 'https://example.com/page/123' AS filter_says,
	EXISTS (SELECT 1 FROM visits AS v
			WHERE v.day = d.day AND v.url = 'https://example.com/page/123') AS exact
FROM daily AS d ORDER BY d.day;

\echo
\echo '== no false negatives: every visit of the week found in its day''s filter'
SELECT count(*) AS views, count(*) FILTER (WHERE d.urls @> v.url) AS found
FROM visits AS v JOIN daily AS d USING (day);

\echo
\echo '== false positives: 100,000 URLs never visited, probed against Monday''s filter'
\echo '   (an exact list of its 30,000 URLs: no false positive at all)'
SELECT p.false_positives, p."measured_%",
	round((100 * bloom_fpr(d.urls))::numeric, 3) AS "bloom_fpr_%"
FROM daily AS d,
	LATERAL (SELECT count(*) FILTER (WHERE d.urls @> u) AS false_positives,
				round(100.0 * count(*) FILTER (WHERE d.urls @> u) / count(*), 3) AS "measured_%"
			 FROM (SELECT 'https://example.com/other/' || i AS u
				   FROM generate_series(1, 100000) AS i) AS never) AS p
WHERE d.day = DATE '2026-11-16';

\echo
\echo '== returning pages: Monday and Tuesday from their filters, and exactly'
SELECT round(# (mon.urls | tue.urls)) AS union_estimate,
	(SELECT count(DISTINCT url) FROM visits
	 WHERE day IN ('2026-11-16', '2026-11-17')) AS union_exact,
	round(bloom_intersection_cardinality(mon.urls, tue.urls)) AS both_days_estimate,
	(SELECT count(*) FROM (SELECT url FROM visits WHERE day = '2026-11-16'
						   INTERSECT
						   SELECT url FROM visits WHERE day = '2026-11-17') AS i) AS both_days_exact,
	round(bloom_jaccard(mon.urls, tue.urls)::numeric, 4) AS jaccard
FROM daily AS mon, daily AS tue
WHERE mon.day = '2026-11-16' AND tue.day = '2026-11-17';

\echo
\echo '== the whole week: SELECT # bloom_union_agg(urls) FROM daily'
\echo '   (each day''s 30,000 URLs are an exact list, with no false positive; the'
\echo '   week''s 98,562 are too many for one, so the union is a block filter sized'
\echo '   for them at 1%: the count is an estimate now, and 100,000 URLs never'
\echo '   visited test positive at about the rate bloom_fpr gives)'
SELECT round(# week.urls) AS week_estimate,
	(SELECT count(DISTINCT url) FROM visits) AS week_exact,
	pg_size_pretty(octet_length(week.urls::bytea)::bigint) AS week_filter,
	round((100 * bloom_fpr(week.urls))::numeric, 2) AS "bloom_fpr_%",
	(SELECT round(100.0 * count(*) FILTER (WHERE week.urls @> ('https://example.com/other/' || i))
			  / count(*), 2)
	 FROM generate_series(1, 100000) AS i) AS "measured_%"
FROM (SELECT bloom_union_agg(urls) AS urls FROM daily) AS week;

\echo
\echo '== a filter of a given size: bloom_agg(url, 100000::bigint, 0.001::float8)'
SELECT (bloom_info(f)).layout, (bloom_info(f)).capacity, (bloom_info(f)).target_fpr,
	pg_size_pretty((bloom_info(f)).bytes) AS size, (bloom_info(f)).value_kind
FROM (SELECT bloom_agg(url, 100000::bigint, 0.001::float8) AS f FROM visits) AS s;

--
-- window.sql: bloom_agg over a growing window frame gives, on every row,
-- the filter of the frame's values (a frame grows a row at a time: the
-- state merges the new hashes into those it sorted for the row before)
--
SELECT count(*) AS frames, count(*) FILTER (WHERE w.f = p.f) AS equal
FROM (SELECT i, bloom_agg(i % 700) OVER (ORDER BY i) AS f
      FROM generate_series(1, 1500) AS i) AS w,
     LATERAL (SELECT bloom_agg(j % 700) AS f FROM generate_series(1, w.i) AS j) AS p;
-- peers share a frame; text values; a frame that starts empty
SELECT count(*) AS frames, count(*) FILTER (WHERE w.f = p.f) AS equal
FROM (SELECT i, bloom_agg('v' || (i / 3)) OVER (ORDER BY i / 3) AS f
      FROM generate_series(1, 600) AS i) AS w,
     LATERAL (SELECT bloom_agg('v' || (j / 3)) AS f FROM generate_series(1, 600) AS j
              WHERE j / 3 <= w.i / 3) AS p;
SELECT i, bloom_agg(v) OVER (ORDER BY i) IS NOT NULL AS has_filter,
       # bloom_agg(v) OVER (ORDER BY i) AS members
FROM (VALUES (1, NULL::int), (2, 5), (3, NULL), (4, 5), (5, 6)) AS t (i, v)
ORDER BY i;

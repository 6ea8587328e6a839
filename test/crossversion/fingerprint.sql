--
-- test/crossversion/fingerprint.sql: what the filters of filters.sql are
-- and what they answer, one line each, to compare between releases: the
-- bytes (md5), the estimates, and the answers to 2,000 probes (half of
-- them values that were added).
--
\pset format unaligned
\pset tuples_only on
SELECT name, md5(f::bytea), octet_length(f::bytea), # f, bloom_fpr(f)
FROM filters ORDER BY name;

SELECT name, md5(string_agg(CASE WHEN hit THEN '1' ELSE '0' END, '' ORDER BY g))
FROM (
	SELECT fl.name, g,
		CASE
			WHEN fl.name LIKE '%text%' THEN fl.f @> ('v' || g) OR fl.f @> ('url/' || g)
			WHEN fl.name = 'uuid' THEN fl.f @> md5(g::text)::uuid
			WHEN fl.name = 'numeric' THEN fl.f @> g / 7.0
			WHEN fl.name = 'timestamptz'
				THEN fl.f @> (TIMESTAMPTZ '2026-01-01 00:00+00' + g * INTERVAL '1 minute')
			WHEN fl.name = 'enum' THEN fl.f @> (enum_range(NULL::mood))[1 + g % 3]
			WHEN fl.name = 'empty' THEN fl.f @> g
			ELSE fl.f @> g::int8 OR fl.f @> (g * 1000)::int8
		END AS hit
	FROM filters AS fl, generate_series(1, 2000) AS g
) AS probes
GROUP BY name ORDER BY name;

SELECT 'union of all integer filters', md5(bloom_union_agg(f)::bytea)
FROM filters WHERE name LIKE '%int%';

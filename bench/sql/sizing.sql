--
-- bench/sql/sizing.sql: how bloom_agg(value) sizes its filter
--
-- For n distinct values from 0 to 60 million: the filter's layout and size
-- against the optimal split-block filter for n at 1% (bloom_create(n)),
-- and its false-positive rate measured on 1,000,000 values never added.
-- Past about 51 million values bloom_agg(value) no longer meets 1%: it
-- says so with a NOTICE.
--
\pset footer off
CREATE EXTENSION IF NOT EXISTS bloomfilter;
CREATE TEMP TABLE sizing (n bigint, layout text, bytes bigint, optimal bigint,
	measured_fpr float8, model_fpr float8);

CREATE PROCEDURE measure(n bigint) LANGUAGE plpgsql AS $$
DECLARE
	f bloom;
	hits bigint;
BEGIN
	SELECT bloom_agg(x) INTO f FROM generate_series(1, n) AS x;
	SELECT count(*) INTO hits FROM generate_series(10000000001, 10001000000) AS x WHERE f @> x;
	INSERT INTO sizing VALUES (n, (bloom_info(f)).layout, octet_length(f::bytea),
		CASE WHEN n > 0 THEN octet_length(bloom_create(n, 0.01)::bytea) END,
		hits / 1e6, bloom_fpr(f));
	COMMIT;
END $$;

CALL measure(0);
CALL measure(1);
CALL measure(8);
CALL measure(9);
CALL measure(100);
CALL measure(10000);
CALL measure(524288);
CALL measure(524289);
CALL measure(1000000);
CALL measure(5000000);
CALL measure(20000000);
CALL measure(50000000);
CALL measure(60000000);

-- payload sizes (without the 60-byte header) against the optimal one
SELECT n, layout, bytes, optimal,
	round((bytes - 60)::numeric / NULLIF(optimal - 60, 0), 2) AS size_vs_optimal,
	round((100 * measured_fpr)::numeric, 3) AS "measured_fpr_%",
	round((100 * model_fpr)::numeric, 3) AS "bloom_fpr_%",
	measured_fpr <= 1.15 * 0.01 AS "fpr_<=_1.15%",
	bytes - 60 <= 2 * (optimal - 60) OR optimal IS NULL AS "size_<=_2x"
FROM sizing ORDER BY n;

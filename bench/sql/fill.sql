--
-- bench/sql/fill.sql: measured false-positive rate against the model as a
-- filter fills
--
-- One filter, bloom_create(1000000, 0.01), holding n distinct integers for
-- n from 10% to 200% of its capacity; for each n: the rate measured on
-- 1,000,000 integers never added, the Poisson model of the split-block
-- filter for n values in its blocks (Putze, Sanders and Singler; the
-- model the sizing code uses), and bloom_fpr, the rate estimated from the
-- filter's bits.
--
\pset footer off
CREATE EXTENSION IF NOT EXISTS bloomfilter;

-- Poisson model: a block holds j values with probability Poisson(j; n / blocks),
-- and a value never added tests positive in a block holding j values with
-- probability (1 - (31/32)^j)^8
CREATE FUNCTION pg_temp.model_fpr(n float8, blocks bigint) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	lambda float8 := n / blocks;
	pmf float8 := exp(-lambda);
	total float8 := 0;
	j int := 0;
BEGIN
	WHILE j <= lambda + 12 * sqrt(lambda) + 30 LOOP
		total := total + pmf * (1 - (31.0 / 32.0) ^ j) ^ 8;
		j := j + 1;
		pmf := pmf * lambda / j;
	END LOOP;
	RETURN least(total, 1);
END $$;

CREATE TEMP TABLE fill (n bigint, blocks bigint, fill_ratio float8,
	measured_fpr float8, model_fpr float8, bloom_fpr float8);

CREATE PROCEDURE pg_temp.measure(n bigint) LANGUAGE plpgsql AS $$
DECLARE
	f bloom;
	hits bigint;
BEGIN
	SELECT bloom_agg(x, 1000000, 0.01) INTO f FROM generate_series(1, n) AS x;
	SELECT count(*) INTO hits FROM generate_series(10000000001, 10001000000) AS x WHERE f @> x;
	INSERT INTO fill VALUES (n, (bloom_info(f)).blocks, (bloom_info(f)).fill_ratio,
		hits / 1e6, pg_temp.model_fpr(n, (bloom_info(f)).blocks), bloom_fpr(f));
	COMMIT;
END $$;

DO $$
BEGIN
	FOR pct IN 1..20 LOOP
		CALL pg_temp.measure(pct * 100000);
	END LOOP;
END $$;

SELECT n, round(n / 1e6, 2) AS "n/capacity", blocks,
	round(fill_ratio::numeric, 4) AS fill_ratio,
	round((100 * measured_fpr)::numeric, 4) AS "measured_fpr_%",
	round((100 * model_fpr)::numeric, 4) AS "model_fpr_%",
	round((100 * bloom_fpr)::numeric, 4) AS "bloom_fpr_%"
FROM fill ORDER BY n;

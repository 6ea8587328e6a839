--
-- bench/sql/partitioned.sql: what bench/sql/partitioned needs beside
-- setup.sql's visits table.
--
VACUUM ANALYZE visits;

-- The smallest capacity from n up whose filter at rate fpr
-- (bloom_create) has a block count that parts divides: its parts are then
-- its ranges, and bloom_split makes them too.  The block count grows with
-- the capacity, one block every few dozen values at 1%, so a search finds
-- the first capacity of the next multiple of parts.
CREATE FUNCTION capacity_for_parts(n bigint, fpr float8, parts int)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	target bigint := ceil((bloom_info(bloom_create(n, fpr))).blocks / parts::numeric) * parts;
	lo bigint := n;
	hi bigint := n;
	step bigint := 1024;
	mid bigint;
BEGIN
	WHILE (bloom_info(bloom_create(hi, fpr))).blocks < target LOOP
		lo := hi + 1;
		hi := hi + step;
		step := step * 2;
	END LOOP;
	WHILE lo < hi LOOP
		mid := (lo + hi) / 2;
		IF (bloom_info(bloom_create(mid, fpr))).blocks >= target THEN
			hi := mid;
		ELSE
			lo := mid + 1;
		END IF;
	END LOOP;
	IF (bloom_info(bloom_create(lo, fpr))).blocks <> target THEN
		RAISE EXCEPTION 'no capacity gives % blocks', target;
	END IF;
	RETURN lo;
END
$$;

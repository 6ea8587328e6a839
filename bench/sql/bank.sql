--
-- bench/sql/bank.sql: the tables of bench/sql/bank, and the functions that
-- read its figures, with the sizes the script sets as psql variables:
--
-- bank_100k, bank_20k, bank_1k: :n, 20,000 and 1,000 filters sized for
--        10,000 values (bloom_create(10000, 0.01): 13 kB, stored out of
--        line), filter g holding :load bigint values g * 100000 + i; each
--        with a bloombank index, and a twin (_scan) without one, for the
--        scan as users have it today
-- bank_full: :full filters of the same size at their design load (10,000
--        values each, about 1 % false positives), indexed, and its twin
-- bank_mix: :mix filters of mixed sizes, indexed, and its twin: 40 % sized
--        for 1,000, 5,000, 10,000 or 50,000 values holding half of it, 20 %
--        sized for 500 to 20,000 values (each its own size) holding a
--        tenth, 1 % auto-sized of 100,000 values (blocks), 39 % auto-sized
--        of 1 to 2,000 values (exact lists)
-- bank_builds: each index's build time, and the time to read its filters
--
SET client_min_messages = warning;

CREATE TABLE bank_100k (id int, f bloom);
INSERT INTO bank_100k
	SELECT g, bloom_add_all(bloom_create(10000::bigint, 0.01::float8),
							ARRAY(SELECT g::bigint * 100000 + i FROM generate_series(1, :load) AS i))
	FROM generate_series(1, :n) AS g;
CREATE TABLE bank_20k AS SELECT * FROM bank_100k WHERE id <= 20000;
CREATE TABLE bank_1k AS SELECT * FROM bank_100k WHERE id <= 1000;

CREATE TABLE bank_full (id int, f bloom);
INSERT INTO bank_full
	SELECT g, bloom_add_all(bloom_create(10000::bigint, 0.01::float8),
							ARRAY(SELECT g::bigint * 100000 + i FROM generate_series(1, 10000) AS i))
	FROM generate_series(1, :full) AS g;

CREATE TABLE bank_mix (id int, kind text, f bloom);
INSERT INTO bank_mix
	SELECT g, k.kind,
		CASE k.kind
		WHEN 'sized' THEN bloom_add_all(bloom_create(k.capacity, 0.01::float8),
			ARRAY(SELECT g::bigint * 100000 + i FROM generate_series(1, k.capacity / 2) AS i))
		WHEN 'sparse' THEN bloom_add_all(bloom_create(k.capacity, 0.01::float8),
			ARRAY(SELECT g::bigint * 100000 + i FROM generate_series(1, k.capacity / 10) AS i))
		ELSE (SELECT bloom_agg(g::bigint * 100000 + i) FROM generate_series(1, k.capacity) AS i)
		END
	FROM generate_series(1, :mix) AS g,
	LATERAL (SELECT CASE WHEN g % 100 < 40 THEN 'sized'
						 WHEN g % 100 < 60 THEN 'sparse'
						 WHEN g % 100 = 60 THEN 'auto blocks'
						 ELSE 'exact' END AS kind,
					CASE WHEN g % 100 < 40 THEN (ARRAY[1000, 5000, 10000, 50000])[1 + g % 4]
						 WHEN g % 100 < 60 THEN 500 + (g * 7919) % 19500
						 WHEN g % 100 = 60 THEN 99999
						 ELSE 1 + (g * 104729) % 2000 END::bigint AS capacity) AS k;

-- the twins, scanned as without an index
CREATE TABLE bank_100k_scan AS SELECT * FROM bank_100k;
CREATE TABLE bank_20k_scan AS SELECT * FROM bank_20k;
CREATE TABLE bank_1k_scan AS SELECT * FROM bank_1k;
CREATE TABLE bank_full_scan AS SELECT * FROM bank_full;
CREATE TABLE bank_mix_scan AS SELECT * FROM bank_mix;
VACUUM ANALYZE;

-- Build each index, timed beside a whole read of the table's filters
CREATE TABLE bank_builds (tab text, build interval, read interval);
CREATE PROCEDURE bank_build(tab text) LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz;
	built interval;
BEGIN
	t0 := clock_timestamp();
	EXECUTE format('CREATE INDEX %I ON %I USING bloombank (f)', tab || '_f', tab);
	built := clock_timestamp() - t0;
	t0 := clock_timestamp();
	EXECUTE format('SELECT sum(get_byte(f::bytea, 0)) FROM %I', tab);
	INSERT INTO bank_builds VALUES (tab, built, clock_timestamp() - t0);
END $$;
CALL bank_build('bank_1k');
CALL bank_build('bank_20k');
CALL bank_build('bank_100k');
CALL bank_build('bank_full');
CALL bank_build('bank_mix');
VACUUM ANALYZE;

-- The shared buffers (hit and read) of the plan's nodes of a type, summed,
-- and the rows they returned
CREATE FUNCTION bank_node(plan json, type text, OUT buffers bigint, OUT nrows bigint)
LANGUAGE plpgsql AS $$
DECLARE
	child json;
	b bigint;
	r bigint;
BEGIN
	buffers := 0;
	nrows := 0;
	IF plan ->> 'Node Type' = type THEN
		buffers := (plan ->> 'Shared Hit Blocks')::bigint + (plan ->> 'Shared Read Blocks')::bigint;
		nrows := (plan ->> 'Actual Rows')::numeric::bigint;
	END IF;
	FOR child IN SELECT * FROM json_array_elements(coalesce(plan -> 'Plans', '[]'::json)) LOOP
		SELECT * INTO b, r FROM bank_node(child, type);
		buffers := buffers + b;
		nrows := nrows + r;
	END LOOP;
END $$;

-- What a probe of a table costs and finds: the buffers of the whole query
-- and of its index scan, the rows the index returns (candidates), and the
-- answer through the index and by a scan of the twin
CREATE FUNCTION bank_probe(tab text, v bigint, OUT buffers bigint, OUT index_buffers bigint,
	OUT candidates bigint, OUT indexed int[], OUT scanned int[])
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
	q text := format('SELECT array_agg(id ORDER BY id) FROM %I WHERE f @> %s::bigint', tab, v);
BEGIN
	EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || q INTO plan;
	plan := plan -> 0 -> 'Plan';
	buffers := (plan ->> 'Shared Hit Blocks')::bigint + (plan ->> 'Shared Read Blocks')::bigint;
	SELECT b.buffers, b.nrows INTO index_buffers, candidates FROM bank_node(plan, 'Bitmap Index Scan') AS b;
	EXECUTE q INTO indexed;
	EXECUTE format('SELECT array_agg(id ORDER BY id) FROM %I WHERE f @> %s::bigint', tab || '_scan', v)
		INTO scanned;
END $$;

-- EXPLAIN (ANALYZE, BUFFERS) of the timed probe of a table, as JSON
CREATE FUNCTION bank_explain(tab text) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE format('EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) SELECT count(*) FROM %I WHERE f @> 100001::bigint', tab)
		INTO plan;
	RETURN plan;
END $$;

-- The probes' values: members of :probes random filters of a table, and as
-- many values of no filter
CREATE FUNCTION bank_values(tab text, probes int, OUT v bigint, OUT member boolean)
RETURNS SETOF record LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format(
		'SELECT id::bigint * 100000 + 1, true FROM %I ORDER BY random() LIMIT %s', tab, probes);
	RETURN QUERY SELECT -1 - (g::bigint * 7919), false FROM generate_series(1, probes) AS g;
END $$;

-- Per table: probes made, answers that differ between the index and the
-- scan, the filters' own positives (by the scan), the index's candidates,
-- the mean false-positive rate of the filters (bloom_fpr), and for the
-- non-members the index's buffers per probe
CREATE TABLE bank_candidates (tab text, probes int, differ int, positives bigint,
	candidates bigint, nonmembers int, fpr float8, filters bigint,
	index_buffers float8);
CREATE PROCEDURE bank_candidates_of(tab text, probes int) LANGUAGE plpgsql AS $$
DECLARE
	r record;
	p record;
	nprobes int := 0;
	ndiffer int := 0;
	pos bigint := 0;
	cand bigint := 0;
	nonmembers int := 0;
	ibuf bigint := 0;
	fpr float8;
	nfilters bigint;
BEGIN
	EXECUTE format('SELECT avg(bloom_fpr(f)), count(*) FROM %I', tab) INTO fpr, nfilters;
	FOR r IN SELECT * FROM bank_values(tab, probes) LOOP
		SELECT * INTO p FROM bank_probe(tab, r.v);
		nprobes := nprobes + 1;
		ndiffer := ndiffer + (p.indexed IS DISTINCT FROM p.scanned)::int;
		IF NOT r.member THEN
			nonmembers := nonmembers + 1;
			pos := pos + coalesce(cardinality(p.scanned), 0);
			cand := cand + p.candidates;
			ibuf := ibuf + p.index_buffers;
		END IF;
	END LOOP;
	INSERT INTO bank_candidates VALUES (tab, nprobes, ndiffer, pos, cand, nonmembers, fpr,
		nfilters, ibuf::float8 / greatest(nonmembers, 1));
END $$;

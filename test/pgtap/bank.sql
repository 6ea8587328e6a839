--
-- bank.sql: pgTAP checks that a bloombank index returns exactly the rows a
-- sequential scan returns, for random filters of mixed sizes and random
-- values, members and not, of int4 and bigint against filters of bigint,
-- after the build, inserts (the pending list), a flush, updates, deletes,
-- VACUUM and REINDEX; and that bloombank_check passes after each.  The
-- seed is printed.
--
-- The filters: block filters sized for 50 to 5,000 values, some sharing a
-- size and some of a size of their own; auto-sized filters (exact lists up
-- to 65,536 values, powers of two past them); and filters holding few of
-- their capacity, which the index may fold.  Each holds a random share of
-- its own range of bigint values (id * 100,000 + k).
--
-- Not in a transaction: VACUUM and CREATE INDEX CONCURRENTLY need none.
-- So what it made is dropped at the end, as the other files, which
-- pg_prove may run in the same database, roll theirs back: pgtap too,
-- unless the database had it (t/jit.t makes it beforehand).
--
CREATE TEMP TABLE bank_had_pgtap AS
    SELECT EXISTS (SELECT FROM pg_extension WHERE extname = 'pgtap') AS had;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SET client_min_messages = warning;
SELECT plan(25);

CREATE TABLE bank_seed AS SELECT random() * 2 - 1 AS s;
SELECT diag(format('seed %s (SELECT setseed(%s) reproduces the filters and values)', s, s))
  FROM bank_seed;
SELECT setseed(s) FROM bank_seed;

CREATE TABLE bank_rand (id int PRIMARY KEY, n int, f bloom) WITH (autovacuum_enabled = off);

-- A filter of the id's range: n of its values, sized for capacity (auto
-- sized if NULL).  A set-returning SQL function, which the planner inlines
-- where it is called (FROM, in a subquery): a cluster that compiles every
-- query (t/jit.t) compiles each statement's filters once, not each filter.
CREATE FUNCTION bank_filter(id int, n int, capacity int) RETURNS SETOF bloom
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN capacity IS NULL THEN auto ELSE sized END
      FROM (SELECT bloom_agg(id * 100000::bigint + k) FILTER (WHERE capacity IS NULL) AS auto,
                   bloom_agg(id * 100000::bigint + k, coalesce(capacity, 1)::bigint, 0.01::float8)
                       FILTER (WHERE capacity IS NOT NULL) AS sized
              FROM generate_series(1, n) AS k) AS a
$$;

-- 150 filters of three shared sizes, 60 of sizes of their own, 60 sparse,
-- 60 auto-sized
INSERT INTO bank_rand
    SELECT id, n, (SELECT b FROM bank_filter(id, n, cap) AS b)
      FROM generate_series(1, 330) AS id,
           LATERAL (SELECT CASE WHEN id <= 150 THEN (ARRAY[200, 1000, 3000])[1 + id % 3]
                                WHEN id <= 210 THEN 50 + floor(random() * 4950)::int
                                WHEN id <= 270 THEN 500 + floor(random() * 4500)::int
                                END + id % 1 AS cap) AS c,
           LATERAL (SELECT CASE WHEN id > 270 THEN 1 + floor(random() * 3000)::int
                                WHEN id > 210 THEN 1 + floor(random() * 20)::int
                                ELSE 1 + floor(random() * cap)::int END AS n) AS m;

CREATE INDEX bank_rand_f ON bank_rand USING bloombank (f) WITH (pending_limit = 50);

-- Values to probe: for 150 random filters one of their members and one of
-- their range that they do not hold, and 150 values of no range, each as
-- bigint and as int4 where it fits
CREATE TABLE bank_probes (v bigint);
CREATE FUNCTION bank_draw() RETURNS void LANGUAGE sql AS $$
    TRUNCATE bank_probes;
    INSERT INTO bank_probes
        SELECT r.id * 100000::bigint + 1 + floor(random() * r.n)::int
          FROM (SELECT id, n FROM bank_rand ORDER BY random() LIMIT 150) AS r;
    INSERT INTO bank_probes
        SELECT r.id * 100000::bigint + 50000 + floor(random() * 40000)::int
          FROM (SELECT id FROM bank_rand ORDER BY random() LIMIT 150) AS r;
    INSERT INTO bank_probes
        SELECT 900000000 + floor(random() * 1000000)::int FROM generate_series(1, 150);
$$;

-- The probes whose answer through the index differs from a sequential
-- scan's, as a bigint or as an int4 (where it fits), or all of them when
-- the plan does not probe the index for each: none is expected.  One query
-- for all the probes, a subquery probing bank_rand for each, so that a
-- cluster that compiles every query (t/jit.t) compiles a few.  The rows a
-- probe finds are sorted after the subquery: an aggregate ordered by id
-- in it leads PostgreSQL 16 and later, which feed such an aggregate
-- sorted input, to read the table by its primary key instead.
CREATE TABLE bank_answers (how text, type text, v bigint, ids int[]);
CREATE FUNCTION bank_differences() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    t text;
    q text;
    line text;
    plan text;
    bad bigint := 0;
    sorted text := 'ARRAY(SELECT i FROM unnest(ids) AS i ORDER BY i)';
BEGIN
    TRUNCATE bank_answers;
    FOREACH t IN ARRAY ARRAY['bigint', 'int4'] LOOP
        q := format('SELECT p.v, (SELECT array_agg(r.id) FROM bank_rand AS r
                                   WHERE r.f @> p.v::%s)
                       FROM bank_probes AS p WHERE p.v <= %s',
                    t, CASE t WHEN 'int4' THEN 2147483647 ELSE 9223372036854775807 END);
        PERFORM set_config('enable_seqscan', 'off', true);
        plan := '';
        FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
            plan := plan || line || E'\n';
        END LOOP;
        IF plan NOT LIKE '%Bitmap Index Scan on bank_rand_f%' THEN
            bad := bad + (SELECT count(*) FROM bank_probes);
            RAISE NOTICE 'as %, the probes are not through the index: %', t, plan;
        END IF;
        EXECUTE format('INSERT INTO bank_answers SELECT %L, %L, v, %s FROM (%s) AS a(v, ids)',
                       'index', t, sorted, q);
        PERFORM set_config('enable_seqscan', 'on', true);
        PERFORM set_config('enable_bitmapscan', 'off', true);
        EXECUTE format('INSERT INTO bank_answers SELECT %L, %L, v, %s FROM (%s) AS a(v, ids)',
                       'scan', t, sorted, q);
        PERFORM set_config('enable_bitmapscan', 'on', true);
    END LOOP;
    FOR t, q IN
        SELECT i.type || ' ' || i.v, format('index %s, scan %s', i.ids, s.ids)
          FROM bank_answers AS i JOIN bank_answers AS s USING (type, v)
         WHERE i.how = 'index' AND s.how = 'scan' AND i.ids IS DISTINCT FROM s.ids
    LOOP
        bad := bad + 1;
        RAISE NOTICE 'probe %: %', t, q;
    END LOOP;
    RETURN bad;
END $$;

-- The members found through the index, of all the probes' members: every one
SELECT bank_draw();
SELECT is((SELECT count(*) FROM bank_probes AS p
            WHERE EXISTS (SELECT 1 FROM bank_rand AS r WHERE r.id = p.v / 100000 AND p.v % 100000 <= r.n)),
          150::bigint, 'the probes hold 150 members');
SELECT is(bank_differences(), 0::bigint, 'after the build: the index returns what a scan returns');
SELECT ok((SELECT count(DISTINCT (blocks, exact)) FROM bloombank_groups('bank_rand_f')) >= 4,
          'the filters are in several classes, some folded or exact lists');
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_rand_f')$$, 'after the build: bloombank_check passes');

-- Inserts: the pending list, then flushes by inserts past 50 rows
INSERT INTO bank_rand
    SELECT id, n, (SELECT b FROM bank_filter(id, n, CASE WHEN id % 2 = 0 THEN 1000 END) AS b)
      FROM generate_series(331, 370) AS id,
           LATERAL (SELECT 1 + floor(random() * 800)::int + id % 1 AS n) AS m;
SELECT ok((bloombank_info('bank_rand_f')).pending > 0, 'inserts are pending');
SELECT bank_draw();
SELECT is(bank_differences(), 0::bigint, 'with a pending list: the index returns what a scan returns');
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_rand_f')$$, 'with a pending list: bloombank_check passes');
INSERT INTO bank_rand
    SELECT id, n, (SELECT b FROM bank_filter(id, n, 3000) AS b)
      FROM generate_series(371, 430) AS id,
           LATERAL (SELECT 1 + floor(random() * 3000)::int + id % 1 AS n) AS m;
SELECT bank_draw();
SELECT is(bank_differences(), 0::bigint, 'after a flush by an insert: the index returns what a scan returns');
SELECT cmp_ok(bloombank_flush('bank_rand_f'), '>=', 0::bigint, 'bloombank_flush runs');
SELECT is((bloombank_info('bank_rand_f')).pending, 0::bigint, 'the flush empties the pending list');
SELECT is(bank_differences(), 0::bigint, 'after bloombank_flush: the index returns what a scan returns');

-- Updates (new rows, the old dead) and deletes
UPDATE bank_rand SET f = (SELECT b FROM bank_filter(id, n, 5000) AS b) WHERE id % 5 = 0;
DELETE FROM bank_rand WHERE id % 7 = 0;
SELECT bank_draw();
SELECT is(bank_differences(), 0::bigint, 'after updates and deletes: the index returns what a scan returns');
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_rand_f')$$, 'after updates and deletes: bloombank_check passes');

-- VACUUM: dead rows out of the groups, groups merged
VACUUM bank_rand;
SELECT is((SELECT sum(live) FROM bloombank_groups('bank_rand_f'))::bigint,
          (SELECT count(*) FROM bank_rand), 'after VACUUM the groups hold the live rows');
SELECT is(bank_differences(), 0::bigint, 'after VACUUM: the index returns what a scan returns');
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_rand_f')$$, 'after VACUUM: bloombank_check passes');

-- More changes, VACUUM again (merging the groups VACUUM made), REINDEX
UPDATE bank_rand SET f = (SELECT b FROM bank_filter(id, n, NULL) AS b) WHERE id % 3 = 0;
DELETE FROM bank_rand WHERE id % 11 = 0;
VACUUM bank_rand;
SELECT bank_draw();
SELECT is(bank_differences(), 0::bigint, 'after a second VACUUM: the index returns what a scan returns');
REINDEX INDEX bank_rand_f;
SELECT is(bank_differences(), 0::bigint, 'after REINDEX: the index returns what a scan returns');
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_rand_f')$$, 'after REINDEX: bloombank_check passes');
DROP INDEX bank_rand_f;
CREATE INDEX CONCURRENTLY bank_rand_f ON bank_rand USING bloombank (f);
SELECT is(bank_differences(), 0::bigint, 'after CREATE INDEX CONCURRENTLY: the index returns what a scan returns');

-- bloombank_check counts what it checks, and finds what an index lacks: a
-- row inserted while the index took no inserts (indisready off, as a
-- failed CREATE INDEX CONCURRENTLY leaves it), and, in an index whose file
-- is another table's (relfilenode swapped), bits of the filters
SELECT results_eq($$SELECT rows, pending, checked FROM bloombank_check('bank_rand_f')$$,
                  $$SELECT count(*), 0::bigint, count(*) FROM bank_rand$$,
                  'bloombank_check counts every row, and checks every filter');
CREATE TABLE bank_a (id int, f bloom);
CREATE TABLE bank_b (id int, f bloom);
INSERT INTO bank_a SELECT g, (SELECT b FROM bank_filter(g, 100, 1000) AS b) FROM generate_series(1, 20) AS g;
INSERT INTO bank_b SELECT g, (SELECT b FROM bank_filter(g + 1000, 100, 1000) AS b) FROM generate_series(1, 20) AS g;
CREATE INDEX bank_a_f ON bank_a USING bloombank (f);
CREATE INDEX bank_b_f ON bank_b USING bloombank (f);
UPDATE pg_index SET indisready = false WHERE indexrelid = 'bank_a_f'::regclass;
INSERT INTO bank_a VALUES (21, (SELECT b FROM bank_filter(21, 100, 1000) AS b));
UPDATE pg_index SET indisready = true WHERE indexrelid = 'bank_a_f'::regclass;
SELECT throws_like($$SELECT * FROM bloombank_check('bank_a_f')$$,
                   '%holds row (%) of table "bank_a" neither in its pending list nor in a group',
                   'bloombank_check finds a row the index lacks');
DELETE FROM bank_a WHERE id = 21;
VACUUM bank_a;
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_a_f')$$, 'the row gone, the index checks');
CREATE TABLE bank_files AS
    SELECT relname, relfilenode FROM pg_class WHERE relname IN ('bank_a_f', 'bank_b_f');
UPDATE pg_class SET relfilenode = (SELECT relfilenode FROM bank_files WHERE relname = 'bank_b_f')
 WHERE relname = 'bank_a_f';
SELECT throws_like($$SELECT * FROM bloombank_check('bank_a_f')$$,
                   '%lacks a bit of the filter of row (0,1) of table "bank_a"',
                   'bloombank_check finds a filter whose bits the index lacks');
UPDATE pg_class SET relfilenode = (SELECT relfilenode FROM bank_files WHERE relname = 'bank_a_f')
 WHERE relname = 'bank_a_f';
SELECT lives_ok($$SELECT * FROM bloombank_check('bank_a_f')$$, 'its own file back, the index checks');

SELECT * FROM finish();
DROP TABLE bank_rand, bank_probes, bank_answers, bank_seed, bank_a, bank_b, bank_files;
DROP FUNCTION bank_filter(int, int, int), bank_draw(), bank_differences();
DROP EXTENSION bloomfilter;
SELECT CASE WHEN NOT had THEN 'DROP EXTENSION pgtap' END FROM bank_had_pgtap \gexec

--
-- fpr.sql: pgTAP checks of bloomfilter's error rates, measured.
--
-- 100,000 distinct strings go into bloom_agg(x) and into
-- bloom_agg(x, 100000, 0.01); 1,000,000 strings never added are probed.
-- No value added may test negative; the share of strings never added that
-- test positive must stay within the filter's own estimate (bloom_fpr) and
-- the 1% target.  With 1,000,000 probes the sized filter's ~10,000 false
-- positives put a +-15% bound at about 15 standard deviations; the
-- auto-sized filter, larger, has ~330, which puts 15% at about 2.7.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SELECT plan(7);

CREATE TEMP TABLE filters AS
    SELECT bloom_agg(md5(i::text)) AS auto,
           bloom_agg(md5(i::text), 100000, 0.01) AS sized
      FROM generate_series(1, 100000) i;

-- members among the values added, and among 1,000,000 never added
CREATE TEMP TABLE measured AS
    SELECT (SELECT count(*) FILTER (WHERE auto @> md5(i::text))
              FROM filters, generate_series(1, 100000) i) AS auto_members,
           (SELECT count(*) FILTER (WHERE sized @> md5(i::text))
              FROM filters, generate_series(1, 100000) i) AS sized_members,
           probes.auto_fpr, probes.sized_fpr,
           bloom_fpr(auto) AS auto_estimate, bloom_fpr(sized) AS sized_estimate
      FROM filters,
           (SELECT count(*) FILTER (WHERE auto @> md5(i::text)) / 1e6::float8 AS auto_fpr,
                   count(*) FILTER (WHERE sized @> md5(i::text)) / 1e6::float8 AS sized_fpr
              FROM filters, generate_series(100001, 1100000) i) probes;

-- bloom_agg(x), sized from the data
SELECT is((SELECT auto_members FROM measured), 100000::bigint,
          'bloom_agg(x): all 100,000 values added are members (no false negatives)');
SELECT cmp_ok((SELECT auto_fpr FROM measured), '<=', (SELECT 1.15 * auto_estimate FROM measured),
              'bloom_agg(x): measured false-positive rate is at most 1.15 * bloom_fpr(f)');
SELECT cmp_ok((SELECT auto_fpr FROM measured), '<=', 1.15 * 0.01::float8,
              'bloom_agg(x): measured false-positive rate is at most 1.15 * 1% (the default target)');

-- bloom_agg(x, 100000, 0.01), filled to its capacity
SELECT is((SELECT sized_members FROM measured), 100000::bigint,
          'bloom_agg(x, 100000, 0.01): all 100,000 values added are members (no false negatives)');
SELECT cmp_ok((SELECT sized_fpr FROM measured), '>=', (SELECT 0.85 * sized_estimate FROM measured),
              'bloom_agg(x, 100000, 0.01): measured false-positive rate is at least 0.85 * bloom_fpr(f)');
SELECT cmp_ok((SELECT sized_fpr FROM measured), '<=', (SELECT 1.15 * sized_estimate FROM measured),
              'bloom_agg(x, 100000, 0.01): measured false-positive rate is at most 1.15 * bloom_fpr(f)');
SELECT cmp_ok((SELECT sized_fpr FROM measured), '<=', 1.15 * 0.01::float8,
              'bloom_agg(x, 100000, 0.01): measured false-positive rate is at most 1.15 * 1% (its target)');

SELECT * FROM finish();
ROLLBACK;

--
-- jit: the extension's functions compiled by JIT with inlining (issue 24,
-- item 0).  PostgreSQL has a C function of its own named bloom_create
-- (src/backend/lib/bloomfilter.c); the inliner, which looks a C name up in
-- the server's bitcode first, called it with our arguments and crashed the
-- server.  The module's C names are now its own (bloomfilter_*).  On a
-- server without JIT the same queries run interpreted, with the same
-- answers; test/t/jit.t runs every file with JIT forced on.
--
SET jit = on;
SET jit_above_cost = 0;
SET jit_inline_above_cost = 0;

-- the issue's query: inlined, not optimized
SELECT count(*) FROM generate_series(1, 5) g WHERE bloom_create(g, 0.01) IS NOT NULL;

-- inlined and optimized, where the optimizer may fold the inlined calls
SET jit_optimize_above_cost = 0;
SELECT count(*) FROM generate_series(1, 5) g WHERE bloom_create(g, 0.01) IS NOT NULL;
-- a query where JIT is available compiles and inlines functions
SELECT CASE WHEN pg_jit_available()
            THEN (plan_json('SELECT count(*) FROM generate_series(1, 5) g WHERE bloom_create(g, 0.01) IS NOT NULL', true)
                  -> 0 -> 'JIT' -> 'Options' ->> 'Inlining')::bool
            ELSE true END AS inlined_where_jit_is_available;

-- every way a filter is made, read, probed and combined, compiled
SELECT count(*) FILTER (WHERE bloom_add(bloom_create(g, 0.01), g) @> g) AS added,
       count(*) FILTER (WHERE g <@ bloom_add(bloom_create(100), g)) AS contained,
       count(*) FILTER (WHERE bloom_create(g)::text::bloom = bloom_create(g)) AS text_round_trip,
       count(*) FILTER (WHERE bloom_create(g)::bytea::bloom = bloom_create(g)) AS bytea_round_trip
FROM generate_series(1, 100) AS g;
SELECT bloom_agg(g) @> 7 AS agg, bloom_agg(g, 1000, 0.01) @> 7 AS sized_agg,
       # bloom_agg(g) AS distinct_values,
       (bloom_agg(g) FILTER (WHERE g <= 60) | bloom_agg(g) FILTER (WHERE g > 40)) @> 50 AS union_has,
       (bloom_agg(g) FILTER (WHERE g <= 60) & bloom_agg(g) FILTER (WHERE g > 40)) @> 50 AS intersection_has
FROM generate_series(1, 100) AS g;

RESET jit_optimize_above_cost;
RESET jit_inline_above_cost;
RESET jit_above_cost;
RESET jit;

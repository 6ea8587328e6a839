--
-- api.sql: pgTAP checks of bloomfilter's SQL interface as a contract.
--
-- The type, every function and aggregate with its argument types, the
-- operators, casts and operator classes; the properties every function
-- must have (PARALLEL SAFE but for the bloombank index's maintenance
-- functions, IMMUTABLE but for bloom_info, bloom_retag,
-- bloom_from_parquet, the planner's selectivity estimator, ANALYZE's
-- function, bloombank_key's input and output, bloombank_value and the
-- index's maintenance functions, STRICT but for the aggregates' transition and combine
-- functions and final functions) and their costs, the functions of
-- filters kept in parts among them,
-- read from the extension's members so that an object added later is
-- checked too; a comment on every member (but the array types bloom[]
-- and bloombank_key[],
-- a member from PostgreSQL 17 on); the aggregates' support functions and
-- state type, for bloom_agg on anycompatible and on each of the types that
-- have an overload of their own; the type's storage; NULL handling, including
-- bloom_union_agg and bloom_intersect_agg over no rows; and the SQLSTATE
-- of every documented error, including those of combining filters that
-- do not combine.
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SELECT plan(212);

-- The extension's members of one system catalog
CREATE FUNCTION pg_temp.members(catalog regclass)
RETURNS SETOF oid
LANGUAGE sql STABLE AS $$
    SELECT d.objid
      FROM pg_depend d
     WHERE d.refclassid = 'pg_extension'::regclass
       AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'bloomfilter')
       AND d.deptype = 'e'
       AND d.classid = catalog
$$;

-- The types bloom_agg has overloads of its own for, besides anycompatible
CREATE FUNCTION pg_temp.overload_types()
RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
    SELECT unnest(ARRAY['text', 'varchar', 'bpchar', 'name', 'int2', 'int4', 'int8',
                        'float4', 'float8', 'numeric', 'uuid', 'bytea', 'date', 'timestamp',
                        'timestamptz', 'inet', 'cidr', 'bool', '"char"']::regtype[])::text
$$;

-- The types bloom_parquet_agg has overloads of its own for: those with a Parquet form
CREATE FUNCTION pg_temp.parquet_types()
RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
    SELECT unnest(ARRAY['text', 'varchar', 'bpchar', 'name', 'int2', 'int4', 'int8',
                        'float4', 'float8', 'numeric', 'uuid', 'bytea', 'date', 'timestamp',
                        'timestamptz']::regtype[])::text
$$;

--
-- Objects
--

SELECT has_type('bloom', 'type bloom exists');

SELECT has_function('bloom_create', ARRAY['bigint', 'double precision'],
                    'bloom_create(bigint, double precision) exists');
SELECT has_function('bloom_add', ARRAY['bloom', 'anycompatible'],
                    'bloom_add(bloom, anycompatible) exists');
SELECT has_function('bloom_add_all', ARRAY['bloom', 'anyarray'],
                    'bloom_add_all(bloom, anyarray) exists');
SELECT has_function('bloom_retag', ARRAY['bloom', 'regtype'],
                    'bloom_retag(bloom, regtype) exists');
SELECT has_function('bloom_contains', ARRAY['bloom', 'anycompatible'],
                    'bloom_contains(bloom, anycompatible) exists');
SELECT has_function('bloom_contained', ARRAY['anycompatible', 'bloom'],
                    'bloom_contained(anycompatible, bloom) exists');
SELECT has_function('bloom_fpr', ARRAY['bloom'], 'bloom_fpr(bloom) exists');
SELECT has_function('bloom_info', ARRAY['bloom'], 'bloom_info(bloom) exists');
SELECT has_function('bloom_union', ARRAY['bloom', 'bloom'], 'bloom_union(bloom, bloom) exists');
SELECT has_function('bloom_intersect', ARRAY['bloom', 'bloom'],
                    'bloom_intersect(bloom, bloom) exists');
SELECT has_function('bloom_cardinality', ARRAY['bloom'], 'bloom_cardinality(bloom) exists');
SELECT has_function('bloom_union_cardinality', ARRAY['bloom', 'bloom'],
                    'bloom_union_cardinality(bloom, bloom) exists');
SELECT has_function('bloom_intersection_cardinality', ARRAY['bloom', 'bloom'],
                    'bloom_intersection_cardinality(bloom, bloom) exists');
SELECT has_function('bloom_jaccard', ARRAY['bloom', 'bloom'], 'bloom_jaccard(bloom, bloom) exists');
SELECT has_function('bloom_cardinality_bounds', ARRAY['bloom', 'double precision'],
                    'bloom_cardinality_bounds(bloom, double precision) exists');
SELECT has_function('bloom_union_cardinality_bounds', ARRAY['bloom', 'bloom', 'double precision'],
                    'bloom_union_cardinality_bounds(bloom, bloom, double precision) exists');
SELECT has_function('bloom_intersection_cardinality_bounds', ARRAY['bloom', 'bloom', 'double precision'],
                    'bloom_intersection_cardinality_bounds(bloom, bloom, double precision) exists');
SELECT has_function('bloom_jaccard_bounds', ARRAY['bloom', 'bloom', 'double precision'],
                    'bloom_jaccard_bounds(bloom, bloom, double precision) exists');
SELECT results_eq(
    $$SELECT p.oid::regprocedure::text,
             array_to_string(p.proargnames[p.pronargs + 1:], ', ') COLLATE "default",
             pg_get_expr(p.proargdefaults, 0) COLLATE "default"
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND (p.proname::text LIKE '%\_bounds' OR p.proname = 'bloom_info')
       ORDER BY 1$$,
    $$VALUES ('bloom_cardinality_bounds(bloom,double precision)', 'estimate, lower, upper', '0.95'),
             ('bloom_info(bloom)',
              'version, layout, hash, bytes, bits, blocks, bits_set, fill_ratio, hashes, '
              'capacity, target_fpr, auto_sized, cardinality, fpr, value_kind, cardinality_stderr',
              NULL),
             ('bloom_intersection_cardinality_bounds(bloom,bloom,double precision)',
              'estimate, lower, upper', '0.95'),
             ('bloom_jaccard_bounds(bloom,bloom,double precision)', 'estimate, lower, upper', '0.95'),
             ('bloom_union_cardinality_bounds(bloom,bloom,double precision)',
              'estimate, lower, upper', '0.95')$$,
    'the _bounds functions return (estimate, lower, upper) at a confidence of 0.95 by default; bloom_info''s columns end with cardinality_stderr');
SELECT has_function('bloom_from_bytea', ARRAY['bytea'], 'bloom_from_bytea(bytea) exists');
SELECT has_function('bloom_in', ARRAY['cstring'], 'bloom_in(cstring) exists');
SELECT has_function('bloom_out', ARRAY['bloom'], 'bloom_out(bloom) exists');
SELECT has_function('bloom_recv', ARRAY['internal'], 'bloom_recv(internal) exists');
SELECT has_function('bloom_send', ARRAY['bloom'], 'bloom_send(bloom) exists');
SELECT has_function('bloom_eq', ARRAY['bloom', 'bloom'], 'bloom_eq(bloom, bloom) exists');
SELECT has_function('bloom_ne', ARRAY['bloom', 'bloom'], 'bloom_ne(bloom, bloom) exists');
SELECT has_function('bloom_lt', ARRAY['bloom', 'bloom'], 'bloom_lt(bloom, bloom) exists');
SELECT has_function('bloom_le', ARRAY['bloom', 'bloom'], 'bloom_le(bloom, bloom) exists');
SELECT has_function('bloom_gt', ARRAY['bloom', 'bloom'], 'bloom_gt(bloom, bloom) exists');
SELECT has_function('bloom_ge', ARRAY['bloom', 'bloom'], 'bloom_ge(bloom, bloom) exists');
SELECT has_function('bloom_cmp', ARRAY['bloom', 'bloom'], 'bloom_cmp(bloom, bloom) exists');
SELECT has_function('bloom_sortsupport', ARRAY['internal'], 'bloom_sortsupport(internal) exists');
SELECT has_function('bloom_hash', ARRAY['bloom'], 'bloom_hash(bloom) exists');
SELECT has_function('bloom_hash_extended', ARRAY['bloom', 'bigint'],
                    'bloom_hash_extended(bloom, bigint) exists');
SELECT has_function('bloom_agg_trans', ARRAY['bloom', 'anycompatible'],
                    'bloom_agg_trans(bloom, anycompatible) exists');
SELECT has_function('bloom_agg_sized_trans',
                    ARRAY['bloom', 'anycompatible', 'bigint', 'double precision'],
                    'bloom_agg_sized_trans(bloom, anycompatible, bigint, double precision) exists');
SELECT has_function('bloom_agg_combine', ARRAY['bloom', 'bloom'],
                    'bloom_agg_combine(bloom, bloom) exists');
SELECT has_function('bloom_agg_final', ARRAY['bloom'], 'bloom_agg_final(bloom) exists');
SELECT has_function('bloom_intersect_agg_trans', ARRAY['bloom', 'bloom'],
                    'bloom_intersect_agg_trans(bloom, bloom) exists');
SELECT has_function('bloom_intersect_agg_final', ARRAY['bloom'],
                    'bloom_intersect_agg_final(bloom) exists');
SELECT is_aggregate('bloom_agg', ARRAY['anycompatible'],
                    'bloom_agg(anycompatible) is an aggregate');
SELECT is_aggregate('bloom_agg', ARRAY['anycompatible', 'bigint', 'double precision'],
                    'bloom_agg(anycompatible, bigint, double precision) is an aggregate');
SELECT is_aggregate('bloom_union_agg', ARRAY['bloom'], 'bloom_union_agg(bloom) is an aggregate');
SELECT has_function('bloom_part_of', ARRAY['anycompatible', 'bigint', 'double precision', 'integer'],
                    'bloom_part_of(anycompatible, bigint, double precision, integer) exists');
SELECT has_function('bloom_part_create', ARRAY['bigint', 'double precision', 'integer', 'integer'],
                    'bloom_part_create(bigint, double precision, integer, integer) exists');
SELECT has_function('bloom_split', ARRAY['bloom', 'integer'], 'bloom_split(bloom, integer) exists');
SELECT has_function('bloom_part_info', ARRAY['bloom'], 'bloom_part_info(bloom) exists');
SELECT has_function('bloom_part_agg_trans',
                    ARRAY['bloom', 'anycompatible', 'bigint', 'double precision', 'integer'],
                    'bloom_part_agg_trans(bloom, anycompatible, bigint, double precision, integer) exists');
SELECT has_function('bloom_part_agg_final', ARRAY['bloom'], 'bloom_part_agg_final(bloom) exists');
SELECT has_function('bloom_assemble_agg_trans', ARRAY['bloom', 'bloom'],
                    'bloom_assemble_agg_trans(bloom, bloom) exists');
SELECT is_aggregate('bloom_part_agg', ARRAY['anycompatible', 'bigint', 'double precision', 'integer'],
                    'bloom_part_agg(anycompatible, bigint, double precision, integer) is an aggregate');
SELECT is_aggregate('bloom_assemble_agg', ARRAY['bloom'], 'bloom_assemble_agg(bloom) is an aggregate');
SELECT results_eq(
    $$SELECT p.proretset, pg_get_function_result(p.oid)
        FROM pg_proc p WHERE p.oid IN ('bloom_split(bloom,integer)'::regprocedure,
                                       'bloom_part_info(bloom)'::regprocedure)
       ORDER BY p.proname$$,
    $$VALUES (false, 'record'), (true, 'SETOF record')$$,
    'bloom_part_info returns one row, bloom_split a set of rows');
SELECT has_function('bloom_create', ARRAY['bigint', 'double precision', 'text'],
                    'bloom_create(bigint, double precision, text) exists');
SELECT has_function('bloom_to_parquet', ARRAY['bloom'], 'bloom_to_parquet(bloom) exists');
SELECT has_function('bloom_to_parquet', ARRAY['bloom', 'integer'],
                    'bloom_to_parquet(bloom, integer) exists');
SELECT has_function('bloom_from_parquet', ARRAY['bytea', 'regtype'],
                    'bloom_from_parquet(bytea, regtype) exists');
SELECT is_aggregate('bloom_parquet_agg', ARRAY['anycompatible'],
                    'bloom_parquet_agg(anycompatible) is an aggregate');
SELECT is_aggregate('bloom_parquet_agg', ARRAY['anycompatible', 'bigint', 'double precision'],
                    'bloom_parquet_agg(anycompatible, bigint, double precision) is an aggregate');
SELECT is_aggregate('bloom_intersect_agg', ARRAY['bloom'],
                    'bloom_intersect_agg(bloom) is an aggregate');

SELECT has_operator('bloom', '@>', 'anycompatible', 'boolean',
                    'operator @>(bloom, anycompatible) returns boolean');
SELECT has_operator('anycompatible', '<@', 'bloom', 'boolean',
                    'operator <@(anycompatible, bloom) returns boolean');
SELECT has_operator('bloom', '=', 'bloom', 'boolean',
                    'operator =(bloom, bloom) returns boolean');
SELECT has_operator('bloom', '<>', 'bloom', 'boolean',
                    'operator <>(bloom, bloom) returns boolean');
SELECT has_operator('bloom', '|', 'bloom', 'bloom',
                    'operator |(bloom, bloom) returns bloom');
SELECT has_operator('bloom', '&', 'bloom', 'bloom',
                    'operator &(bloom, bloom) returns bloom');
SELECT has_leftop('#', 'bloom', 'double precision',
                  'prefix operator #(NONE, bloom) returns double precision');
SELECT results_eq(
    $$SELECT o.oid::regoperator::text, o.oprresult::regtype::text, o.oprcode::regprocedure::text
        FROM pg_operator o
       WHERE o.oid IN (SELECT pg_temp.members('pg_operator'))
         AND o.oprcode IN ('bloom_union(bloom,bloom)'::regprocedure,
                           'bloom_intersect(bloom,bloom)'::regprocedure,
                           'bloom_cardinality(bloom)'::regprocedure)
       ORDER BY 3$$,
    $$VALUES ('#(NONE,bloom)', 'double precision', 'bloom_cardinality(bloom)'),
             ('&(bloom,bloom)', 'bloom', 'bloom_intersect(bloom,bloom)'),
             ('|(bloom,bloom)', 'bloom', 'bloom_union(bloom,bloom)')$$,
    'operators prefix #, & and | are bloom_cardinality, bloom_intersect and bloom_union');

SELECT has_cast('bloom', 'bytea', 'cast from bloom to bytea exists');
SELECT has_cast('bytea', 'bloom', 'cast from bytea to bloom exists');

SELECT has_opclass('bloom_btree_ops', 'operator class bloom_btree_ops exists');
SELECT has_opclass('bloom_hash_ops', 'operator class bloom_hash_ops exists');
SELECT results_eq(
    $$SELECT c.opcname, a.amname, c.opcdefault
        FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
       WHERE c.opcintype = 'bloom'::regtype
       ORDER BY 1$$,
    $$VALUES ('bloom_bank_ops'::name, 'bloombank'::name, true),
             ('bloom_btree_ops', 'btree', true),
             ('bloom_hash_ops', 'hash', true)$$,
    'bloom''s operator classes: bloom_btree_ops for btree, bloom_hash_ops for hash and bloom_bank_ops for bloombank, all default');

--
-- Properties of every function of the extension
--

SELECT set_eq(
    'SELECT m::regprocedure::text FROM pg_temp.members(''pg_proc'') m',
    $$SELECT unnest(ARRAY['bloom_in(cstring)', 'bloom_out(bloom)', 'bloom_recv(internal)', 'bloom_send(bloom)',
          'bloom_from_bytea(bytea)', 'bloom_create(bigint,double precision)',
          'bloom_add(bloom,anycompatible)', 'bloom_add_all(bloom,anyarray)',
          'bloom_retag(bloom,regtype)',
          'bloom_contains(bloom,anycompatible)',
          'bloom_contained(anycompatible,bloom)', 'bloom_fpr(bloom)', 'bloom_info(bloom)',
          'bloom_eq(bloom,bloom)', 'bloom_ne(bloom,bloom)', 'bloom_lt(bloom,bloom)',
          'bloom_le(bloom,bloom)', 'bloom_gt(bloom,bloom)', 'bloom_ge(bloom,bloom)',
          'bloom_cmp(bloom,bloom)', 'bloom_sortsupport(internal)', 'bloom_hash(bloom)',
          'bloom_hash_extended(bloom,bigint)',
          'bloom_union(bloom,bloom)', 'bloom_intersect(bloom,bloom)',
          'bloom_cardinality(bloom)', 'bloom_union_cardinality(bloom,bloom)',
          'bloom_intersection_cardinality(bloom,bloom)', 'bloom_jaccard(bloom,bloom)',
          'bloom_cardinality_bounds(bloom,double precision)',
          'bloom_union_cardinality_bounds(bloom,bloom,double precision)',
          'bloom_intersection_cardinality_bounds(bloom,bloom,double precision)',
          'bloom_jaccard_bounds(bloom,bloom,double precision)',
          'bloom_agg_trans(bloom,anycompatible)',
          'bloom_agg_sized_trans(bloom,anycompatible,bigint,double precision)',
          'bloom_agg_combine(bloom,bloom)', 'bloom_agg_final(bloom)',
          'bloom_intersect_agg_trans(bloom,bloom)', 'bloom_intersect_agg_final(bloom)',
          'bloom_agg(anycompatible)', 'bloom_agg(anycompatible,bigint,double precision)',
          'bloom_union_agg(bloom)', 'bloom_intersect_agg(bloom)',
          'bloom_membership_sel(internal,oid,internal,integer)',
          'bloom_membership_support(internal)',
          'bloom_typanalyze(internal)',
          'bloom_create(bigint,double precision,text)', 'bloom_to_parquet(bloom)',
          'bloom_to_parquet(bloom,integer)', 'bloom_from_parquet(bytea,regtype)',
          'bloom_parquet_agg_trans(bloom,anycompatible)',
          'bloom_parquet_agg_sized_trans(bloom,anycompatible,bigint,double precision)',
          'bloom_parquet_agg_final(bloom)', 'bloom_parquet_agg(anycompatible)',
          'bloom_parquet_agg(anycompatible,bigint,double precision)',
          'bloom_part_of(anycompatible,bigint,double precision,integer)',
          'bloom_part_create(bigint,double precision,integer,integer)',
          'bloom_split(bloom,integer)', 'bloom_part_info(bloom)',
          'bloom_part_agg_final(bloom)', 'bloom_assemble_agg_trans(bloom,bloom)',
          'bloom_assemble_agg(bloom)',
          'bloombank_key_in(cstring)', 'bloombank_key_out(bloombank_key)',
          'bloombank_value(anycompatible)', 'bloom_contains_key(bloom,bloombank_key)',
          'bloombank_handler(internal)', 'bloombank_flush(regclass)',
          'bloombank_check(regclass)', 'bloombank_info(regclass)',
          'bloombank_groups(regclass)'])
      UNION ALL
      SELECT format(f, t)
        FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t),
             unnest(ARRAY['bloom_part_agg(%s,bigint,double precision,integer)',
                          'bloom_part_agg_trans(bloom,%s,bigint,double precision,integer)']) AS f
      UNION ALL
      SELECT format(f, t)
        FROM pg_temp.overload_types() AS t,
             unnest(ARRAY['bloom_agg(%s)', 'bloom_agg(%s,bigint,double precision)',
                          'bloom_agg_trans(bloom,%s)',
                          'bloom_agg_sized_trans(bloom,%s,bigint,double precision)']) AS f
      UNION ALL
      SELECT format(f, t)
        FROM pg_temp.parquet_types() AS t,
             unnest(ARRAY['bloom_parquet_agg(%s)', 'bloom_parquet_agg(%s,bigint,double precision)',
                          'bloom_parquet_agg_trans(bloom,%s)',
                          'bloom_parquet_agg_sized_trans(bloom,%s,bigint,double precision)']) AS f$$,
    'the extension''s functions and aggregates are exactly the documented ones');

SELECT is_empty(
    $$SELECT p.oid::regprocedure::text
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND p.proparallel <> 's'
         AND p.oid NOT IN ('bloombank_flush(regclass)'::regprocedure,
                           'bloombank_check(regclass)'::regprocedure,
                           'bloombank_info(regclass)'::regprocedure,
                           'bloombank_groups(regclass)'::regprocedure)$$,
    'every function and aggregate of the extension but the bloombank index''s maintenance functions is PARALLEL SAFE');
SELECT results_eq(
    $$SELECT p.oid::regprocedure::text, p.provolatile, p.proparallel
        FROM pg_proc p
       WHERE p.oid IN ('bloombank_flush(regclass)'::regprocedure,
                       'bloombank_check(regclass)'::regprocedure,
                       'bloombank_info(regclass)'::regprocedure,
                       'bloombank_groups(regclass)'::regprocedure)
       ORDER BY 1$$,
    $$VALUES ('bloombank_check(regclass)', 'v'::"char", 'r'::"char"),
             ('bloombank_flush(regclass)', 'v', 'u'),
             ('bloombank_groups(regclass)', 'v', 'r'),
             ('bloombank_info(regclass)', 'v', 'r')$$,
    'the bloombank index''s maintenance functions read its pages as they are now (VOLATILE), in the leader (PARALLEL RESTRICTED), and bloombank_flush writes them (PARALLEL UNSAFE)');
SELECT is_empty(
    $$SELECT p.oid::regprocedure::text
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND p.provolatile <> 'i'
         AND p.oid NOT IN ('bloom_info(bloom)'::regprocedure,
                           'bloom_retag(bloom,regtype)'::regprocedure,
                           'bloom_from_parquet(bytea,regtype)'::regprocedure,
                           'bloom_membership_sel(internal,oid,internal,integer)'::regprocedure,
                           'bloom_typanalyze(internal)'::regprocedure,
                           'bloombank_key_in(cstring)'::regprocedure,
                           'bloombank_key_out(bloombank_key)'::regprocedure,
                           'bloombank_value(anycompatible)'::regprocedure,
                           'bloombank_flush(regclass)'::regprocedure,
                           'bloombank_check(regclass)'::regprocedure,
                           'bloombank_info(regclass)'::regprocedure,
                           'bloombank_groups(regclass)'::regprocedure)$$,
    'every function and aggregate of the extension but bloom_info, bloom_retag, bloom_from_parquet, the selectivity estimator, the ANALYZE function, bloombank_key''s input and output, bloombank_value and the index''s maintenance functions is IMMUTABLE');
SELECT results_eq(
    $$SELECT p.oid::regprocedure::text, p.provolatile
        FROM pg_proc p
       WHERE p.oid IN ('bloombank_key_in(cstring)'::regprocedure,
                       'bloombank_key_out(bloombank_key)'::regprocedure,
                       'bloombank_value(anycompatible)'::regprocedure)
       ORDER BY 1$$,
    $$VALUES ('bloombank_key_in(cstring)', 's'::"char"),
             ('bloombank_key_out(bloombank_key)', 's'),
             ('bloombank_value(anycompatible)', 's')$$,
    'bloombank_key''s input and output and bloombank_value are STABLE: the input reads the type''s name, the output calls the type''s, and a plan keeps bloombank_value(x) to show');
SELECT is((SELECT provolatile FROM pg_proc
            WHERE oid = 'bloom_from_parquet(bytea,regtype)'::regprocedure),
          's'::"char",
          'bloom_from_parquet is STABLE: it reads the type''s definition');
SELECT is((SELECT provolatile FROM pg_proc WHERE oid = 'bloom_retag(bloom,regtype)'::regprocedure),
          's'::"char",
          'bloom_retag is STABLE: it reads the catalog');
SELECT is((SELECT provolatile FROM pg_proc WHERE oid = 'bloom_info(bloom)'::regprocedure),
          's'::"char",
          'bloom_info is STABLE');
SELECT is((SELECT provolatile FROM pg_proc
            WHERE oid = 'bloom_membership_sel(internal,oid,internal,integer)'::regprocedure),
          's'::"char",
          'bloom_membership_sel is STABLE, as the planner''s estimators are');
SELECT is((SELECT provolatile FROM pg_proc
            WHERE oid = 'bloom_typanalyze(internal)'::regprocedure),
          's'::"char",
          'bloom_typanalyze is STABLE, as PostgreSQL''s own ANALYZE functions are');
SELECT is((SELECT typanalyze FROM pg_type WHERE oid = 'bloom'::regtype),
          'bloom_typanalyze'::regproc,
          'ANALYZE of a bloom column runs bloom_typanalyze');
SELECT is_empty(
    $$SELECT o.oprname FROM pg_operator o
       WHERE o.oprname IN ('@>', '<@')
         AND 'bloom'::regtype IN (o.oprleft, o.oprright)
         AND o.oprrest <> 'bloom_membership_sel'::regproc$$,
    '@> and <@ estimate their selectivity with bloom_membership_sel');
SELECT results_eq(
    $$SELECT p.oid::regprocedure::text, p.procost::int, p.prosupport::text
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND (p.procost <> 1 OR p.prosupport <> 0)
       ORDER BY 1$$,
    $$VALUES ('bloom_cardinality(bloom)', 400, '-'),
             ('bloom_cardinality_bounds(bloom,double precision)', 400, '-'),
             ('bloom_contained(anycompatible,bloom)', 10, 'bloom_membership_support'),
             ('bloom_contains(bloom,anycompatible)', 10, 'bloom_membership_support'),
             ('bloom_contains_key(bloom,bloombank_key)', 10, 'bloom_membership_support'),
             ('bloom_fpr(bloom)', 1000, '-'),
             ('bloom_info(bloom)', 1000, '-'),
             ('bloom_intersection_cardinality(bloom,bloom)', 1000, '-'),
             ('bloom_intersection_cardinality_bounds(bloom,bloom,double precision)', 1000, '-'),
             ('bloom_jaccard(bloom,bloom)', 1000, '-'),
             ('bloom_jaccard_bounds(bloom,bloom,double precision)', 1000, '-'),
             ('bloom_part_info(bloom)', 400, '-'),
             ('bloom_split(bloom,integer)', 1000, '-'),
             ('bloom_to_parquet(bloom)', 1000, '-'),
             ('bloom_to_parquet(bloom,integer)', 1000, '-'),
             ('bloom_union_cardinality(bloom,bloom)', 1000, '-'),
             ('bloom_union_cardinality_bounds(bloom,bloom,double precision)', 1000, '-')$$,
    'the estimates, descriptions, exports and splits that read whole filters cost 1000, bloom_cardinality, its bounds and bloom_part_info 400 (a header), the membership tests 10 (a probe in memory) and a support function that costs probes by slices; the rest the default');
SELECT is_empty(
    $$SELECT p.oid::regprocedure::text
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND p.prokind = 'f'
         AND NOT p.proisstrict
         AND p.proname NOT IN ('bloom_agg_trans', 'bloom_agg_sized_trans',
                               'bloom_parquet_agg_trans', 'bloom_parquet_agg_sized_trans',
                               'bloom_part_agg_trans')
         AND p.oid NOT IN ('bloom_agg_combine(bloom,bloom)'::regprocedure,
                           'bloom_agg_final(bloom)'::regprocedure,
                           'bloom_parquet_agg_final(bloom)'::regprocedure,
                           'bloom_intersect_agg_trans(bloom,bloom)'::regprocedure,
                           'bloom_assemble_agg_trans(bloom,bloom)'::regprocedure)$$,
    'every scalar function of the extension but the aggregate transition and combine functions, bloom_agg_final and bloom_parquet_agg_final is STRICT');
SELECT is_empty(
    $$SELECT p.oid::regprocedure::text
        FROM pg_proc p
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'))
         AND (p.proname IN ('bloom_agg_trans', 'bloom_agg_sized_trans',
                            'bloom_parquet_agg_trans', 'bloom_parquet_agg_sized_trans',
                            'bloom_part_agg_trans')
              OR p.oid IN ('bloom_agg_combine(bloom,bloom)'::regprocedure,
                           'bloom_agg_final(bloom)'::regprocedure,
                           'bloom_parquet_agg_final(bloom)'::regprocedure,
                           'bloom_intersect_agg_trans(bloom,bloom)'::regprocedure,
                           'bloom_assemble_agg_trans(bloom,bloom)'::regprocedure))
         AND p.proisstrict$$,
    'the aggregate transition and combine functions, bloom_agg_final and bloom_parquet_agg_final are not STRICT');
SELECT is((SELECT proisstrict FROM pg_proc
            WHERE oid = 'bloom_intersect_agg_final(bloom)'::regprocedure),
          true,
          'bloom_intersect_agg_final is STRICT (the intersection of no filters is NULL)');
SELECT is((SELECT prosrc FROM pg_proc
            WHERE oid = 'bloom_intersect_agg_final(bloom)'::regprocedure),
          'bloomfilter_agg_final',
          'bloom_intersect_agg_final is the C function of bloom_agg_final');
SELECT ok((SELECT proisstrict AND prosrc = 'bloomfilter_agg_final' FROM pg_proc
             WHERE oid = 'bloom_part_agg_final(bloom)'::regprocedure),
          'bloom_part_agg_final is the C function of bloom_agg_final, STRICT (a group of NULLs has no part)');
-- C names of the module's own prefix, which no PostgreSQL server uses: a
-- server with JIT inlining takes its own function of a C function's name
-- (test/t/symbols.t checks the names against the server's)
SELECT is_empty(
    $$SELECT p.oid::regprocedure
        FROM pg_proc p
        JOIN pg_language l ON l.oid = p.prolang
       WHERE p.oid IN (SELECT pg_temp.members('pg_proc'::regclass))
         AND l.lanname = 'c'
         AND p.prosrc NOT LIKE 'bloomfilter\_%'$$,
    'every C function of the extension has a C name that starts with bloomfilter_');

--
-- Comments: every member but the operator classes and families has one
--

SELECT is_empty(
    $$SELECT pg_describe_object(d.classid, d.objid, d.objsubid)
        FROM pg_depend d
       WHERE d.refclassid = 'pg_extension'::regclass
         AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'bloomfilter')
         AND d.deptype = 'e'
         AND d.classid NOT IN ('pg_opclass'::regclass, 'pg_opfamily'::regclass)
         -- bloom[] and bloombank_key[], members from PostgreSQL 17 on, are
         -- made with their types
         AND NOT (d.classid = 'pg_type'::regclass
                  AND d.objid IN ('bloom[]'::regtype, 'bloombank_key[]'::regtype))
         AND NOT EXISTS (SELECT FROM pg_description c
                          WHERE c.classoid = d.classid AND c.objoid = d.objid
                            AND c.objsubid = 0 AND c.description <> '')$$,
    'every function, aggregate, operator, type and cast of the extension has a comment');
SELECT is((SELECT count(DISTINCT classid)::int FROM pg_depend
            WHERE refclassid = 'pg_extension'::regclass
              AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'bloomfilter')
              AND deptype = 'e'
              AND classid IN ('pg_proc'::regclass, 'pg_operator'::regclass,
                              'pg_type'::regclass, 'pg_cast'::regclass)),
          4,
          'the comment check sees the extension''s functions, operators, type and casts');

--
-- Aggregates, and the type
--

SELECT results_eq(
    $$SELECT a.aggfnoid::regprocedure::text, a.aggcombinefn::regprocedure::text,
             a.aggtranstype::regtype::text, p.proparallel
        FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
       WHERE a.aggfnoid IN (SELECT pg_temp.members('pg_proc'))
       ORDER BY 1$$,
    $$SELECT * FROM (
          SELECT format(f, t), 'bloom_agg_combine(bloom,bloom)', 'bloom', 's'::"char"
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t),
                 unnest(ARRAY['bloom_agg(%s)', 'bloom_agg(%s,bigint,double precision)']) AS f
          UNION ALL
          SELECT format(f, t), 'bloom_agg_combine(bloom,bloom)', 'bloom', 's'::"char"
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.parquet_types()) AS a(t),
                 unnest(ARRAY['bloom_parquet_agg(%s)',
                              'bloom_parquet_agg(%s,bigint,double precision)']) AS f
          UNION ALL
          SELECT format('bloom_part_agg(%s,bigint,double precision,integer)', t),
                 'bloom_agg_combine(bloom,bloom)', 'bloom', 's'::"char"
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t)
          UNION ALL
          VALUES ('bloom_intersect_agg(bloom)', 'bloom_intersect_agg_trans(bloom,bloom)', 'bloom',
                  's'::"char"),
                 ('bloom_union_agg(bloom)', 'bloom_agg_combine(bloom,bloom)', 'bloom', 's'::"char"),
                 ('bloom_assemble_agg(bloom)', 'bloom_agg_combine(bloom,bloom)', 'bloom',
                  's'::"char")
        ) AS e
       ORDER BY 1$$,
    'every aggregate has a combine function, keeps a bloom state and is PARALLEL SAFE');
SELECT results_eq(
    $$SELECT a.aggfnoid::regprocedure::text, a.aggtransfn::regprocedure::text,
             a.aggfinalfn::regprocedure::text
        FROM pg_aggregate a
       WHERE a.aggfnoid IN (SELECT pg_temp.members('pg_proc'))
       ORDER BY 1$$,
    $$SELECT * FROM (
          SELECT format('bloom_agg(%s)', t), format('bloom_agg_trans(bloom,%s)', t),
                 'bloom_agg_final(bloom)'
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t)
          UNION ALL
          SELECT format('bloom_agg(%s,bigint,double precision)', t),
                 format('bloom_agg_sized_trans(bloom,%s,bigint,double precision)', t),
                 'bloom_agg_final(bloom)'
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t)
          UNION ALL
          SELECT format('bloom_parquet_agg(%s)', t), format('bloom_parquet_agg_trans(bloom,%s)', t),
                 'bloom_parquet_agg_final(bloom)'
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.parquet_types()) AS a(t)
          UNION ALL
          SELECT format('bloom_parquet_agg(%s,bigint,double precision)', t),
                 format('bloom_parquet_agg_sized_trans(bloom,%s,bigint,double precision)', t),
                 'bloom_parquet_agg_final(bloom)'
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.parquet_types()) AS a(t)
          UNION ALL
          SELECT format('bloom_part_agg(%s,bigint,double precision,integer)', t),
                 format('bloom_part_agg_trans(bloom,%s,bigint,double precision,integer)', t),
                 'bloom_part_agg_final(bloom)'
            FROM (SELECT 'anycompatible' UNION ALL SELECT pg_temp.overload_types()) AS a(t)
          UNION ALL
          VALUES ('bloom_intersect_agg(bloom)', 'bloom_intersect_agg_trans(bloom,bloom)',
                  'bloom_intersect_agg_final(bloom)'),
                 ('bloom_union_agg(bloom)', 'bloom_agg_combine(bloom,bloom)',
                  'bloom_agg_final(bloom)'),
                 ('bloom_assemble_agg(bloom)', 'bloom_assemble_agg_trans(bloom,bloom)',
                  'bloom_part_agg_final(bloom)')
        ) AS e
       ORDER BY 1$$,
    'the aggregates'' transition and final functions');

SELECT is((SELECT typstorage FROM pg_type WHERE oid = 'bloom'::regtype), 'e'::"char",
          'type bloom has external storage');

--
-- NULL in, NULL out
--

SELECT is(bloom_create(NULL), NULL, 'bloom_create(NULL) is NULL');
SELECT is(bloom_create(10, NULL), NULL, 'bloom_create(10, NULL) is NULL');
SELECT is(bloom_add(NULL, 1), NULL, 'bloom_add(NULL, 1) is NULL');
SELECT is(bloom_add(bloom_create(10), NULL::int), NULL, 'bloom_add(filter, NULL) is NULL');
SELECT is(bloom_contains(NULL, 1), NULL, 'bloom_contains(NULL, 1) is NULL');
SELECT is(bloom_contains(bloom_create(10), NULL::int), NULL, 'bloom_contains(filter, NULL) is NULL');
SELECT is(bloom_create(10) @> NULL::int, NULL, 'filter @> NULL is NULL');
SELECT is(bloom_fpr(NULL), NULL, 'bloom_fpr(NULL) is NULL');
SELECT is((bloom_info(NULL)).layout, NULL, 'bloom_info(NULL) is NULL');
SELECT is(bloom_union(NULL, bloom_create(10)), NULL, 'bloom_union(NULL, filter) is NULL');
SELECT is(bloom_union(bloom_create(10), NULL), NULL, 'bloom_union(filter, NULL) is NULL');
SELECT is(bloom_create(10) | NULL, NULL, 'filter | NULL is NULL');
SELECT is(bloom_intersect(NULL, bloom_create(10)), NULL, 'bloom_intersect(NULL, filter) is NULL');
SELECT is(bloom_intersect(bloom_create(10), NULL), NULL, 'bloom_intersect(filter, NULL) is NULL');
SELECT is(NULL & bloom_create(10), NULL, 'NULL & filter is NULL');
SELECT is(bloom_cardinality(NULL), NULL, 'bloom_cardinality(NULL) is NULL');
SELECT is(# NULL::bloom, NULL, '# NULL is NULL');
SELECT is(bloom_union_cardinality(NULL, bloom_create(10)), NULL,
          'bloom_union_cardinality(NULL, filter) is NULL');
SELECT is(bloom_union_cardinality(bloom_create(10), NULL), NULL,
          'bloom_union_cardinality(filter, NULL) is NULL');
SELECT is(bloom_intersection_cardinality(NULL, bloom_create(10)), NULL,
          'bloom_intersection_cardinality(NULL, filter) is NULL');
SELECT is(bloom_intersection_cardinality(bloom_create(10), NULL), NULL,
          'bloom_intersection_cardinality(filter, NULL) is NULL');
SELECT is(bloom_jaccard(NULL, bloom_create(10)), NULL, 'bloom_jaccard(NULL, filter) is NULL');
SELECT is(bloom_jaccard(bloom_create(10), NULL), NULL, 'bloom_jaccard(filter, NULL) is NULL');
SELECT is(bloom_part_of(NULL::text, 10, 0.01, 4), NULL, 'bloom_part_of(NULL, ...) is NULL');
SELECT is(bloom_part_create(10, 0.01, 4, NULL), NULL, 'bloom_part_create(..., NULL) is NULL');
SELECT is((SELECT bloom_part_agg(v, 10, 0.01, 4) FROM (VALUES (NULL::int), (NULL)) AS s(v)), NULL,
          'bloom_part_agg over only NULLs is NULL: they belong to no part');
SELECT is((SELECT bloom_assemble_agg(f) FROM (VALUES (NULL::bloom)) AS s(f)), NULL,
          'bloom_assemble_agg over no parts is NULL');
SELECT is((bloom_cardinality_bounds(NULL)).estimate, NULL, 'bloom_cardinality_bounds(NULL) is NULL');
SELECT is((bloom_union_cardinality_bounds(bloom_create(10), NULL)).upper, NULL,
          'bloom_union_cardinality_bounds(filter, NULL) is NULL');
SELECT is((bloom_intersection_cardinality_bounds(NULL, bloom_create(10))).lower, NULL,
          'bloom_intersection_cardinality_bounds(NULL, filter) is NULL');
SELECT is((bloom_jaccard_bounds(bloom_create(10), bloom_create(10), NULL)).estimate, NULL,
          'bloom_jaccard_bounds(filter, filter, NULL) is NULL');

-- the union of no filters is an empty filter, their intersection NULL
SELECT isnt((SELECT bloom_union_agg(f) FROM (VALUES (bloom_create(10))) v(f) WHERE false), NULL,
            'bloom_union_agg over no rows is not NULL');
SELECT is((SELECT # bloom_union_agg(f) FROM (VALUES (bloom_create(10))) v(f) WHERE false),
          0::float8,
          'bloom_union_agg over no rows is an empty filter: cardinality 0');
SELECT ok((SELECT NOT (bloom_union_agg(f) @> 1) FROM (VALUES (bloom_create(10))) v(f) WHERE false),
          'bloom_union_agg over no rows has no members');
SELECT is((SELECT # bloom_union_agg(f) FROM (VALUES (NULL::bloom), (NULL)) v(f)),
          0::float8,
          'bloom_union_agg over only NULLs is an empty filter: cardinality 0');
SELECT is((SELECT bloom_intersect_agg(f) FROM (VALUES (bloom_create(10))) v(f) WHERE false), NULL,
          'bloom_intersect_agg over no rows is NULL');
SELECT is((SELECT bloom_intersect_agg(f) FROM (VALUES (NULL::bloom), (NULL)) v(f)), NULL,
          'bloom_intersect_agg over only NULLs is NULL');

--
-- Errors
--

SELECT throws_ok('SELECT bloom_create(0)', '22023', NULL,
                 'bloom_create(0): invalid_parameter_value');
SELECT throws_ok('SELECT bloom_create(-5)', '22023', NULL,
                 'bloom_create(-5): invalid_parameter_value');
SELECT throws_ok('SELECT bloom_create(10, 0)', '22023', NULL,
                 'bloom_create(10, 0): invalid_parameter_value');
SELECT throws_ok('SELECT bloom_create(10, 1)', '22023', NULL,
                 'bloom_create(10, 1): invalid_parameter_value');
SELECT throws_ok('SELECT bloom_create(10000000000000)', '54000', NULL,
                 'bloom_create(10000000000000): program_limit_exceeded');
SELECT throws_ok('SELECT bloom_create(9223372036854775807)', '54000', NULL,
                 'the largest bigint capacity is program_limit_exceeded, not an allocation failure');
SELECT throws_ok('SELECT bloom_create(1000, 5e-324)', '54000', NULL,
                 'the smallest positive rate is program_limit_exceeded');
SELECT throws_ok($$SELECT bloom_create(10, '-Infinity')$$, '22023', NULL,
                 'an infinite rate is invalid_parameter_value');
SELECT throws_ok('SELECT bloom_agg(i, 9223372036854775807, 0.01) FROM generate_series(1, 3) i',
                 '54000', NULL,
                 'bloom_agg sized past the limit is program_limit_exceeded before it allocates');
SELECT throws_ok('SELECT bloom_agg(i, 1000, 1e-300) FROM generate_series(1, 3) i', '54000', NULL,
                 'bloom_agg at an absurd rate is program_limit_exceeded');
SELECT throws_ok($$SELECT 'garbage'::bloom$$, '22P02', NULL,
                 '''garbage''::bloom: invalid_text_representation');
SELECT throws_ok($$SELECT '\x00'::bytea::bloom$$, '22P03', NULL,
                 '''\x00''::bytea::bloom: invalid_binary_representation');
SELECT throws_ok($$SELECT bloom_add(bloom_create(10), 'x'::text) @> 1$$, '42804', NULL,
                 'a text filter probed with an integer: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_add(bloom_add(bloom_create(10), 'x'::text), 1)$$, '42804', NULL,
                 'an integer added to a text filter: datatype_mismatch');
SELECT throws_ok('SELECT bloom_agg(x, NULL, 0.01) FROM generate_series(1, 3) x', '22004', NULL,
                 'bloom_agg with a NULL capacity: null_value_not_allowed');
SELECT throws_ok('SELECT bloom_agg(x, 10, NULL) FROM generate_series(1, 3) x', '22004', NULL,
                 'bloom_agg with a NULL false-positive rate: null_value_not_allowed');
SELECT throws_ok('SELECT bloom_agg(i, i, 0.01) FROM generate_series(1, 3) i', '22023', NULL,
                 'bloom_agg with a capacity that changes between rows: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_agg(i, 0, 0.01) FROM generate_series(1, 3) i', '22023', NULL,
                 'bloom_agg with capacity 0: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_agg_trans(NULL, 1)', '0A000', NULL,
                 'bloom_agg_trans called directly: feature_not_supported');
SELECT throws_ok('SELECT bloom_intersect_agg_trans(NULL, bloom_create(10))', '0A000', NULL,
                 'bloom_intersect_agg_trans called directly: feature_not_supported');
SELECT throws_ok('SELECT bloom_add(bloom_create(10), point(1, 2))', '42883', NULL,
                 'a value of a type without a hash operator class: undefined_function');

-- Filters kept in parts
SELECT throws_ok('SELECT bloom_part_create(100, 0.01, 0, 0)', '22023', NULL,
                 'bloom_part_create with no parts: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_part_create(100, 0.01, 4, 4)', '22023', NULL,
                 'bloom_part_create with a part number past the parts: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_part_create(1000000000, 0.01, 1, 0)', '54000', NULL,
                 'bloom_part_create with parts past 768 MB: program_limit_exceeded');
SELECT throws_ok('SELECT bloom_part_create(10000000000000, 0.0001, 100000, 0)', '54000', NULL,
                 'bloom_part_create with a whole past 2^32 blocks: program_limit_exceeded');
SELECT throws_ok($$SELECT bloom_part_of('x'::text, 100, 0.01, 0)$$, '22023', NULL,
                 'bloom_part_of with no parts: invalid_parameter_value');
SELECT throws_ok($$SELECT bloom_part_create(100, 0.01, 2, 1 - bloom_part_of('x'::text, 100, 0.01, 2)) @> 'x'::text$$,
                 '22023', NULL,
                 'a value probed in another part: invalid_parameter_value');
SELECT throws_ok($$SELECT bloom_add(bloom_part_create(100, 0.01, 2, 1 - bloom_part_of('x'::text, 100, 0.01, 2)), 'x'::text)$$,
                 '22023', NULL,
                 'a value added to another part: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_part_agg(i, 100, 0.01, 4) FROM generate_series(1, 100) i',
                 '42803', NULL,
                 'bloom_part_agg over values of several parts in one group: grouping_error');
SELECT throws_ok('SELECT bloom_part_agg(i, 100, 0.01, NULL) FROM generate_series(1, 3) i',
                 '22004', NULL,
                 'bloom_part_agg with a NULL part count: null_value_not_allowed');
SELECT throws_ok('SELECT bloom_part_create(100, 0.01, 2, 0) | bloom_part_create(100, 0.01, 2, 1)',
                 '22000', NULL, 'the union of two parts of different numbers: data_exception');
SELECT throws_ok('SELECT bloom_part_create(100, 0.01, 1, 0) & bloom_create(100, 0.01)',
                 '22000', NULL, 'the intersection of a part and a whole filter: data_exception');
SELECT throws_ok('SELECT bloom_assemble_agg(bloom_part_create(1000000000, 0.01, 1024, 0))',
                 '54000', NULL, 'bloom_assemble_agg of a whole past 768 MB: program_limit_exceeded');
SELECT throws_ok('SELECT bloom_assemble_agg(bloom_create(100, 0.01))', '22023', NULL,
                 'bloom_assemble_agg of a filter that is no part: invalid_parameter_value');
SELECT throws_ok('SELECT * FROM bloom_split(bloom_create(100, 0.01), 3)', '22023', NULL,
                 'bloom_split into a count that does not divide the blocks: invalid_parameter_value');
SELECT throws_ok($$SELECT overlay(bloom_part_create(100, 0.01, 2, 0)::bytea
                                   PLACING '\x02000000'::bytea FROM 57 FOR 4)::bloom$$,
                 '22P03', NULL, 'a part numbered past its part count: invalid_binary_representation');
SELECT throws_ok($$SELECT overlay(bloom_create(100, 0.01)::bytea
                                   PLACING '\x02000000'::bytea FROM 13 FOR 4)::bloom$$,
                 '22P03', NULL, 'a part count in a filter that is no part: invalid_binary_representation');

-- Filters that do not combine: block counts not related by a power of two
-- (bloom_create(100) has 5 blocks, bloom_create(300) 13), and filters of
-- different kinds of value
CREATE TEMP TABLE mismatched (name text, a bloom, b bloom);
INSERT INTO mismatched
    SELECT 'sizes', bloom_create(100), bloom_create(300);
INSERT INTO mismatched
    SELECT 'kinds', (SELECT bloom_agg(i) FROM generate_series(1, 100) i),
           (SELECT bloom_agg(i::text) FROM generate_series(1, 100) i);

SELECT throws_ok('SELECT bloom_create(100) | bloom_create(300)', '22000', NULL,
                 'bloom_create(100) | bloom_create(300): data_exception');
SELECT throws_ok($$SELECT a | b FROM mismatched WHERE name = 'kinds'$$, '42804', NULL,
                 'bloom_agg over integers | bloom_agg over text: datatype_mismatch');
SELECT throws_ok('SELECT (SELECT bloom_parquet_agg(i) FROM generate_series(1, 10) i) | (SELECT bloom_agg(i) FROM generate_series(1, 10) i)',
                 '22000', 'cannot combine a bloom filter of hash parquet with one of hash xxh3_64',
                 'a filter in Parquet mode | one in the default mode: data_exception, naming both hashes');
SELECT throws_ok($$SELECT bloom_create(10, 0.01, 'xxh64')$$, '22023', NULL,
                 'bloom_create with an unknown hash: invalid_parameter_value');
SELECT throws_ok($$SELECT bloom_parquet_agg(x) FROM (VALUES (inet '10.0.0.1')) v(x)$$, '0A000', NULL,
                 'bloom_parquet_agg over a type with no Parquet form: feature_not_supported');
SELECT throws_ok($$SELECT bloom_from_parquet('\x1540'::bytea, 'int8')$$, '22P03', NULL,
                 'bloom_from_parquet of a truncated header: invalid_binary_representation');
SELECT throws_ok($$SELECT bloom_to_parquet(bloom_create(100))$$, '0A000', NULL,
                 'bloom_to_parquet of a filter in the default mode: feature_not_supported');
SELECT throws_ok($$SELECT a & b FROM mismatched WHERE name = 'sizes'$$, '22000', NULL,
                 '& of filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT a & b FROM mismatched WHERE name = 'kinds'$$, '42804', NULL,
                 '& of filters of integers and of text: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_union_cardinality(a, b) FROM mismatched WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_union_cardinality of filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_union_cardinality(a, b) FROM mismatched WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_union_cardinality of filters of integers and of text: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_intersection_cardinality(a, b) FROM mismatched WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_intersection_cardinality of filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_intersection_cardinality(a, b) FROM mismatched WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_intersection_cardinality of filters of integers and of text: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_jaccard(a, b) FROM mismatched WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_jaccard of filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_jaccard(a, b) FROM mismatched WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_jaccard of filters of integers and of text: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_intersection_cardinality_bounds(a, b) FROM mismatched WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_intersection_cardinality_bounds of filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_jaccard_bounds(a, b) FROM mismatched WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_jaccard_bounds of filters of integers and of text: datatype_mismatch');
SELECT throws_ok('SELECT bloom_cardinality_bounds(bloom_create(10), 1)', '22023', NULL,
                 'bloom_cardinality_bounds at confidence 1: invalid_parameter_value');
SELECT throws_ok('SELECT bloom_union_cardinality_bounds(bloom_create(10), bloom_create(10), 0)',
                 '22023', NULL,
                 'bloom_union_cardinality_bounds at confidence 0: invalid_parameter_value');
SELECT throws_ok($$SELECT bloom_intersection_cardinality_bounds(bloom_create(10), bloom_create(10), 'NaN')$$,
                 '22023', NULL,
                 'bloom_intersection_cardinality_bounds at confidence NaN: invalid_parameter_value');
SELECT throws_ok($$SELECT bloom_union_agg(f) FROM mismatched, LATERAL (VALUES (a), (b)) v(f)
                    WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_union_agg over filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_union_agg(f) FROM mismatched, LATERAL (VALUES (a), (b)) v(f)
                    WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_union_agg over filters of integers and of text: datatype_mismatch');
SELECT throws_ok($$SELECT bloom_intersect_agg(f) FROM mismatched, LATERAL (VALUES (a), (b)) v(f)
                    WHERE name = 'sizes'$$,
                 '22000', NULL,
                 'bloom_intersect_agg over filters of incompatible sizes: data_exception');
SELECT throws_ok($$SELECT bloom_intersect_agg(f) FROM mismatched, LATERAL (VALUES (a), (b)) v(f)
                    WHERE name = 'kinds'$$,
                 '42804', NULL,
                 'bloom_intersect_agg over filters of integers and of text: datatype_mismatch');

DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        CREATE COLLATION test_case_insensitive
            (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
    END IF;
END
$$;
-- text under a nondeterministic collation: a kind per collation, strings
-- the collation calls equal hash alike (char(n) and varchar too), a probe
-- under another collation is refused; arrays of such text, and composites
-- with such an attribute, hash by the collation too
CREATE FUNCTION pg_temp.icu_ok(query text, description text) RETURNS text
LANGUAGE plpgsql AS $f$
DECLARE
    result boolean;
BEGIN
    IF NOT EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        RETURN skip('this PostgreSQL has no ICU collations', 1);
    END IF;
    EXECUTE query INTO result;
    RETURN ok(result, description);
END
$f$;
CREATE FUNCTION pg_temp.icu_throws(query text, state text, description text) RETURNS text
LANGUAGE plpgsql AS $f$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        RETURN skip('this PostgreSQL has no ICU collations', 1);
    END IF;
    RETURN throws_ok(query, state, NULL, description);
END
$f$;
SELECT pg_temp.icu_ok($$
    SELECT count(*) = 0 FROM
        (SELECT bloom_agg(('Value ' || i) COLLATE test_case_insensitive) AS f
         FROM generate_series(1, 1000) AS i) AS b,
        generate_series(1, 1000) AS i
    WHERE NOT f @> (upper('Value ' || i) COLLATE test_case_insensitive)$$,
    'text under a nondeterministic collation: strings it calls equal hash alike (no false negative)');
SELECT pg_temp.icu_ok($$
    SELECT bloom_agg('Ab'::char(4) COLLATE test_case_insensitive)
           @> ('aB  '::varchar COLLATE test_case_insensitive)$$,
    'char(n) and varchar under a nondeterministic collation hash alike, without trailing blanks');
SELECT pg_temp.icu_ok($$
    SELECT (bloom_info(bloom_agg('x' COLLATE test_case_insensitive))).value_kind
           = 'text COLLATE test_case_insensitive'$$,
    'text under a nondeterministic collation has a kind that names the collation');
SELECT pg_temp.icu_throws($$SELECT bloom_add(bloom_create(10), 'x' COLLATE test_case_insensitive) @> 'x'::text$$,
    '42804', 'probing a filter of text under a nondeterministic collation with text under another: datatype_mismatch');
SELECT pg_temp.icu_throws($$SELECT bloom_add(bloom_create(10), 'x'::name COLLATE test_case_insensitive)$$,
    '0A000', 'name under a nondeterministic collation: feature_not_supported');
SELECT pg_temp.icu_ok($$
    SELECT bloom_agg(ARRAY['ABC', 'Def'] COLLATE test_case_insensitive)
           @> (ARRAY['abc', 'DEF'] COLLATE test_case_insensitive)$$,
    'arrays of text under a nondeterministic collation: arrays it calls equal hash alike');
SELECT pg_temp.icu_throws($$SELECT bloom_agg(ARRAY['ABC'] COLLATE test_case_insensitive) @> (ARRAY['ABC'] COLLATE "C")$$,
    '42804', 'arrays of text: a probe under another collation is refused, not a false negative');
SELECT pg_temp.icu_ok($$
    SELECT bloom_add(bloom_create(10), ('ABC' COLLATE "C")::text) @> ('ABC' COLLATE "POSIX")$$,
    'text under two deterministic collations: one kind, bytes hashed alike');

-- strings equal under "=" with other trailing characters (issue 24, item
-- 2): as text, 'a ' equals E'a\u00A0' under a secondary strength and
-- E'a \u200B' under und, nondeterministic; as char(n), or varchar against
-- char(n), trailing blanks do not count.  Every pair "=" calls equal, as
-- text and as char(n) against varchar, is a member of the other's filter.
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        CREATE COLLATION test_und_nondeterministic
            (provider = icu, locale = 'und', deterministic = false);
        CREATE TABLE pg_temp.suffixed (s) AS
            SELECT p || t FROM unnest(ARRAY['a', 'A', E'a\u0301', 'b']) AS p,
                unnest(ARRAY['', ' ', '  ', E'\u00A0', E' \u00A0', E'\u200B', E' \u200B',
                             E'\u2003', E'\u0001', E' \u0301', E'\u3000']) AS t;
    END IF;
END
$$;
SELECT pg_temp.icu_ok($$
    SELECT count(*) = 0 FROM suffixed x, suffixed y
    WHERE x.s COLLATE test_case_insensitive = y.s
      AND NOT bloom_add(bloom_create(10), x.s COLLATE test_case_insensitive)
              @> (y.s COLLATE test_case_insensitive)$$,
    'text under a secondary strength: strings equal but for trailing characters hash alike');
SELECT pg_temp.icu_ok($$
    SELECT count(*) = 0 FROM suffixed x, suffixed y
    WHERE x.s COLLATE test_und_nondeterministic = y.s
      AND NOT bloom_add(bloom_create(10), x.s COLLATE test_und_nondeterministic)
              @> (y.s COLLATE test_und_nondeterministic)$$,
    'text under und, nondeterministic: strings equal but for trailing characters hash alike');
SELECT pg_temp.icu_ok($$
    SELECT count(*) = 0 FROM suffixed x, suffixed y
    WHERE x.s::char(4) COLLATE test_case_insensitive = y.s::varchar
      AND NOT (bloom_add(bloom_create(10), x.s::char(4) COLLATE test_case_insensitive)
               @> (y.s::varchar COLLATE test_case_insensitive)
               AND bloom_add(bloom_create(10), y.s::varchar COLLATE test_case_insensitive)
               @> (x.s::char(4) COLLATE test_case_insensitive))$$,
    'char(n) against varchar under a nondeterministic collation: equal strings hash alike');
SELECT pg_temp.icu_ok($$
    SELECT count(*) > 40 FROM suffixed x, suffixed y
    WHERE x.s <> y.s AND x.s COLLATE test_case_insensitive = y.s$$,
    'the strings above hold pairs that differ in their bytes and are equal');

-- a collation's kind is what decides equality under it, not its name
-- (issue 24, item 3): collations of one name in two schemas, or one made
-- again with another locale, give other kinds; collations defined alike
-- give one
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        CREATE SCHEMA test_s1;
        CREATE SCHEMA test_s2;
        CREATE COLLATION test_s1.ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
        CREATE COLLATION test_s2.ci (provider = icu, locale = 'und-u-ks-level1', deterministic = false);
        CREATE TABLE pg_temp.collated AS
            SELECT bloom_agg(('abc' || g) COLLATE test_s1.ci) AS f FROM generate_series(1, 10) AS g;
    END IF;
END
$$;
SELECT pg_temp.icu_throws($$SELECT f @> ('abc1' COLLATE test_s2.ci) FROM collated$$,
    '42804', 'a probe under a collation of the same name in another schema, of another strength, is refused');
SELECT pg_temp.icu_ok($$SELECT f @> ('ABC1' COLLATE test_case_insensitive) FROM collated$$,
    'a probe under another collation defined alike is answered');
SELECT pg_temp.icu_ok($$SELECT (bloom_info(bloom_agg('x' COLLATE test_s2.ci))).value_kind
                        = 'text COLLATE test_s2.ci'$$,
    'a collated kind names its collation with its schema when it is not on the search path');
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
        DROP COLLATION test_s1.ci;
        CREATE COLLATION test_s1.ci (provider = icu, locale = 'und-u-ks-level1', deterministic = false);
    END IF;
END
$$;
SELECT pg_temp.icu_throws($$SELECT f @> ('abc1' COLLATE test_s1.ci) FROM collated$$,
    '42804', 'a probe under a collation dropped and made again with another strength is refused');

SELECT * FROM finish();
ROLLBACK;

#!/usr/bin/perl
# test/t/jit.t: the whole SQL suite with JIT compilation forced on, on a
# server that ships JIT.
#
# The other tests leave JIT at PostgreSQL's defaults or turn it off, and
# their queries cost too little to be compiled: the crash of issue 24 (the
# server's own bloom_create inlined in place of ours) went unseen.  Here
# the cluster compiles every query, with inlining and optimization:
# jit = on and jit_above_cost, jit_inline_above_cost and
# jit_optimize_above_cost all 0.
#
# Whether the server ships JIT is read from how it was built (pg_config
# --configure has --with-llvm).  A server built without it has no JIT to
# test, and the test says so and skips.  A server built with it must be
# able to use it, or the test fails: its JIT provider (jit_provider,
# llvmjit) loads (pg_jit_available()), the module's bitcode is installed
# for the inliner (make install puts it in $pkglibdir/bitcode when the
# server was built with LLVM), and EXPLAIN ANALYZE shows a query calling
# bloom_create compiled with inlining and optimization.
#
# Then, as t/sanitizer.t does: pg_regress and every pgTAP file run on the
# cluster, and no server process may have died (t/symbols.t runs the
# issue's query in a catalog of 1.0 and at each step of its update).  No expected output shows EXPLAIN's JIT
# section: the regression files print plans with COSTS OFF, which leaves
# it out, or read single fields of EXPLAIN's JSON.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use SqlSuite;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use JSON::PP ();
use Test::More;

chomp(my $configure = `pg_config --configure`);
chomp(my $pkglibdir = `pg_config --pkglibdir`);

plan skip_all => 'the server is built without JIT (pg_config --configure has no --with-llvm)'
  unless $configure =~ /--with-llvm\b/;

my $node = PostgreSQL::Test::Cluster->new('jit');
$node->init;
$node->append_conf('postgresql.conf', q{
jit = on
jit_above_cost = 0
jit_inline_above_cost = 0
jit_optimize_above_cost = 0
log_statement = none
});
$node->start;

# The issue's query, which crashed the server
my $reproducer =
  'SELECT count(*) FROM generate_series(1, 5) AS g WHERE bloom_create(g, 0.01) IS NOT NULL';

# Queries that fail return '' (SqlSuite::query): nothing after the start
# may die, so that the end still looks at the server's log
sub query
{
	return SqlSuite::query($node, @_);
}

# JIT can be used, and is used on the module's functions
my $provider = query('postgres', 'SHOW jit_provider');
is(query('postgres', 'SELECT pg_jit_available()'), 't',
	"JIT is available: the server's provider ($provider) loads");
ok(-f "$pkglibdir/bitcode/bloomfilter.index.bc",
	"the module's bitcode is installed for the inliner ($pkglibdir/bitcode)");
query('postgres', 'CREATE EXTENSION bloomfilter');
my $explained = query('postgres', "EXPLAIN (ANALYZE, FORMAT JSON) $reproducer");
my $jit = eval { JSON::PP::decode_json($explained)->[0]{JIT} } // {};
ok($jit->{Functions} && $jit->{Options}{Inlining} && $jit->{Options}{Optimization},
	'a query calling bloom_create is compiled with inlining and optimization')
  or diag("EXPLAIN: $explained");
is(query('postgres', $reproducer), '5', "the issue's query answers under JIT");

# Compiling every query makes the suite several times slower, and most of
# that was pgTAP's own queries, in its functions (plan, is, ok and their
# helpers), not ours: compiled, semantics.sql took 29 s, bounds.sql 16 and
# estimates.sql 36; with those functions run uncompiled 8, 6 and 15.  So
# pgTAP is made beforehand in the pgTAP files' database, and each of its
# functions that runs no SQL given as text (no EXECUTE) runs with jit off;
# those that do (lives_ok, throws_ok, results_eq and their helpers) keep
# it on, so that every query of ours is still compiled, wherever a pgTAP
# function is called from.
SqlSuite::run($node, ' under JIT', 10, q{
CREATE EXTENSION pgtap;
DO $$
DECLARE
    f regprocedure;
    runs_sql boolean;
BEGIN
    FOR f, runs_sql IN
        SELECT p.oid::regprocedure, p.prosrc ~* '\mexecute\M'
          FROM pg_depend AS d JOIN pg_proc AS p ON p.oid = d.objid
         WHERE d.classid = 'pg_proc'::regclass
           AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pgtap')
    LOOP
        EXECUTE format('ALTER FUNCTION %s SET jit = %s', f,
                       CASE WHEN runs_sql THEN 'on' ELSE 'off' END);
    END LOOP;
END $$;
});

$node->stop('fast', fail_ok => 1);

my @failures = grep { /terminated by signal|server process .* exited with exit code|failed to resolve name|failed to look up symbol/ }
  split /\n/, slurp_file($node->logfile);
is(scalar @failures, 0, 'no server process failed, and every JIT symbol resolved')
  or diag(join("\n", @failures));

done_testing();

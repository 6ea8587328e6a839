#!/usr/bin/perl
# test/t/dense.t: bloom_agg(value) past its exact phase (issue 13).
#
# A state keeps its distinct hashes as a sorted run up to 8,388,608 of
# them, then becomes a 64 MiB block filter that is folded down to the
# ladder size for its estimated count at the end.  The regression tests
# stay well below that limit; this makes sets past it, in one process and
# in parallel workers whose states meet in every pairing (both past it,
# one past it with one exact, two exact whose union is past it), and
# checks that the parallel plan's filter is the serial plan's byte for
# byte, that no member is missing, and that the false-positive rate and
# the size are what sizing.md promises.
#
# About half a minute on two cores.  Like the other cluster tests it runs
# the installed extension (BLOOM_TEST_INSTALL_PATH: see large.t).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my @install = $ENV{BLOOM_TEST_INSTALL_PATH}
  ? (install_path => $ENV{BLOOM_TEST_INSTALL_PATH}) : ();

my $node = PostgreSQL::Test::Cluster->new('dense', @install);
$node->init;
$node->append_conf('postgresql.conf', qq{
jit = off
max_worker_processes = 8
max_parallel_workers = 4
});
$node->start;

# Parallel Append gives each branch of a UNION ALL of function scans to
# one worker, so each worker's state holds one branch.
$node->safe_psql('postgres', q{
CREATE EXTENSION bloomfilter;
CREATE VIEW dense_dense AS
	SELECT x FROM generate_series(1, 9000000) AS x
	UNION ALL SELECT x FROM generate_series(4500001, 13500000) AS x;
CREATE VIEW dense_exact AS
	SELECT x FROM generate_series(1, 9000000) AS x
	UNION ALL SELECT x FROM generate_series(-5, -1) AS x;
CREATE VIEW exact_exact AS
	SELECT x FROM generate_series(1, 5000000) AS x
	UNION ALL SELECT x FROM generate_series(4000001, 9000000) AS x;
});

my $parallel = q{
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
};
my $serial = "SET max_parallel_workers_per_gather = 0;\n";

foreach my $view (qw(dense_dense dense_exact exact_exact))
{
	my $plan = $node->safe_psql('postgres', $parallel
		  . "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT bloom_agg(x) FROM $view");
	like($plan, qr/Workers Launched: 2/, "$view: two workers aggregate");
	$node->safe_psql('postgres', $parallel
		  . "CREATE TABLE par_$view AS SELECT bloom_agg(x) AS f FROM $view");
	is($node->safe_psql('postgres', $serial
		  . "SELECT f::bytea = s::bytea FROM par_$view, (SELECT bloom_agg(x) AS s FROM $view) AS serial"),
		't', "$view: the parallel plan's filter is the serial plan's, byte for byte");
}

# exact_exact's 9,000,000 values, two states past the exact phase only
# together (or one state that the finish takes past it, serially): a block
# filter of the ladder size (2^19 blocks, the power of two at or above the
# 370,169 that 1% needs), not one block (a finish that sized by bits it had
# not counted made one, every bit set)
is($node->safe_psql('postgres', $serial
	  . 'SELECT (bloom_info(bloom_agg(x))).blocks FROM exact_exact'),
	1 << 19, '9,000,000 values past the exact phase in one process: 2^19 blocks');
is($node->safe_psql('postgres', 'SELECT (bloom_info(f)).blocks FROM par_exact_exact'),
	1 << 19, '9,000,000 values from two exact states: 2^19 blocks');

# The largest set, 13,500,000 values: a block filter of the ladder size
# (2^20 blocks, the power of two at or above the 555,253 that 1% needs),
# its estimate close, its members all in, and strangers in at about its
# rate
my ($layout, $blocks, $estimate) = split /\|/, $node->safe_psql('postgres',
	q{SELECT (bloom_info(f)).layout, (bloom_info(f)).blocks, round((bloom_info(f)).cardinality) FROM par_dense_dense});
is($layout, 'blocks', '13,500,000 values make a block filter');
is($blocks, 1 << 20, 'of 2^20 blocks, the ladder size for its count');
cmp_ok(abs($estimate - 13_500_000) / 13_500_000, '<', 0.01,
	"its cardinality estimate $estimate is within 1% of 13,500,000");
is($node->safe_psql('postgres',
	q{SELECT count(*) FROM par_dense_dense, generate_series(1, 13500000, 97) AS x WHERE NOT f @> x}),
	'0', 'every member sampled (every 97th) tests as a member');
my $false = $node->safe_psql('postgres',
	q{SELECT count(*) FROM par_dense_dense, generate_series(100000001, 100200000) AS x WHERE f @> x});
cmp_ok($false, '<=', 2300, "$false of 200,000 strangers test as members: at most 1.15%");

# The union of two exact states past the limit is the filter the serial
# plan sized from its count: 9,000,000 values
is($node->safe_psql('postgres', q{SELECT (bloom_info(f)).layout FROM par_exact_exact}),
	'blocks', 'two exact states whose union is past the limit make a block filter');

done_testing();

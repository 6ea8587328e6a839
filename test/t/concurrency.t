#!/usr/bin/perl
# test/t/concurrency.t: concurrent bloom_add on shared filters loses no value.
#
# Eight pgbench clients share four filters in one table.  A writer takes a
# distinct value from a sequence and, in one transaction, adds it to one of
# the filters (UPDATE ... SET f = bloom_add(f, v)) and logs it in a table, so
# the log row commits if and only if the add does.  A reader checks, in one
# snapshot, that every logged value of a filter is a member of it, and reads
# the filter's estimate and fill.  Afterwards every logged value must be a
# member (zero lost adds), the filters' estimates must be close to the
# number logged, and values never added must be mostly absent.
#
# The filters: 100,000 and 10,000 values at 1 % (131 kB and 13 kB, stored
# out of line in TOAST), 1,000 at 1 % (1.4 kB, stored in the row) and
# 20,000 at 0.1 % (42 kB, in TOAST); in long mode the third is 10,000 at
# 1 % (13 kB, in TOAST).  Concurrent writers of one filter wait
# for each other's row lock and then add to the newest version of the row.
#
# Default size: 8 clients x 500 transactions, three writers for one reader
# (about 3,000 adds, some 160 MB of WAL, a few seconds).  BLOOM_TEST_LONG=1
# runs ten times as many transactions, with the third filter ten times as
# large so that it is not filled past its capacity.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use SharedFilters;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;

my $scale   = $ENV{BLOOM_TEST_LONG} ? 10 : 1;
my $clients = 8;
my $per_client = 500 * $scale;
my $probes  = 100_000;

my $node = PostgreSQL::Test::Cluster->new('concurrency');
$node->init;
$node->start;

SharedFilters::create($node, $scale);
$node->safe_psql('postgres',
	'CREATE TABLE anomalies (fid int NOT NULL, lost bigint NOT NULL)');

# The setup is what the test means it to be: filters out of line in TOAST
my $toast = $node->safe_psql('postgres',
	q{SELECT reltoastrelid::regclass FROM pg_class WHERE relname = 'filters'});
is($node->safe_psql('postgres', "SELECT count(DISTINCT chunk_id) FROM $toast"),
	$scale == 1 ? '3' : '4',
	'the large filters are stored out of line');

my $scripts = PostgreSQL::Test::Utils::tempdir('scripts');
my $writer = SharedFilters::writer_script($scripts);
PostgreSQL::Test::Utils::append_to_file("$scripts/reader.sql", q{
\set fid random(1, 4)
SELECT count(*) AS lost
  FROM committed AS c JOIN filters AS x ON x.id = c.fid
  WHERE x.id = :fid AND NOT x.f @> c.v \gset
\if :lost > 0
INSERT INTO anomalies VALUES (:fid, :lost);
\endif
SELECT # f, (bloom_info(f)).fill_ratio, f @> -1::bigint
  FROM filters WHERE id = :fid;
});

my $start = time;
my ($out, $err);
my $ran = IPC::Run::run(
	SharedFilters::pgbench_command($node, $clients, $per_client, $writer,
		"$scripts/reader.sql"),
	'>', \$out, '2>', \$err);
my $total = $clients * $per_client;
ok($ran, 'pgbench ran') or diag($out, $err);
like($out, qr{actually processed: $total/$total\n},
	"pgbench processed $total transactions");
my ($writes) = $out =~ m{writer\.sql\n.*?\n - (\d+) transactions}s;
$writes //= -1;
diag("pgbench: $clients clients, $total transactions ($writes adds) in "
	  . (time - $start) . ' s');

my $committed = $node->safe_psql('postgres', 'SELECT count(*) FROM committed');
is($committed, $writes, 'every add pgbench ran committed');
is($node->safe_psql('postgres', 'SELECT last_value FROM vals'),
	$writes, 'every value taken was logged');

# Members, per filter, as the readers saw them and at the end
is($node->safe_psql('postgres', 'SELECT count(*) FROM anomalies'),
	'0', 'no reader saw a committed value missing from its filter');
my $lost = SharedFilters::lost_adds($node);
diag("committed adds: $committed, lost: $lost");
is($lost, '0', 'every committed value is a member of its filter');

# Estimates near the counts, and values never added (negative) mostly absent
my @rows = split /\n/, $node->safe_psql(
	'postgres', qq{
SELECT x.id, (SELECT count(*) FROM committed AS c WHERE c.fid = x.id),
	   round((# x.f)::numeric, 1),
	   (SELECT count(*) FROM generate_series(1, $probes) AS g
		WHERE x.f @> -g::bigint),
	   (bloom_info(x.f)).target_fpr
FROM filters AS x ORDER BY x.id});
for my $row (@rows)
{
	my ($id, $count, $estimate, $false, $target) = split /\|/, $row;
	diag("filter $id: $count adds, estimate $estimate, "
		  . "$false of $probes values never added test positive");
	ok(abs($estimate - $count) <= 0.05 * $count,
		"filter $id: estimate within 5 % of its $count adds");
	ok($false <= $target * $probes,
		"filter $id: false positives within its target rate $target");
}

$node->stop;
done_testing();

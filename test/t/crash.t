#!/usr/bin/perl
# test/t/crash.t: every committed bloom_add survives a crash.
#
# The load of concurrency.t (eight pgbench clients adding distinct values to
# four shared filters, each add logged in the same transaction, while other
# clients read the filters) runs in the background on a server with fsync
# on.  Once about half the adds have committed, as seen by polling the log,
# the server is stopped in immediate mode: no checkpoint, backends killed
# mid-transaction, pgbench fails.  After restart and crash recovery, every
# logged value must be a member of its filter, no add seen committed before
# the crash may be missing, and every filter must still pass the checks of
# its binary input (the set-bit count in its header matches its bits).
#
# Default size: 8 clients x 1,000 transactions, stopped after 3,000 adds
# (about 150 MB of WAL to replay, a few seconds).  BLOOM_TEST_LONG=1 runs
# ten times as many transactions, with the in-row filter ten times as large.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use SharedFilters;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Time::HiRes qw(usleep);
use Test::More;

my $scale      = $ENV{BLOOM_TEST_LONG} ? 10 : 1;
my $clients    = 8;
my $per_client = 1000 * $scale;
my $total      = $clients * $per_client;

# Three writers for one reader: stop at about half the adds to be made
my $crash_at = int($total * 3 / 8);

my $node = PostgreSQL::Test::Cluster->new('crash');
$node->init;
$node->append_conf('postgresql.conf', 'fsync = on');
$node->start;

SharedFilters::create($node, $scale);

my $scripts = PostgreSQL::Test::Utils::tempdir('scripts');
my $writer = SharedFilters::writer_script($scripts);
PostgreSQL::Test::Utils::append_to_file("$scripts/reader.sql", q{
\set fid random(1, 4)
SELECT count(*) FROM committed AS c JOIN filters AS x ON x.id = c.fid
  WHERE x.id = :fid AND NOT x.f @> c.v;
SELECT # f, (bloom_info(f)).fill_ratio FROM filters WHERE id = :fid;
});

# pgbench in the background, its output in files: nothing to pump
my $start   = time;
my $pgbench = IPC::Run::start(
	SharedFilters::pgbench_command($node, $clients, $per_client, $writer,
		"$scripts/reader.sql"),
	'>', "$scripts/out", '2>', "$scripts/err");

# Poll the log of adds; a count read here was committed and acknowledged
my $seen     = 0;
my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
while ($seen < $crash_at && time < $deadline)
{
	usleep(100_000);
	$seen = $node->safe_psql('postgres', 'SELECT count(*) FROM committed');
}
cmp_ok($seen, '>=', $crash_at, "about half the adds committed ($seen)");

my $offset = -s $node->logfile;
$node->stop('immediate');
my $finished = $pgbench->finish;
ok(!$finished, 'pgbench failed: the server went away under it');
my ($error) = grep { /error|FATAL/ }
  split /\n/, PostgreSQL::Test::Utils::slurp_file("$scripts/err");
diag('pgbench after ' . (time - $start) . ' s: ' . ($error // 'no error'));

$node->start;
ok( $node->log_contains(
		qr/database system was interrupted.*redo done at/s, $offset),
	'the restart ran crash recovery');

my $committed = $node->safe_psql('postgres', 'SELECT count(*) FROM committed');
my $lost      = SharedFilters::lost_adds($node);
diag("committed adds seen before the crash: $seen, "
	  . "after recovery: $committed, lost: $lost");
cmp_ok($committed, '>=', $seen,
	'every add seen committed before the crash is still logged');
cmp_ok($committed, '<', $total, 'the crash cut the run short');
is($lost, '0', 'every committed value is a member of its filter');

# The recovered filters are whole: valid bytes, estimates near the counts
is( $node->safe_psql(
		'postgres', 'SELECT count(*) FROM filters WHERE f::bytea::bloom = f'),
	'4',
	'every recovered filter passes validation');
my @rows = split /\n/, $node->safe_psql(
	'postgres', q{
SELECT x.id, (SELECT count(*) FROM committed AS c WHERE c.fid = x.id),
	   round((# x.f)::numeric, 1)
FROM filters AS x ORDER BY x.id});
for my $row (@rows)
{
	my ($id, $count, $estimate) = split /\|/, $row;
	ok(abs($estimate - $count) <= 0.05 * $count,
		"filter $id: estimate $estimate within 5 % of its $count adds");
}

$node->stop;
done_testing();

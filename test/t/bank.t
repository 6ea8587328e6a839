#!/usr/bin/perl
# test/t/bank.t: a bloombank index under eight concurrent clients, a crash
# (immediate stop) and a standby loses nothing.
#
# A table of filters with a bloombank index whose pending list holds 32
# rows, so that inserts flush it often.  Eight pgbench clients run, at
# random: writers, each inserting a filter of a new value and logging the
# value in the same transaction, so the log holds exactly the filters that
# committed; readers, each asking through the index for the filter of one of
# the newest logged values and of an old one, and logging any it does not
# find; and now and then a VACUUM, which flushes and merges under them.
# Locks held past 100 ms are logged by the server (log_lock_waits): an
# insert or a read must never wait that long on another (an insert that
# finds a flush under way goes on without it); VACUUM may.
#
# Then every logged value must be found through the index and by a
# sequential scan, bloombank_check must pass, and a streaming standby
# (generic WAL replayed) must give the primary's answers.  Last, the load
# runs again and the server is stopped in immediate mode halfway; after
# crash recovery every value seen committed is found, and the index checks.
#
# Default size: 8 clients x 400 transactions; BLOOM_TEST_LONG=1 runs ten
# times as many.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Time::HiRes qw(usleep);
use Test::More;

my $scale      = $ENV{BLOOM_TEST_LONG} ? 10 : 1;
my $clients    = 8;
my $per_client = 400 * $scale;

my $node = PostgreSQL::Test::Cluster->new('bank');
$node->init(allows_streaming => 1);
$node->append_conf(
	'postgresql.conf', q{
fsync = on
log_lock_waits = on
deadlock_timeout = 100ms
log_line_prefix = '%m [%p] %a '
});
$node->start;

$node->safe_psql(
	'postgres', q{
CREATE EXTENSION bloomfilter;
CREATE TABLE filt (id bigserial PRIMARY KEY, v bigint NOT NULL, f bloom NOT NULL);
INSERT INTO filt (v, f)
  SELECT g, bloom_add_all(bloom_create(500::bigint, 0.01::float8),
                          ARRAY(SELECT g * 1000 + i FROM generate_series(0, 99) AS i))
  FROM generate_series(1, 2000) AS g;
CREATE INDEX filt_f ON filt USING bloombank (f) WITH (pending_limit = 32);
CREATE TABLE committed (v bigint PRIMARY KEY);
CREATE TABLE missed (v bigint NOT NULL, what text NOT NULL);
CREATE SEQUENCE vals START 100000000;
});

$node->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('bank_standby');
$standby->init_from_backup($node, 'base', has_streaming => 1);
$standby->start;

my $scripts = PostgreSQL::Test::Utils::tempdir('scripts');
PostgreSQL::Test::Utils::append_to_file("$scripts/writer.sql", q{
SET application_name = 'writer';
SELECT nextval('vals') AS v \gset
BEGIN;
INSERT INTO filt (v, f)
  VALUES (:v, bloom_add_all(bloom_create(500::bigint, 0.01::float8), ARRAY[:v::bigint, -:v::bigint]));
INSERT INTO committed VALUES (:v);
COMMIT;
});
PostgreSQL::Test::Utils::append_to_file("$scripts/reader.sql", q{
SET application_name = 'reader';
SET enable_seqscan = off;
INSERT INTO missed
  SELECT c.v, 'new' FROM (SELECT v FROM committed ORDER BY v DESC LIMIT 3) AS c
  WHERE NOT EXISTS (SELECT 1 FROM filt WHERE filt.f @> c.v AND filt.v = c.v);
\set old random(1, 2000)
INSERT INTO missed
  SELECT :old, 'old' WHERE NOT EXISTS (SELECT 1 FROM filt WHERE f @> (:old * 1000 + 7)::bigint);
});
PostgreSQL::Test::Utils::append_to_file("$scripts/vacuum.sql", q{
SET application_name = 'vacuum';
VACUUM filt;
});

# pgbench's command: writers, readers and a VACUUM now and then
sub pgbench
{
	my ($transactions) = @_;

	return [
		'pgbench', '-n', '-h', $node->host, '-p', $node->port,
		'-c', $clients, '-j', 1, '-t', $transactions,
		'-f', "$scripts/writer.sql\@10", '-f', "$scripts/reader.sql\@10",
		'-f', "$scripts/vacuum.sql\@1", 'postgres'
	];
}

# Logged values that the index does not find, and that a scan does not
sub lost
{
	my ($on, $scan) = @_;
	my $set = $scan ? 'SET enable_bitmapscan = off;' : 'SET enable_seqscan = off;';

	return $on->safe_psql(
		'postgres', qq{$set
SELECT count(*) FROM committed AS c
WHERE NOT EXISTS (SELECT 1 FROM filt WHERE filt.f @> c.v AND filt.v = c.v)});
}

my $offset = -s $node->logfile;
my ($out, $err);
my $start = time;
ok(IPC::Run::run(pgbench($per_client), '>', \$out, '2>', \$err), 'pgbench ran')
  or diag($out, $err);
my $total = $clients * $per_client;
like($out, qr{actually processed: $total/$total\n},
	"pgbench processed $total transactions");
my $committed = $node->safe_psql('postgres', 'SELECT count(*) FROM committed');
diag("pgbench: $total transactions, $committed filters inserted, in "
	  . (time - $start) . ' s');
cmp_ok($committed, '>', 0, 'writers inserted filters');
is($node->safe_psql('postgres', 'SELECT count(*) FROM missed'),
	'0', 'no reader missed a committed filter through the index');
is(lost($node, 0), '0', 'every committed filter is found through the index');
is(lost($node, 1), '0', 'and by a sequential scan');

my @waits = grep { /still waiting for/ && !/ vacuum / }
  split /\n/, substr(PostgreSQL::Test::Utils::slurp_file($node->logfile), $offset);
is(scalar(@waits), 0, 'no insert or read waited 100 ms for a lock')
  or diag(join "\n", @waits);
like(
	$node->safe_psql('postgres', 'SELECT * FROM bloombank_check(\'filt_f\')'),
	qr/^\d+\|\d+\|\d+\|\d+$/,
	'bloombank_check passes after the load');

# The standby replays the generic WAL: the same answers, through its index
$node->wait_for_catchup($standby);
my $probes = q{
SET enable_seqscan = off;
SELECT string_agg(n::text, ',' ORDER BY k) FROM generate_series(1, 2000, 37) AS k,
  LATERAL (SELECT count(*) AS n FROM filt WHERE f @> (k * 1000 + 7)::bigint) AS x;
SELECT count(*) FROM committed AS c
WHERE NOT EXISTS (SELECT 1 FROM filt WHERE filt.f @> c.v AND filt.v = c.v);
};
my $primary_answers = $node->safe_psql('postgres', $probes);
is($standby->safe_psql('postgres', $probes),
	$primary_answers, 'the standby answers as the primary');
like($standby->safe_psql('postgres', 'EXPLAIN (COSTS OFF) SELECT id FROM filt WHERE f @> 7007::bigint'),
	qr/Bitmap Index Scan on filt_f/, 'the standby reads its index');
$standby->stop;

# The load again, stopped in immediate mode halfway
my $before = $committed;
my $pgbench = IPC::Run::start(pgbench($per_client), '>', \$out, '2>', \$err);
my $seen     = $before;
my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
while ($seen < $before + $total / 4 && time < $deadline)
{
	usleep(100_000);
	$seen = $node->safe_psql('postgres', 'SELECT count(*) FROM committed');
}
cmp_ok($seen, '>', $before, "filters committed before the crash ($seen)");
$offset = -s $node->logfile;
$node->stop('immediate');
ok(!$pgbench->finish, 'pgbench failed: the server went away under it');
$node->start;
ok( $node->log_contains(
		qr/database system was interrupted.*redo done at/s, $offset),
	'the restart ran crash recovery');
cmp_ok($node->safe_psql('postgres', 'SELECT count(*) FROM committed'),
	'>=', $seen, 'every filter seen committed is still logged');
is(lost($node, 0), '0',
	'after recovery every committed filter is found through the index');
is(lost($node, 1), '0', 'and by a sequential scan');
like(
	$node->safe_psql('postgres', 'SELECT * FROM bloombank_check(\'filt_f\')'),
	qr/^\d+\|\d+\|\d+\|\d+$/,
	'bloombank_check passes after recovery');
$node->safe_psql('postgres', 'VACUUM filt');
is(lost($node, 0), '0', 'and after VACUUM');

$node->stop;
done_testing();

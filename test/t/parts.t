#!/usr/bin/perl
#
# test/t/parts.t: filters kept as tables of their parts (doc/partitioned.md)
# under the loads one value could not take.
#
# 1. A filter larger than one value: a billion values at 1% (1.3 GB, where
#    one value holds at most 768 MB) in 1,024 parts, holding a sample of
#    100 values.  Its parts are made as the sample's values arrive (a part
#    no value reached is an empty part, and has no row), and stored
#    compressed (lz4), which costs a mostly empty part a few kilobytes
#    rather than its 1.3 MB.  It answers for every member, estimates the
#    sample's size, refuses to be assembled into one value, and survives
#    pg_dump and pg_restore byte for byte.
# 2. Concurrent writers: 8 pgbench clients add values to a filter of
#    1,024 parts (10,000,000 values at 1%, 12 kB a part, out of line).
#    First each client adds values of its own parts only: writers of
#    different parts must never wait for one another's rows (log_lock_waits,
#    with deadlock_timeout at 1 ms, logs every lock wait longer than that;
#    none on another writer's transaction or tuple may be logged: waits to
#    extend a table's file, which any inserts share, are not of parts).  Then all clients add values of any part, and last all
#    add to one part, where they must wait for each other's row lock (the
#    log shows the check can fail).  Every committed value must be a member
#    of its part.
#
# Each phase says how long it took; the whole test takes about 20 s on two
# cores (BLOOM_TEST_LONG=1: ten times the transactions).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;
use Time::HiRes qw(time);

my $scale      = $ENV{BLOOM_TEST_LONG} ? 10 : 1;
my $clients    = 8;
my $per_client = 250 * $scale;

my $node = PostgreSQL::Test::Cluster->new('parts');
$node->init;
$node->append_conf('postgresql.conf', q{
jit = off
log_lock_waits = on
deadlock_timeout = 1ms
});
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE source');

my $start = time;

# Diagnose how long a phase took since the last call
sub took
{
	my ($what) = @_;
	my $now = time;

	diag(sprintf('%s: %.1f s', $what, $now - $start));
	$start = $now;
	return;
}

#
# 1. A billion values' worth of filter, holding a sample
#
$node->safe_psql('source', q{
CREATE EXTENSION bloomfilter;
CREATE TABLE big_parts (part int PRIMARY KEY, f bloom NOT NULL);
ALTER TABLE big_parts ALTER COLUMN f SET STORAGE extended,
					  ALTER COLUMN f SET COMPRESSION lz4;
CREATE TABLE sample AS
	SELECT 'https://example.com/' || md5(i::text) AS url FROM generate_series(1, 100) AS i;
INSERT INTO big_parts
	SELECT bloom_part_of(url, 1000000000, 0.01, 1024), bloom_part_agg(url, 1000000000, 0.01, 1024)
	  FROM sample GROUP BY 1;
});
took('a billion values at 1% in 1,024 parts, 100 values added');

my ($whole_bytes, $parts, $stored) = split /\|/, $node->safe_psql('source', q{
SELECT (bloom_part_info(f)).whole_blocks * 32, (SELECT count(*) FROM big_parts),
	   (SELECT sum(pg_column_size(f)) FROM big_parts)
  FROM big_parts LIMIT 1});
cmp_ok($whole_bytes, '>', 768 * 1024 * 1024,
	"the whole filter has $whole_bytes bytes, more than one value holds");
cmp_ok($parts, '<=', 100, "$parts parts have rows, one per part a value reached");
cmp_ok($stored, '<', 100 * 1024 * $parts,
	"its parts take $stored bytes stored, compressed");

my $answers = q{
SELECT (SELECT count(*) FROM sample AS s
		 WHERE NOT coalesce((SELECT f @> s.url FROM big_parts
							  WHERE part = bloom_part_of(s.url, 1000000000, 0.01, 1024)), false)),
	   (SELECT count(*) FROM (SELECT 'absent-' || g AS a FROM generate_series(1, 10000) AS g) AS n
		 WHERE coalesce((SELECT f @> n.a FROM big_parts
						  WHERE part = bloom_part_of(n.a, 1000000000, 0.01, 1024)), false)),
	   round((SELECT sum(# f) FROM big_parts)::numeric, 3),
	   (SELECT md5(string_agg(f::bytea, ''::bytea ORDER BY part)) FROM big_parts)};
my ($missing, $false, $estimate, $md5) = split /\|/,
  $node->safe_psql('source', $answers);
is($missing, '0', 'every value of the sample is found in its part');
cmp_ok($false, '<=', 1, "$false of 10,000 values never added test positive");
cmp_ok(abs($estimate - 100), '<=', 2, "the parts' estimates sum to $estimate, about 100");
my ($out, $err);
$node->psql('source', q{SELECT bloom_assemble_agg(f) FROM big_parts},
	stdout => \$out, stderr => \$err);
like($err, qr/too large to assemble into one value/,
	'assembling the whole into one value is refused');
took('answers and estimates');

my $dump = "$PostgreSQL::Test::Utils::tmp_check/parts.dump";
$node->command_ok([ 'pg_dump', '-Fc', '-d', $node->connstr('source'), '-f', $dump ],
	'pg_dump of the database');
$node->safe_psql('postgres', 'CREATE DATABASE restored');
$node->command_ok([ 'pg_restore', '-d', $node->connstr('restored'), $dump ],
	'pg_restore into a new database');
is($node->safe_psql('restored', $answers), "$missing|$false|$estimate|$md5",
	'the restored parts are the same, byte for byte, and answer the same');
took('pg_dump and pg_restore');

#
# 2. Eight writers on a filter of 1,024 parts
#
$node->safe_psql('postgres', q{
CREATE EXTENSION bloomfilter;
CREATE TABLE seen_parts (part int PRIMARY KEY, f bloom NOT NULL);
INSERT INTO seen_parts SELECT p, bloom_part_create(10000000, 0.01, 1024, p)
  FROM generate_series(0, 1023) AS p;
CREATE TABLE committed (v bigint NOT NULL);
-- values by part, numbered within their part (at least 300 in each)
CREATE TABLE pool AS
	SELECT part, row_number() OVER (PARTITION BY part ORDER BY g) AS k, g AS v
	  FROM (SELECT g, bloom_part_of(g, 10000000, 0.01, 1024) AS part
			  FROM generate_series(1, 400000) AS g) AS s;
CREATE INDEX ON pool (part, k);
});
my $toast = $node->safe_psql('postgres',
	q{SELECT reltoastrelid::regclass FROM pg_class WHERE relname = 'seen_parts'});
is($node->safe_psql('postgres', "SELECT count(DISTINCT chunk_id) FROM $toast"),
	'1024', 'every part is stored out of line');
is($node->safe_psql('postgres', 'SELECT min(n) >= 300 FROM (SELECT count(*) AS n FROM pool GROUP BY part) AS s'),
	't', 'the pool has 300 values of each part');

my $scripts = PostgreSQL::Test::Utils::tempdir('scripts');
my $add = q{
BEGIN;
UPDATE seen_parts SET f = bloom_add(f, :v::bigint)
 WHERE part = bloom_part_of(:v::bigint, 10000000, 0.01, 1024);
INSERT INTO committed VALUES (:v);
COMMIT;
};
# a value of the client's own parts (part % 8 = client), of part 7
append_to_file("$scripts/own.sql", q{
\set p :client_id + 8 * random(0, 127)
\set k random(1, 300)
SELECT v FROM pool WHERE part = :p AND k = :k \gset
} . $add);
append_to_file("$scripts/one.sql", q{
\set k random(1, 300)
SELECT v FROM pool WHERE part = 7 AND k = :k \gset
} . $add);
append_to_file("$scripts/any.sql", q{
\set v random(1, 1000000000)
} . $add);

my $lost_sql = q{
SELECT count(*) FROM committed AS c
 WHERE NOT (SELECT f @> c.v FROM seen_parts
			 WHERE part = bloom_part_of(c.v, 10000000, 0.01, 1024))};
my $total = $clients * $per_client;
my %waits;
for my $run ([ 'own', 'each client on parts of its own' ],
	[ 'any', 'all clients on any part' ], [ 'one', 'all clients on one part' ])
{
	my ($script, $what) = @$run;
	my $log_start = -s $node->logfile;
	my $ran = IPC::Run::run(
		[
			'pgbench', '-n', '-h', $node->host, '-p', $node->port,
			'-c', $clients, '-j', 1, '-t', $per_client,
			'-f', "$scripts/$script.sql", 'postgres'
		],
		'>', \$out, '2>', \$err);
	ok($ran, "pgbench ran: $what") or diag($out, $err);
	like($out, qr{actually processed: $total/$total\n},
		"$what: all $total transactions committed");
	is($node->safe_psql('postgres', $lost_sql), '0',
		"$what: every committed value is a member of its part");
	my $log = slurp_file($node->logfile, $log_start);
	# waits for another writer's row: on its transaction or the tuple
	$waits{$script} = () = $log =~ /still waiting for \w+ on (?:transaction|tuple)/g;
	took("pgbench, $what, $waits{$script} waits past 1 ms for a row another writer holds");
}
is($waits{own}, 0, 'writers of different parts never waited for one another');
cmp_ok($waits{one}, '>', 0, 'writers of one part waited for each other (the check sees waits)');
is($node->safe_psql('postgres', 'SELECT count(*) FROM committed'),
	3 * $total, 'every add is logged');

$node->stop;
done_testing();

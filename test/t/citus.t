#!/usr/bin/perl
#
# test/t/citus.t: bloomfilter on a Citus cluster (a coordinator and two
# workers on this machine), where Citus is installed.
#
# Citus is not in Debian's archive, so this test skips, saying so, unless
# citus.so is in the server's library directory.  Where it runs it checks
# what the README's Citus section promises: CREATE EXTENSION on the
# coordinator reaches the workers; bloom_agg over a distributed table is
# aggregated partially on the workers (the state type is bloom, with a
# combine function) and equals bloom_agg over the same rows in a local
# table, with and without GROUP BY the distribution column; a membership
# filter is evaluated on the workers and keeps the same rows as locally;
# bloom_union_agg over a co-located table of filters equals the union of
# the local ones.
#
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use Test::More;

chomp(my $pkglibdir = `pg_config --pkglibdir`);
plan skip_all => "Citus is not installed here ($pkglibdir/citus.so is missing); "
  . "it is not in Debian's archive, see the README's Citus section"
  unless -e "$pkglibdir/citus.so";

# Start a node that preloads Citus and create the extension in it
sub citus_node
{
	my ($name) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);

	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'citus'
citus.node_conninfo = 'sslmode=disable'
citus.local_hostname = '@{[ $node->host ]}'
max_worker_processes = 16
});
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION citus');
	return $node;
}

my $coordinator = citus_node('coordinator');
my @workers     = map { citus_node("worker$_") } 1 .. 2;

$coordinator->safe_psql('postgres',
	sprintf("SELECT citus_set_coordinator_host('%s', %d)",
		$coordinator->host, $coordinator->port));
for my $worker (@workers)
{
	$coordinator->safe_psql('postgres',
		sprintf("SELECT citus_add_node('%s', %d)", $worker->host, $worker->port));
}

$coordinator->safe_psql('postgres', 'CREATE EXTENSION bloomfilter');
for my $worker (@workers)
{
	is($worker->safe_psql('postgres',
			"SELECT extversion FROM pg_extension WHERE extname = 'bloomfilter'"),
		'1.1', $worker->name . ' has the extension, created through the coordinator');
}

# The same rows in a distributed table and in a local one
$coordinator->safe_psql('postgres', q{
CREATE TABLE visits (site int, url text);
SELECT create_distributed_table('visits', 'site');
INSERT INTO visits
SELECT i % 40, 'https://example.com/' || (i % 30000)
  FROM generate_series(1, 200000) AS i;
CREATE TABLE visits_local AS SELECT * FROM visits;
});

# Nothing may fall back to gathering rows on the coordinator
my $strict = "SET citus.coordinator_aggregation_strategy = 'disabled';";

my $plan = $coordinator->safe_psql('postgres',
	"$strict EXPLAIN (VERBOSE, COSTS OFF) SELECT bloom_agg(url) FROM visits");
like($plan, qr/worker_partial_agg/,
	'bloom_agg is aggregated partially on the workers');
is($coordinator->safe_psql('postgres', qq{$strict
SELECT (SELECT bloom_agg(url) FROM visits) = (SELECT bloom_agg(url) FROM visits_local)}),
	't', 'distributed bloom_agg equals bloom_agg over the same rows locally');
is($coordinator->safe_psql('postgres', qq{$strict
SELECT count(*) FROM (SELECT site, bloom_agg(url) AS f FROM visits GROUP BY site) d
  FULL JOIN (SELECT site, bloom_agg(url) AS f FROM visits_local GROUP BY site) l
  USING (site)
 WHERE d.f IS DISTINCT FROM l.f}),
	'0', 'bloom_agg grouped by the distribution column equals the local one, per site');

# A membership filter, built once on the coordinator and sent to the shards
$coordinator->safe_psql('postgres', q{
CREATE TABLE wanted AS
SELECT bloom_agg('https://example.com/' || i) AS f FROM generate_series(1, 500) AS i;
});
$plan = $coordinator->safe_psql('postgres', q{
SET citus.explain_all_tasks = on;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT count(*) FROM visits WHERE url <@ (SELECT f FROM wanted)});
like($plan, qr/<@/, 'the membership test is in the queries the workers run');
is($coordinator->safe_psql('postgres', q{
SELECT (SELECT count(*) FROM visits WHERE url <@ (SELECT f FROM wanted))
     = (SELECT count(*) FROM visits_local WHERE url <@ (SELECT f FROM wanted))}),
	't', 'the distributed membership filter keeps the same rows as locally');

# Filters stored per site and day, co-located with the rows they describe
$coordinator->safe_psql('postgres', q{
CREATE TABLE daily (site int, day int, f bloom);
SELECT create_distributed_table('daily', 'site', colocate_with => 'visits');
INSERT INTO daily
SELECT site, i % 7, bloom_agg(url)
  FROM visits_local, LATERAL (SELECT hashtext(url) AS i) AS h
 GROUP BY site, i % 7;
CREATE TABLE daily_local AS SELECT * FROM daily;
});
is($coordinator->safe_psql('postgres', qq{$strict
SELECT (SELECT bloom_union_agg(f) FROM daily) = (SELECT bloom_union_agg(f) FROM daily_local)}),
	't', 'distributed bloom_union_agg equals the local union');

$_->stop for ($coordinator, @workers);
done_testing();

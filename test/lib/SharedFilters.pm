# test/lib/SharedFilters.pm: the load that t/concurrency.t and t/crash.t
# put on a cluster: four shared filters that pgbench clients add distinct
# values to, one value per transaction, each add logged in the same
# transaction, so that the log holds exactly the adds that committed.
package SharedFilters;

use strict;
use warnings;
use PostgreSQL::Test::Utils;

# Create the extension, the filters (three stored out of line at scale 1),
# the log of committed adds and the sequence the values come from.
sub create
{
	my ($node, $scale) = @_;
	my $small = 1000 * $scale;

	$node->safe_psql(
		'postgres', qq{
CREATE EXTENSION bloomfilter;
CREATE TABLE filters (id int PRIMARY KEY, f bloom NOT NULL);
INSERT INTO filters
  SELECT id, bloom_create(capacity, fpr)
  FROM (VALUES (1, 100000, 0.01), (2, 10000, 0.01),
			   (3, $small, 0.01), (4, 20000, 0.001)) AS s (id, capacity, fpr);
CREATE TABLE committed (fid int NOT NULL, v bigint PRIMARY KEY);
CREATE SEQUENCE vals;
});
	return;
}

# Write the writer's pgbench script into $dir and return its path: a new
# value added to a random filter and logged, in one transaction.
sub writer_script
{
	my ($dir) = @_;
	my $path = "$dir/writer.sql";

	append_to_file($path, q{
\set fid random(1, 4)
SELECT nextval('vals') AS v \gset
BEGIN;
UPDATE filters SET f = bloom_add(f, :v::bigint) WHERE id = :fid;
INSERT INTO committed (fid, v) VALUES (:fid, :v);
COMMIT;
});
	return $path;
}

# The pgbench command: $clients clients of $per_client transactions each,
# three writers for every reader.  One thread: pgbench sums its per-script
# counts across threads without a lock, and the tests compare them.
sub pgbench_command
{
	my ($node, $clients, $per_client, $writer, $reader) = @_;

	return [
		'pgbench', '-n',
		'-h', $node->host, '-p', $node->port,
		'-c', $clients, '-j', 1, '-t', $per_client,
		'-f', "$writer\@3", '-f', "$reader\@1",
		'postgres'
	];
}

# The number of logged adds whose value is not a member of its filter
sub lost_adds
{
	my ($node) = @_;

	return $node->safe_psql(
		'postgres', q{
SELECT sum((SELECT count(*) FROM committed AS c
			WHERE c.fid = x.id AND NOT x.f @> c.v))
FROM filters AS x});
}

1;

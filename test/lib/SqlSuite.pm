# test/lib/SqlSuite.pm: the whole SQL suite, pg_regress and every pgTAP
# file, on a cluster of a TAP test's own (t/sanitizer.t, t/jit.t).
#
#     SqlSuite::run($node, $label, $slowdown[, $pgtap_setup]);
#     my $answer = SqlSuite::query($node, $database, $sql);
#
# pg_regress runs as make installcheck runs it, writing its results to the
# test's scratch directory rather than to the source tree; each pgTAP file
# runs under pg_prove in a database of its own test's cluster.  One test
# point for pg_regress and one per pgTAP file, named with $label (what is
# special about the cluster); a failure shows the output and the diffs.
# Each command may take $slowdown times PostgreSQL's default test timeout.
# $pgtap_setup, if given, is SQL run in the pgTAP files' database before
# them.
package SqlSuite;

use strict;
use warnings;
use BloomTest;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;

# The output of $sql in database $database of $node, or '' if it fails,
# with its error as a diag: nothing after a cluster's start may die, so
# that the test still looks at the server's log and reports at its end
sub query
{
	my ($node, $database, $sql) = @_;
	my ($ret, $stdout, $stderr) = $node->psql($database, $sql);

	diag($stderr) if $ret != 0;
	return $ret == 0 ? $stdout : '';
}

# Run a command for at most $timeout seconds: its output and error output,
# and whether it exited 0
sub run_merged
{
	my ($timeout, @command) = @_;
	my $output;
	my $ok = eval {
		IPC::Run::run(\@command, '>&', \$output, IPC::Run::timeout($timeout));
	};
	return (($output // '') . ($@ // ''), $ok);
}

# pg_regress and every pgTAP file against $node
sub run
{
	my ($node, $label, $slowdown, $pgtap_setup) = @_;
	my $top = BloomTest::source_dir();
	my $timeout = ($slowdown // 1) * $PostgreSQL::Test::Utils::timeout_default;
	my $outputdir = "$PostgreSQL::Test::Utils::tmp_check/regress";

	local $ENV{PGHOST} = $node->host;
	local $ENV{PGPORT} = $node->port;

	my ($output, $ok) = run_merged($timeout, 'make', '-s', '-C', $top,
		'installcheck', "EXTRA_REGRESS_OPTS=--outputdir=$outputdir");
	# "All 10 tests passed." (PostgreSQL 15: between lines of =, 16 and
	# later: after "# ")
	my ($summary) = $output =~ /^(?:# )?\s*((?:All \d+|\d+ of \d+) tests? \w+)/m;
	ok($ok, "pg_regress$label: " . ($summary // 'no summary'))
	  or diag($output, -f "$outputdir/regression.diffs"
		? slurp_file("$outputdir/regression.diffs") : '');

	$node->psql('postgres', 'CREATE DATABASE pgtap');
	$node->safe_psql('pgtap', $pgtap_setup) if defined $pgtap_setup;
	for my $file (sort glob("$top/test/pgtap/*.sql"))
	{
		($output, $ok) = run_merged($timeout, 'pg_prove', '-d', 'pgtap', $file);
		ok($ok, "pgTAP$label: " . ($file =~ s{^\Q$top\E/}{}r)) or diag($output);
	}
	return;
}

1;

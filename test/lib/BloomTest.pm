# test/lib/BloomTest.pm: run a cluster TAP test under PostgreSQL's own test
# framework (PostgreSQL::Test::Cluster, shipped with the server's PGXS files).
#
# Use it first, before PostgreSQL::Test::*:
#
#     use FindBin;
#     use lib "$FindBin::RealBin/../lib";
#     use BloomTest;
#     use PostgreSQL::Test::Cluster;
#
# initdb refuses to run as root, so when started by root (as CI is) the test
# runs itself again as the postgres OS user, in a scratch directory that user
# owns, and removes that directory afterwards.  Either way it puts the
# server's binaries and PostgreSQL's test modules on the search paths and
# points TESTDIR at a private scratch directory, so that several tests can
# run side by side.
package BloomTest;

use strict;
use warnings;
use File::Temp ();
use File::Path qw(rmtree);

my $pgxs;
my $bindir;

# On failure, before the scratch directory goes: the end of the test's own
# log (PostgreSQL::Test::Utils sends the reasons for a failure there, not to
# the terminal) and of each server's log, on stderr.
sub print_log_tails
{
	my ($scratch) = @_;

	for my $log (sort glob("$scratch/tmp_check/log/*"))
	{
		open my $fh, '<', $log or next;
		my @lines = <$fh>;
		close $fh;
		splice(@lines, 0, @lines - 40) if @lines > 40;
		print STDERR "--- the end of $log:\n", @lines;
	}
	return;
}

BEGIN
{
	chomp($bindir = `pg_config --bindir`);
	chomp($pgxs = `pg_config --pgxs`);
	$pgxs =~ s{/src/makefiles/pgxs\.mk$}{};
	die "pg_config not found on PATH\n" unless $bindir && $pgxs;

	if ($> == 0)
	{
		# Run this same test again as postgres, in a directory it owns.
		my $scratch = File::Temp::tempdir('bloomtest.XXXXXX', TMPDIR => 1);
		my (undef, undef, $uid, $gid) = getpwnam('postgres')
		  or die "no postgres OS user to run the cluster as\n";
		chown $uid, $gid, $scratch or die "chown $scratch: $!\n";
		my $status = system('runuser', '-u', 'postgres', '--', 'env',
			"BLOOMTEST_SCRATCH=$scratch", $^X, $0, @ARGV);
		print_log_tails($scratch) if $status != 0;
		rmtree($scratch);
		exit($status == 0 ? 0 : (($status >> 8) || 1));
	}

	my $scratch = $ENV{BLOOMTEST_SCRATCH}
	  || File::Temp::tempdir('bloomtest.XXXXXX', TMPDIR => 1, CLEANUP => 1);
	$ENV{TESTDIR} = $scratch;
	$ENV{PATH}    = "$bindir:$ENV{PATH}";
	$ENV{PG_REGRESS} = "$pgxs/src/test/regress/pg_regress";
	unshift @INC, "$pgxs/src/test/perl";
}

# The top directory of the source tree (test/lib/../..).
sub source_dir
{
	require Cwd;
	require File::Basename;
	return Cwd::abs_path(File::Basename::dirname(__FILE__) . '/../..');
}

1;

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
# or, for a test that needs build outputs or the Parquet peer (see below),
#
#     use BloomTest copy => ['test/build/sqlfuzz'];
#
# The test runs itself again as a child process in a private scratch
# directory (under TMPDIR), which is its working directory and holds
# everything it writes (PostgreSQL's TESTDIR, or TESTDATADIR and TESTLOGDIR
# from PostgreSQL 16 on, and TMPDIR, where the framework makes its servers'
# socket directories and keeps them after a failure), so that several tests
# can run side by side; the scratch directory is removed afterwards.
#
# initdb refuses to run as root, so when started by root (as CI is) the
# child runs as the postgres OS user.  That user may not be able to read
# the source tree (a clone in /root, or in a home directory of mode 0700,
# reached through sudo), so the tree is first copied into the scratch
# directory, owned by postgres, and the child runs the copy of the test:
# source_dir() is then the copy.  The copy leaves out .git, bench, test/log
# and the large outputs of the build and of tools/setup-duckdb (test/build,
# some 60 MB, and test/duckdb/node_modules, 140 MB, where the rest is 8 MB),
# but for the paths the test names with copy =>.
#
# The child puts the server's binaries and PostgreSQL's test modules on the
# search paths.  A die outside an eval is also shown on the terminal (the
# framework sends the rest of a test's output to its log only).  When the
# test fails, its log and its servers' logs are kept in test/log/NAME/ of
# the source tree (replaced by each run of the test, removed when it
# passes) and the last line the test prints says so.
package BloomTest;

use strict;
use warnings;
use Cwd ();
use File::Basename ();
use File::Copy ();
use File::Path qw(make_path rmtree);
use File::Spec ();
use File::Temp ();

my $source_dir;

# The top directory of the source tree (test/lib/../..), found on the first
# call (__FILE__ may be relative to the working directory of the start).
sub source_dir
{
	$source_dir //= Cwd::abs_path(File::Basename::dirname(__FILE__) . '/../..');
	return $source_dir;
}

# What a copy of the source tree leaves out unless a test names it
my @not_copied = qw(.git bench test/log test/build test/duckdb/node_modules);

# Copy the source tree into $dest as the OS user $user (so that it owns the
# copy and can read all of it), less @not_copied but for the paths of
# @$wanted: tar, which keeps the symbolic links of
# test/build/server-asan/root as links.
sub copy_tree_as
{
	my ($user, $source, $dest, $wanted) = @_;

	mkdir $dest or die "mkdir $dest: $!\n";
	my (undef, undef, $uid, $gid) = getpwnam($user);
	chown $uid, $gid, $dest or die "chown $dest: $!\n";
	for my $part ([ (map { "--exclude=./$_" } @not_copied), '.' ],
		map { [ "./$_" ] } grep { -e "$source/$_" } @$wanted)
	{
		system('bash', '-c',
			'set -o pipefail; tar -C "$1" --anchored -cf - "${@:4}" | '
			  . 'runuser -u "$3" -- tar -C "$2" -xf -',
			'bash', $source, $dest, $user, @$part) == 0
		  or die "could not copy $source to $dest\n";
	}
	return;
}

# Keep the logs of a failed test (the files of $logdir) in
# test/log/$name/ of the source tree, and say where; after a pass, remove
# the logs a previous failure kept.
sub keep_logs
{
	my ($failed, $logdir, $name) = @_;
	my $kept = source_dir() . "/test/log/$name";

	rmtree($kept);
	rmdir(File::Basename::dirname($kept));    # only if now empty
	return unless $failed;

	my @logs;
	if (opendir(my $dh, $logdir))
	{
		@logs = grep { -f } map { "$logdir/$_" } sort readdir $dh;
		closedir $dh;
	}
	if (!@logs)
	{
		print STDERR "# $name failed before it wrote a log\n";
		return;
	}
	make_path($kept);
	File::Copy::copy($_, $kept) or die "copy $_ to $kept: $!\n" for @logs;
	print STDERR "# $name failed: its log (regress_log_$name) and its "
	  . "servers' logs are in $kept\n";
	return;
}

# Run this test again as a child process in a new scratch directory, as
# the postgres OS user (on a copy of the source tree, with the paths of
# @$wanted) when run by root; keep its logs if it failed, remove the scratch
# directory, and return the exit status for the test.
sub run_in_scratch
{
	my ($wanted) = @_;
	my $source = source_dir();
	my $script = Cwd::abs_path($0);
	my $name = File::Basename::basename($0) =~ s/\.[^.]+$//r;
	my $scratch = File::Temp::tempdir('bloomtest.XXXXXX', TMPDIR => 1);
	my $status = eval {
		my @as;

		if ($> == 0)
		{
			my (undef, undef, $uid, $gid) = getpwnam('postgres')
			  or die "no postgres OS user to run the cluster as\n";
			chown $uid, $gid, $scratch or die "chown $scratch: $!\n";
			copy_tree_as('postgres', $source, "$scratch/src", $wanted);
			$script = "$scratch/src/" . File::Spec->abs2rel($script, $source);
			@as = ('runuser', '-u', 'postgres', '--');
		}
		chdir $scratch or die "chdir $scratch: $!\n";
		my $ran = system(@as, 'env', "BLOOMTEST_SCRATCH=$scratch",
			$^X, $script, @ARGV);
		chdir '/';
		keep_logs($ran != 0, "$scratch/tmp_check/log", $name);
		$ran;
	};
	my $error = $@;

	chdir '/';
	rmtree($scratch);
	die $error if $error;
	return $status == 0 ? 0 : (($status > 0 && $status >> 8) || 1);
}

# Show a die that nothing catches on the terminal as well: the framework
# redirects STDERR to the test's log once it loads (in its INIT block), so
# keep a handle on the terminal from before that.
sub report_dies
{
	open(my $terminal, '>&', \*STDERR) or die "dup STDERR: $!\n";
	my $previous = $SIG{__DIE__};

	$SIG{__DIE__} = sub {
		print $terminal "# died: $_[0]" if defined $^S && !$^S;
		$previous->(@_) if ref $previous eq 'CODE';
	};
	return;
}

# use BloomTest [copy => [PATH...]]: run the test in its scratch directory
# (the PATHs, relative to the top of the tree, are copied with it where
# they exist), or, in the scratch directory, set up the environment for the
# framework.  The first use decides: a module that uses BloomTest
# (SqlSuite) comes after.
my $imported;

sub import
{
	my ($class, %options) = @_;

	return if $imported++;
	die "BloomTest: unknown option\n" if grep { $_ ne 'copy' } keys %options;
	chomp(my $bindir = `pg_config --bindir`);
	chomp(my $pgxs = `pg_config --pgxs`);
	$pgxs =~ s{/src/makefiles/pgxs\.mk$}{};
	die "pg_config not found on PATH\n" unless $bindir && $pgxs;

	exit(run_in_scratch($options{copy} // [])) unless $ENV{BLOOMTEST_SCRATCH};

	my $scratch = $ENV{BLOOMTEST_SCRATCH};
	$ENV{TESTDIR}     = $scratch;                    # PostgreSQL 15
	$ENV{TESTDATADIR} = "$scratch/tmp_check";        # 16 and later
	$ENV{TESTLOGDIR}  = "$scratch/tmp_check/log";    # 16 and later
	$ENV{TMPDIR}      = $scratch;                    # sockets' directories
	$ENV{PATH}        = "$bindir:$ENV{PATH}";
	$ENV{PG_REGRESS}  = "$pgxs/src/test/regress/pg_regress";
	unshift @INC, "$pgxs/src/test/perl";
	report_dies();
}

1;

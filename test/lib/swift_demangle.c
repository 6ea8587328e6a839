/*-------------------------------------------------------------------------
 *
 * swift_demangle.c
 *	  A swift_demangle that demangles nothing, preloaded after clang's ASan
 *	  runtime into the server that t/sanitizer.t starts, so that the
 *	  runtime's start-up does not deadlock the server.
 *
 * Preloaded, the runtime starts at the first malloc, which in PostgreSQL's
 * programs is one made by p11-kit's constructor (libldap needs gnutls, which
 * needs p11-kit) inside newlocale(), while glibc holds its locale lock.  The
 * runtime looks up swift_demangle with dlsym() and clears the failure with
 * dlerror(), which translates the message: gettext takes and releases the
 * same lock, newlocale() then releases it again, and the next setlocale()
 * waits forever.  With this symbol the lookup succeeds and dlerror() has
 * nothing to translate.  The runtime calls it for names it cannot demangle
 * otherwise; NULL means "not a Swift name".
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/lib/swift_demangle.c
 *
 *-------------------------------------------------------------------------
 */
#include <stddef.h>
#include <stdint.h>

char	   *swift_demangle(const char *name, size_t length, char *buffer,
						   size_t *size, uint32_t flags);

char *
swift_demangle(const char *name, size_t length, char *buffer, size_t *size,
			   uint32_t flags)
{
	return NULL;
}

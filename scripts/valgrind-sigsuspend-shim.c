/*
 * LD_PRELOAD shim for running Swift programs under valgrind 3.19 (Debian 12).
 *
 * Every Swift program with an async entry point (Swift Testing's runner among them)
 * ends up in libdispatch's dispatch_main(), which parks the main thread in
 * sigsuspend() with a mask that lives in read-only memory (a `static const sigset_t`).
 * Valgrind 3.19 edits that mask in place before making the system call, faults on
 * the read-only page and aborts with "VALGRIND INTERNAL ERROR ... SIGSEGV" at
 * sys_rt_sigsuspend. This shim hands the kernel a writable copy of the same mask,
 * so the program behaves exactly as before.
 *
 * Built and used only by scripts/valgrind-tests.sh; never linked into DeviceTrust.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t writable = *mask;
    /* The kernel's sigset_t is _NSIG bits, which is smaller than glibc's sigset_t. */
    return (int)syscall(SYS_rt_sigsuspend, &writable, (size_t)(_NSIG / 8));
}

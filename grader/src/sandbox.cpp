// The seccomp filter of grading processes (Linux, x86-64). A classic BPF program over
// seccomp_data: other architectures' system call numbers (and the x32 ABI) are refused outright,
// listed calls fail with EPERM, everything else is allowed. The list is what a computing process
// never needs: files (open, create, rename, delete, permissions), programs and processes (exec,
// fork, clone, ptrace), the network (socket) and the system (mount, chroot, reboot).
#include "sandbox.hpp"

#include <cerrno>
#include <cstddef>
#include <vector>

#if defined(__linux__) && defined(__x86_64__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

namespace asmlab::grader {

#if defined(__linux__) && defined(__x86_64__)

bool confineToComputation(std::string& why) {
  static const long denied[] = {
      SYS_open, SYS_openat, 437 /* openat2 */, SYS_creat, SYS_execve, SYS_execveat, SYS_fork, SYS_vfork,
      SYS_clone, 435 /* clone3 */, SYS_socket, SYS_socketpair, SYS_connect, SYS_bind, SYS_listen, SYS_accept,
      SYS_accept4, SYS_unlink, SYS_unlinkat, SYS_rename, SYS_renameat, SYS_renameat2, SYS_mkdir, SYS_mkdirat,
      SYS_rmdir, SYS_link, SYS_linkat, SYS_symlink, SYS_symlinkat, SYS_chmod, SYS_fchmod, SYS_fchmodat,
      SYS_chown, SYS_fchown, SYS_lchown, SYS_fchownat, SYS_truncate, SYS_mknod, SYS_mknodat, SYS_ptrace,
      SYS_process_vm_writev, SYS_mount, SYS_umount2, SYS_chroot, SYS_pivot_root, SYS_reboot, SYS_kill,
      SYS_setuid, SYS_setgid};
  std::vector<sock_filter> program;
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
  program.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000 /* __X32_SYSCALL_BIT */, 0, 1));
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
  for (long nr : denied) {
    program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 1));
    program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM));
  }
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  sock_fprog fprog{static_cast<unsigned short>(program.size()), program.data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    why = "prctl(PR_SET_NO_NEW_PRIVS) failed";
    return false;
  }
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) != 0) {
    why = "seccomp filter refused by the kernel";
    return false;
  }
  return true;
}

#else

bool confineToComputation(std::string& why) {
  why = "no seccomp sandbox on this platform";
  return false;
}

#endif

}  // namespace asmlab::grader

#include "generated_sources.hpp"

#include <fmt/format.h>

namespace asmlab::bench {

// The body of one procedure: 22 lines with labels, a loop, memory operands and a call. A far
// procedure's first argument is at [bp+6] (return address CS:IP above the saved BP).
static void appendProcedure(std::string& s, size_t i, size_t callee, bool far) {
  s += fmt::format("p{} proc\n", i);
  s += "        push bp\n        mov bp, sp\n        mov cx, 10\n";
  s += far ? "again:  mov ax, [bp+6]\n" : "again:  mov ax, [bp+4]\n";
  s += "        add ax, bx\n        cmp ax, 100h\n        jb skip\n";
  s += fmt::format("        mov tab{}[si], ax\n        inc si\n        inc si\n", i);
  s += fmt::format("skip:   mov al, msg{}[bx]\n        or al, al\n        jz done\n", i);
  s += far ? "        shl ax, 1\n        sub dx, [bp-2]\n        loop again\n"
           : "        shl ax, 1\n        sub dx, ax\n        loop again\n";
  s += fmt::format("done:   mov dx, offset msg{}\n        call p{}\n", i, callee);
  s += "        pop bp\n        ret\n";
  s += fmt::format("p{} endp\n", i);
}

std::string generateSmallModel(size_t lines) {
  std::string s;
  s.reserve(lines * 28);
  s += ".model small\n.stack 100h\n.data\n";
  size_t procs = lines / 25;
  for (size_t i = 0; i < procs; ++i) s += fmt::format("tab{} dw ?\nmsg{} db 2 dup (1)\n", i, i);
  for (size_t i = 0; i < procs; ++i) {
    // A segment holds 64K: a new code segment every 1000 procedures (`.code name` in SMALL).
    if (i % 1000 == 0) s += fmt::format(".code text{}\n", i / 1000);
    appendProcedure(s, i, i, false);
  }
  s += "end p0\n";
  return s;
}

std::string generateLargeModel(size_t lines) {
  std::string s;
  s.reserve(lines * 28);
  s += ".model large\n.stack 400h\n.data\n";
  size_t procs = lines / 25;
  for (size_t i = 0; i < procs; ++i) s += fmt::format("tab{} dw 2 dup (?)\nmsg{} db 2 dup (1)\n", i, i);
  for (size_t i = 0; i < procs; ++i) {
    if (i % 30 == 0) s += fmt::format(".code seg{}\n", i / 30);
    // Every procedure calls the next one, usually in another segment: far calls with fixups.
    appendProcedure(s, i, (i + 1) % procs, true);
  }
  s += "end p0\n";
  return s;
}

}  // namespace asmlab::bench

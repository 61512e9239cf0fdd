// Hand encoders for LC-3 instruction words, written from the instruction formats of
// Patt & Patel Appendix A (Figure A.2), so tests need no assembler.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <vector>

#include "asmlab/lc3sim/machine.hpp"

namespace lc3test {

inline uint16_t f(int v, int bits) { return static_cast<uint16_t>(v & ((1 << bits) - 1)); }
inline uint16_t ADDr(int dr, int sr1, int sr2) { return 0x1000 | dr << 9 | sr1 << 6 | sr2; }
inline uint16_t ADDi(int dr, int sr1, int imm5) { return 0x1000 | dr << 9 | sr1 << 6 | 0x20 | f(imm5, 5); }
inline uint16_t ANDr(int dr, int sr1, int sr2) { return 0x5000 | dr << 9 | sr1 << 6 | sr2; }
inline uint16_t ANDi(int dr, int sr1, int imm5) { return 0x5000 | dr << 9 | sr1 << 6 | 0x20 | f(imm5, 5); }
inline uint16_t NOT(int dr, int sr) { return 0x9000 | dr << 9 | sr << 6 | 0x3F; }
inline uint16_t BR(int nzp, int off9) { return static_cast<uint16_t>(nzp << 9 | f(off9, 9)); }
inline uint16_t JMP(int base) { return 0xC000 | base << 6; }
inline uint16_t RET() { return JMP(7); }
inline uint16_t JSR(int off11) { return 0x4800 | f(off11, 11); }
inline uint16_t JSRR(int base) { return 0x4000 | base << 6; }
inline uint16_t LD(int dr, int off9) { return 0x2000 | dr << 9 | f(off9, 9); }
inline uint16_t LDI(int dr, int off9) { return 0xA000 | dr << 9 | f(off9, 9); }
inline uint16_t LDR(int dr, int base, int off6) { return 0x6000 | dr << 9 | base << 6 | f(off6, 6); }
inline uint16_t LEA(int dr, int off9) { return 0xE000 | dr << 9 | f(off9, 9); }
inline uint16_t ST(int sr, int off9) { return 0x3000 | sr << 9 | f(off9, 9); }
inline uint16_t STI(int sr, int off9) { return 0xB000 | sr << 9 | f(off9, 9); }
inline uint16_t STR(int sr, int base, int off6) { return 0x7000 | sr << 9 | base << 6 | f(off6, 6); }
inline uint16_t TRAP(int v) { return 0xF000 | (v & 0xFF); }
inline uint16_t RTI() { return 0x8000; }
constexpr int n = 4, z = 2, p = 1;

using asmlab::lc3sim::Edition;
using asmlab::lc3sim::Lc3Machine;

// The engine the machine-level tests run on: the fast one, or with ASMLAB_TEST_LC3_ENGINE=micro
// the micro engine (ctest runs this suite both ways: every LC-3 test on both engines).
inline asmlab::lc3sim::Engine testEngine() {
  const char* e = std::getenv("ASMLAB_TEST_LC3_ENGINE");
  return e && std::strcmp(e, "micro") == 0 ? asmlab::lc3sim::Engine::Micro : asmlab::lc3sim::Engine::Fast;
}

// Options for a test machine of the edition, on the engine under test.
inline asmlab::lc3sim::Options testOptions(Edition e = Edition::Third) {
  asmlab::lc3sim::Options o;
  o.edition = e;
  o.engine = testEngine();
  return o;
}

// A bare machine (no OS) with `words` at `origin`, PC at origin, user mode.
inline std::unique_ptr<Lc3Machine> bare(std::initializer_list<uint16_t> words, Edition e = Edition::Third,
                                        uint16_t origin = 0x3000) {
  asmlab::lc3sim::Options o = testOptions(e);
  auto m = std::make_unique<Lc3Machine>(o);
  asmlab::lc3::ObjectImage img;
  img.blocks.push_back({origin, std::vector<uint16_t>(words)});
  m->loadProgram(img);
  return m;
}

inline void stepN(Lc3Machine& m, int count) {
  for (int i = 0; i < count; ++i) m.step();
}

inline void supervisor(Lc3Machine& m) { m.writeRegister(Lc3Machine::kPSR, (m.psr() & 7) | 0x0000); }

}  // namespace lc3test

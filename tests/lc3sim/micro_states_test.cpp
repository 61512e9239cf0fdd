// The micro engine against the state graph of Patt & Patel, Appendix C (Figure C.2 and the
// interrupt and exception states; docs/lc3-microarchitecture.md lists each state and its source):
// every instruction's sequence of states in both editions, the memory's wait loop at several
// latencies, interrupts and exceptions. The expected sequences are written from the figure, not
// produced by the engine; each one's length is also the fast engine's clock count.
#include <gtest/gtest.h>

#include <vector>

#include "encode.hpp"

namespace lc3test {
namespace {

using asmlab::lc3sim::Engine;
using asmlab::lc3sim::MicroClockEvent;
using asmlab::lc3sim::Options;
using asmlab::sim::StopReason;
using States = std::vector<unsigned>;

// A state that waits for the memory: it repeats until R, M clocks in all.
struct Mem {
  unsigned state;
};
struct Part {
  unsigned state;
  bool memory = false;
  Part(int s) : state(static_cast<unsigned>(s)) {}
  Part(Mem m) : state(m.state), memory(true) {}
};
struct Seq {
  std::vector<Part> parts;
  Seq(std::initializer_list<Part> p) : parts(p) {}
  States expand(unsigned m) const {
    States out;
    for (const Part& part : parts) out.insert(out.end(), part.memory ? m : 1, part.state);
    return out;
  }
};

Seq operator+(const Seq& a, const Seq& b) {
  Seq s = a;
  s.parts.insert(s.parts.end(), b.parts.begin(), b.parts.end());
  return s;
}

const Seq kFetch2{18, Mem{33}, 35, 32};
const Seq kFetch3{18, 33, Mem{28}, 30, 32};

std::unique_ptr<Lc3Machine> machine(std::initializer_list<uint16_t> words, Edition e, Engine engine, unsigned m) {
  Options o;
  o.edition = e;
  o.engine = engine;
  o.memoryLatency = m;
  auto mc = std::make_unique<Lc3Machine>(o);
  asmlab::lc3::ObjectImage img;
  img.blocks.push_back({0x3000, std::vector<uint16_t>(words)});
  mc->loadProgram(img);
  return mc;
}

// The states one step() runs, recorded from the micro engine's clock trace.
struct Recorder {
  States states;
  explicit Recorder(Lc3Machine& m) {
    m.setClockTraceSink([this](const MicroClockEvent& e) { states.push_back(e.state); });
  }
};

// Sets up both engines the same way, steps both, and checks the micro engine's states and the fast
// engine's clock count against the sequence.
template <typename Setup>
void expectStep(std::initializer_list<uint16_t> words, Edition e, const Seq& seq, Setup setup, unsigned steps = 1) {
  for (unsigned m : {1u, 3u, 5u}) {
    auto micro = machine(words, e, Engine::Micro, m);
    auto fast = machine(words, e, Engine::Fast, m);
    setup(*micro);
    setup(*fast);
    Recorder rec(*micro);
    for (unsigned i = 0; i < steps; ++i) {
      micro->step();
      fast->step();
    }
    const States expected = seq.expand(m);
    EXPECT_EQ(rec.states, expected) << "M = " << m << ", edition " << static_cast<int>(e);
    EXPECT_EQ(micro->clockCount(), expected.size()) << "M = " << m;
    EXPECT_EQ(fast->clockCount(), expected.size()) << "fast engine, M = " << m;
    for (size_t r = 0; r < fast->registers().size(); ++r) {
      EXPECT_EQ(micro->readRegister(r), fast->readRegister(r)) << fast->registers()[r].name << ", M = " << m;
    }
  }
}

void expectStep(std::initializer_list<uint16_t> words, Edition e, const Seq& seq) {
  expectStep(words, e, seq, [](Lc3Machine&) {});
}

void supervisorWithStack(Lc3Machine& m) {
  m.writeRegister(Lc3Machine::kPSR, 0x0002);
  m.writeRegister(6, 0x2FF0);
}

TEST(Lc3MicroStates, OperateInstructions) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    const Seq& fetch = e == Edition::Second ? kFetch2 : kFetch3;
    expectStep({ADDr(1, 2, 3)}, e, fetch + Seq{1});
    expectStep({ADDi(1, 2, -3)}, e, fetch + Seq{1});
    expectStep({ANDi(1, 2, 7)}, e, fetch + Seq{5});
    expectStep({NOT(1, 2)}, e, fetch + Seq{9});
    expectStep({LEA(1, 4)}, e, fetch + Seq{14});
  }
}

TEST(Lc3MicroStates, ControlInstructions) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    const Seq& fetch = e == Edition::Second ? kFetch2 : kFetch3;
    expectStep({BR(z, 5)}, e, fetch + Seq{0, 22});  // Z is set at reset: taken
    expectStep({BR(n, 5)}, e, fetch + Seq{0});
    expectStep({JMP(3)}, e, fetch + Seq{12}, [](Lc3Machine& m) { m.writeRegister(3, 0x3050); });
    expectStep({JSR(9)}, e, fetch + Seq{4, 21});
    expectStep({JSRR(2)}, e, fetch + Seq{4, 20}, [](Lc3Machine& m) { m.writeRegister(2, 0x3100); });
  }
}

TEST(Lc3MicroStates, MemoryInstructionsSecondEdition) {
  const Edition e = Edition::Second;
  expectStep({LD(1, 4)}, e, kFetch2 + Seq{2, Mem{25}, 27});
  expectStep({LDR(1, 2, 3)}, e, kFetch2 + Seq{6, Mem{25}, 27}, [](Lc3Machine& m) { m.writeRegister(2, 0x3100); });
  expectStep({LDI(1, 4)}, e, kFetch2 + Seq{10, Mem{24}, 26, Mem{25}, 27},
             [](Lc3Machine& m) { m.poke(0x3005, 0x3200); });
  expectStep({ST(1, 4)}, e, kFetch2 + Seq{3, 23, Mem{16}});
  expectStep({STR(1, 2, 3)}, e, kFetch2 + Seq{7, 23, Mem{16}}, [](Lc3Machine& m) { m.writeRegister(2, 0x3100); });
  expectStep({STI(1, 4)}, e, kFetch2 + Seq{11, Mem{29}, 31, 23, Mem{16}},
             [](Lc3Machine& m) { m.poke(0x3005, 0x3200); });
}

TEST(Lc3MicroStates, MemoryInstructionsThirdEditionTestAccessControl) {
  const Edition e = Edition::Third;
  expectStep({LD(1, 4)}, e, kFetch3 + Seq{2, 35, Mem{25}, 27});
  expectStep({LDR(1, 2, 3)}, e, kFetch3 + Seq{6, 35, Mem{25}, 27}, [](Lc3Machine& m) { m.writeRegister(2, 0x3100); });
  expectStep({LDI(1, 4)}, e, kFetch3 + Seq{10, 17, Mem{24}, 26, 35, Mem{25}, 27},
             [](Lc3Machine& m) { m.poke(0x3005, 0x3200); });
  expectStep({ST(1, 4)}, e, kFetch3 + Seq{3, 23, Mem{16}});
  expectStep({STR(1, 2, 3)}, e, kFetch3 + Seq{7, 23, Mem{16}}, [](Lc3Machine& m) { m.writeRegister(2, 0x3100); });
  expectStep({STI(1, 4)}, e, kFetch3 + Seq{11, 19, Mem{29}, 31, 23, Mem{16}},
             [](Lc3Machine& m) { m.poke(0x3005, 0x3200); });
}

TEST(Lc3MicroStates, TrapSecondEditionThroughR7) {
  expectStep({TRAP(0x25)}, Edition::Second, kFetch2 + Seq{15, Mem{28}, 30},
             [](Lc3Machine& m) { m.poke(0x0025, 0x0400); });
}

TEST(Lc3MicroStates, TrapThirdEditionThroughTheSupervisorStack) {
  auto vector = [](Lc3Machine& m) { m.poke(0x0025, 0x0400); };
  // From user mode the stack switch (45) comes first.
  expectStep({TRAP(0x25)}, Edition::Third,
             kFetch3 + Seq{15, 47, 45, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55}, vector);
  expectStep({TRAP(0x25)}, Edition::Third, kFetch3 + Seq{15, 47, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55},
             [&](Lc3Machine& m) {
               vector(m);
               supervisorWithStack(m);
             });
}

TEST(Lc3MicroStates, TrapPushesPsrAndTheReturnAddress) {
  auto m = machine({TRAP(0x25)}, Edition::Third, Engine::Micro, 5);
  m->poke(0x0025, 0x0400);
  m->writeRegister(6, 0x4000);  // the user stack
  m->step();
  EXPECT_EQ(m->programCounter(), 0x0400);
  EXPECT_EQ(m->reg(6), 0x2FFE);  // Saved_SSP x3000, two pushes
  EXPECT_EQ(m->peek(0x2FFE), 0x3001);  // PC-1 after state 15's extra increment: the next instruction
  EXPECT_EQ(m->peek(0x2FFF), 0x8002);  // the user PSR
  EXPECT_EQ(m->savedUsp(), 0x4000);
  EXPECT_FALSE(m->userMode());
  EXPECT_EQ(m->reg(7), 0);  // the 3rd edition leaves R7 alone
}

TEST(Lc3MicroStates, JsrrR7FollowsEachEditionsStateFour) {
  // 2nd edition: state 4 writes R7 before state 20 reads BaseR = R7, so JSRR R7 continues at the
  // next instruction; 3rd edition: state 20 reads the old R7 while it writes the new one.
  for (Engine engine : {Engine::Fast, Engine::Micro}) {
    auto second = machine({JSRR(7)}, Edition::Second, engine, 5);
    second->writeRegister(7, 0x3100);
    second->step();
    EXPECT_EQ(second->programCounter(), 0x3001);
    EXPECT_EQ(second->reg(7), 0x3001);
    auto third = machine({JSRR(7)}, Edition::Third, engine, 5);
    third->writeRegister(7, 0x3100);
    third->step();
    EXPECT_EQ(third->programCounter(), 0x3100);
    EXPECT_EQ(third->reg(7), 0x3001);
  }
}

TEST(Lc3MicroStates, TheMemoryRoutesDeviceAddressesForEveryAccess) {
  // The address control logic sends every access in xFE00-xFFFF to the devices, whichever state
  // makes it: a TRAP's push onto MCR (R6 = x0000: PSR to xFFFF, then the PC, x3001 with bit 15
  // clear, to MCR at xFFFE) stops the clock; a fetch from PSR (xFFFC) executes the PSR's value.
  for (Engine engine : {Engine::Fast, Engine::Micro}) {
    auto m = machine({TRAP(0x25)}, Edition::Third, engine, 5);
    m->poke(0x0025, 0x0400);
    m->writeRegister(Lc3Machine::kPSR, 0x0002);
    m->writeRegister(6, 0x0000);
    EXPECT_EQ(m->run({}).reason, StopReason::Halted);
    EXPECT_EQ(m->peek(0xFFFE), 0x3001);
    EXPECT_TRUE(m->halted());

    auto f = machine({JMP(1)}, Edition::Second, engine, 5);
    f->writeRegister(1, 0xFFFC);
    f->writeRegister(Lc3Machine::kPSR, 0x8002);  // as a word: RTI with bit 1 set, not an instruction
    auto stop = f->run({});
    EXPECT_EQ(stop.reason, StopReason::Exception);
    EXPECT_EQ(stop.message, "illegal opcode x8002 at xFFFC");
  }
}

TEST(Lc3MicroStates, RtiFromSupervisorMode) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    const Seq& fetch = e == Edition::Second ? kFetch2 : kFetch3;
    auto frame = [](uint16_t psr) {
      return [psr](Lc3Machine& m) {
        supervisorWithStack(m);
        m.poke(0x2FF0, 0x3100);  // PC
        m.poke(0x2FF1, psr);     // PSR
      };
    };
    // Back to user mode: 59 saves the supervisor stack and takes the user one.
    expectStep({RTI()}, e, fetch + Seq{8, Mem{36}, 38, 39, Mem{40}, 42, 34, 59}, frame(0x8001));
    // Back to supervisor code: 51 does nothing.
    expectStep({RTI()}, e, fetch + Seq{8, Mem{36}, 38, 39, Mem{40}, 42, 34, 51}, frame(0x0004));
  }
}

TEST(Lc3MicroStates, ExceptionsEnterThroughTheStack) {
  auto vectors = [](Lc3Machine& m) {
    m.poke(0x0100, 0x0500);
    m.poke(0x0101, 0x0510);
    m.poke(0x0102, 0x0520);
  };
  // RTI in user mode: privilege mode violation (44, vector x00).
  expectStep({RTI()}, Edition::Second, kFetch2 + Seq{8, 44, 45, 37, Mem{41}, 43, 47, Mem{48}, 50, Mem{52}, 54}, vectors);
  expectStep({RTI()}, Edition::Third, kFetch3 + Seq{8, 44, 45, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55}, vectors);
  // Opcode 1101: illegal opcode (13, vector x01), from user and from supervisor mode.
  expectStep({0xD000}, Edition::Second, kFetch2 + Seq{13, 45, 37, Mem{41}, 43, 47, Mem{48}, 50, Mem{52}, 54}, vectors);
  expectStep({0xD000}, Edition::Third, kFetch3 + Seq{13, 45, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55}, vectors);
  expectStep({0xD000}, Edition::Third, kFetch3 + Seq{13, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55}, [&](Lc3Machine& m) {
    vectors(m);
    supervisorWithStack(m);
  });
}

TEST(Lc3MicroStates, AccessViolationsBranchFromTheAcvTests) {
  auto vectors = [](Lc3Machine& m) { m.poke(0x0102, 0x0520); };
  const Seq entry{45, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55};
  const Edition e = Edition::Third;
  // Fetch (33 -> 60): user code jumps into the OS. The fetch is not an instruction yet, so the step
  // goes on to the handler's first instruction (x0000 at x0520: a BR that never branches).
  expectStep({JMP(3), 0}, e, kFetch3 + Seq{12} + Seq{18, 33, 60} + entry + kFetch3 + Seq{0},
             [&](Lc3Machine& m) {
               vectors(m);
               m.writeRegister(3, 0x0200);
             },
             2);
  // Load (35 -> 57), store (23 -> 48), LDI's pointer (17 -> 56) and target (35 -> 57), STI's
  // pointer (19 -> 61) and target (23 -> 48).
  auto base = [&](Lc3Machine& m) {
    vectors(m);
    m.writeRegister(2, 0xFE00);
  };
  expectStep({LDR(1, 2, 0)}, e, kFetch3 + Seq{6, 35, 57} + entry, base);
  expectStep({STR(1, 2, 0)}, e, kFetch3 + Seq{7, 23, 48} + entry, base);
  auto far = [&](Lc3Machine& m) {
    vectors(m);
    m.poke(0x3005, 0x0020);
  };
  expectStep({LDI(1, 4)}, e, kFetch3 + Seq{10, 17, Mem{24}, 26, 35, 57} + entry, far);
  expectStep({STI(1, 4)}, e, kFetch3 + Seq{11, 19, Mem{29}, 31, 23, 48} + entry, far);
  expectStep({LDI(1, -0x100)}, e, kFetch3 + Seq{10, 17, 56} + entry, vectors);  // the pointer is at x2F01
  expectStep({STI(1, -0x100)}, e, kFetch3 + Seq{11, 19, 61} + entry, vectors);
}

TEST(Lc3MicroStates, KeyboardInterruptEntersBetweenInstructions) {
  // ADD enables nothing itself: the interrupt is due from the start (KBSR[14] set, a key ready,
  // priority 4 above 0), so state 18 goes to 49 first; the step then runs the handler's first
  // instruction.
  auto setup = [](Lc3Machine& m) {
    m.poke(0x0180, 0x0600);
    m.poke(0x0600, ADDi(5, 5, 1));
    m.poke(0xFE00, 0x4000);
    m.feedInput("k");
  };
  expectStep({ADDi(1, 1, 1)}, Edition::Second,
             Seq{18, 49, 45, 37, Mem{41}, 43, 47, Mem{48}, 50, Mem{52}, 54} + kFetch2 + Seq{1}, setup);
  expectStep({ADDi(1, 1, 1)}, Edition::Third,
             Seq{18, 49, 45, 37, Mem{41}, 43, 46, Mem{52}, 54, Mem{53}, 55} + kFetch3 + Seq{1}, setup);
  auto m = machine({ADDi(1, 1, 1)}, Edition::Third, Engine::Micro, 5);
  setup(*m);
  m->step();
  EXPECT_EQ(m->reg(5), 1);                     // the handler ran
  EXPECT_EQ(m->peek(0x2FFE), 0x3000);          // the interrupted instruction, not yet executed
  EXPECT_EQ((m->psr() >> 8) & 7, 4);           // the keyboard's priority
}

TEST(Lc3MicroStates, MemoryStatesWaitForReady) {
  // With M = 4 the fetch's read state runs four clocks: R is low on the first three (the
  // microsequencer keeps J = 33) and high on the fourth (J | 2 = 35).
  auto m = machine({ADDi(1, 1, 1)}, Edition::Second, Engine::Micro, 4);
  std::vector<std::pair<unsigned, bool>> seen;
  m->setClockTraceSink([&](const MicroClockEvent& e) {
    if (e.state == 33) seen.emplace_back(e.nextState, e.ready);
  });
  m->step();
  const std::vector<std::pair<unsigned, bool>> expected = {{33, false}, {33, false}, {33, false}, {35, true}};
  EXPECT_EQ(seen, expected);
}

TEST(Lc3MicroStates, MicroStepWalksOneClockAtATime) {
  auto m = machine({ADDi(1, 1, 5), ADDi(1, 1, 1)}, Edition::Third, Engine::Micro, 2);
  const States expected = {18, 33, 28, 28, 30, 32, 1, 18};
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(m->microView().state, expected[i]) << "clock " << i;
    EXPECT_EQ(m->atInstructionBoundary(), i == 0 || i + 1 == expected.size());
    if (i + 1 < expected.size()) {
      EXPECT_EQ(m->microView().nextState, expected[i + 1]) << "clock " << i;
      EXPECT_EQ(m->stepClock().reason, StopReason::Step);
    }
  }
  EXPECT_EQ(m->reg(1), 5);
  EXPECT_EQ(m->instructionCount(), 1u);
  EXPECT_EQ(m->clockCount(), 7u);
}

TEST(Lc3MicroStates, StepFinishesTheInstructionInProgress) {
  auto m = machine({LD(1, 4), ADDi(2, 2, 1)}, Edition::Third, Engine::Micro, 5);
  m->poke(0x3005, 0x1234);
  for (int i = 0; i < 11; ++i) m->stepClock();  // into LD's memory read
  EXPECT_FALSE(m->atInstructionBoundary());
  EXPECT_EQ(m->step().reason, StopReason::Step);
  EXPECT_TRUE(m->atInstructionBoundary());
  EXPECT_EQ(m->reg(1), 0x1234);
  EXPECT_EQ(m->reg(2), 0);
  EXPECT_EQ(m->clockCount(), 17u);  // 7 + 2M
}

}  // namespace
}  // namespace lc3test

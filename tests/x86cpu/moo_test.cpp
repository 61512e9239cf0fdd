// The MOO reader and the conformance runner on small files built here byte by byte.
#include <gtest/gtest.h>

#include <string>

#include "asmlab/x86/conformance.hpp"
#include "asmlab/x86/moo.hpp"

namespace asmlab::x86::test {
namespace {

struct Bytes {
  std::vector<uint8_t> v;
  Bytes& u8(uint8_t x) { v.push_back(x); return *this; }
  Bytes& u16(uint16_t x) { return u8(uint8_t(x)).u8(uint8_t(x >> 8)); }
  Bytes& u32(uint32_t x) { return u16(uint16_t(x)).u16(uint16_t(x >> 16)); }
  Bytes& id(const char* s) { for (int i = 0; i < 4; ++i) u8(uint8_t(s[i])); return *this; }
  Bytes& raw(const std::vector<uint8_t>& b) { v.insert(v.end(), b.begin(), b.end()); return *this; }
  Bytes& chunk(const char* type, const Bytes& payload) { return id(type).u32(uint32_t(payload.v.size())).raw(payload.v); }
};

// One recorded clock: T-state, bus status and queue operation (0 none, 1 F, 3 S); the other
// pins as on an idle bus.
void clockRecord(Bytes& b, uint8_t tstate, uint8_t status, uint8_t queueOp, uint8_t queueByte = 0) {
  b.u8(0).u32(0).u8(4).u8(0).u8(0).u8(1).u16(0).u8(status).u8(tstate).u8(queueOp).u8(queueByte);
}

// One test: `nop` at 0100:0000 (code at physical 1000h); the final state advances IP by one.
// With `queue`, the test starts with six NOPs queued and records the real 8086's three clocks:
// the opcode taken (F, shown one clock late), two idle clocks, no bus cycle (five bytes are
// left queued, and a prefetch needs room for a word: at most four).
Bytes nopTest(uint16_t finalIp, bool queue = false) {
  Bytes init, regs, ram, fin, fregs, fram, test;
  regs.u16(0x3FFF);
  const uint16_t values[14] = {1, 2, 3, 4, 0x0100, 0x0200, 0x0300, 0x0400, 0x0100, 0, 0, 0, 0x0000, 0xF002};
  for (uint16_t x : values) regs.u16(x);
  ram.u32(1).u32(0x1000).u8(0x90);
  init.chunk("REGS", regs).chunk("RAM ", ram);
  if (queue) {
    Bytes q;
    q.u32(6).raw({0x90, 0x90, 0x90, 0x90, 0x90, 0x90});
    init.chunk("QUEU", q);
  }
  fregs.u16(1u << 12).u16(finalIp);
  fram.u32(1).u32(0x1000).u8(0x90);
  fin.chunk("REGS", fregs).chunk("RAM ", fram);
  Bytes name, bytes, cycles;
  name.u32(3).raw({'n', 'o', 'p'});
  bytes.u32(1).u8(0x90);
  cycles.u32(3);
  clockRecord(cycles, 0, 7, 1, 0x90);
  clockRecord(cycles, 0, 7, 0);
  clockRecord(cycles, 0, 7, 0);
  test.u32(0).chunk("NAME", name).chunk("BYTS", bytes).chunk("INIT", init).chunk("FINA", fin).chunk("CYCL", cycles);
  return test;
}

std::vector<uint8_t> mooFile(uint16_t finalIp, uint32_t announced = 1, bool queue = false) {
  Bytes header, file;
  header.u8(1).u8(0).u16(0).u32(announced).id("8086");
  file.chunk("MOO ", header).chunk("TEST", nopTest(finalIp, queue));
  return file.v;
}

TEST(X86Moo, ParsesStatesAndCycles) {
  moo::File f = moo::parse(mooFile(1), "mem");
  ASSERT_EQ(f.tests.size(), 1u);
  EXPECT_EQ(f.cpu, "8086");
  const moo::Test& t = f.tests[0];
  EXPECT_EQ(t.name, "nop");
  EXPECT_EQ(t.bytes, std::vector<uint8_t>{0x90});
  EXPECT_EQ(t.initial.regs[moo::kCs], 0x0100);
  EXPECT_EQ(t.initial.regs[moo::kFlags], 0xF002);
  EXPECT_EQ(t.final.regMask, 1u << 12);
  EXPECT_EQ(t.final.regs[moo::kIp], 1);
  EXPECT_EQ(t.cycles, 3u);
}

TEST(X86Moo, RejectsBadFilesWithALocatedMessage) {
  std::vector<uint8_t> data = mooFile(1);
  data.resize(data.size() - 10);
  try {
    moo::parse(data, "cut.MOO");
    FAIL() << "truncated file accepted";
  } catch (const moo::FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.MOO: error:"), std::string::npos);
  }
  EXPECT_THROW(moo::parse(mooFile(1, 2), "count.MOO"), moo::FormatError);
  EXPECT_THROW(moo::parse({'J', 'U', 'N', 'K', 0, 0, 0, 0}, "junk"), moo::FormatError);
  EXPECT_THROW(moo::readFile("/nonexistent/x.MOO.gz"), moo::FormatError);
}

TEST(X86Moo, RunnerPassesACorrectTestAndCatchesAWrongOne) {
  conformance::Metadata none;
  conformance::Options manual;
  manual.timing = TimingModel::Manual;
  conformance::FileResult ok = conformance::runFile(moo::parse(mooFile(1), "a"), "90", none, manual);
  EXPECT_EQ(ok.tests, 1u);
  EXPECT_TRUE(ok.perfect());
  EXPECT_EQ(ok.clocksExact, 1u);  // NOP: 3 clocks, as recorded
  conformance::FileResult bad = conformance::runFile(moo::parse(mooFile(2), "b"), "90", none, manual);
  EXPECT_EQ(bad.registersPass, 0u);
  EXPECT_FALSE(bad.perfect());
  ASSERT_EQ(bad.failures.size(), 1u);
  EXPECT_NE(bad.failures[0].find("ip=0001 (expected 0002)"), std::string::npos);
}

TEST(X86Moo, CycleRunnerComparesEveryClock) {
  conformance::Metadata none;
  conformance::FileResult ok = conformance::runFile(moo::parse(mooFile(1, 1, true), "a"), "90", none, {});
  EXPECT_TRUE(ok.perfect());
  EXPECT_EQ(ok.tracesIdentical, 1u) << (ok.traceFailures.empty() ? "" : ok.traceFailures[0]);
  // Without the queue the CPU must first fetch: more clocks, and a bus cycle where the record
  // has none; the runner says where the first difference is.
  conformance::FileResult slow = conformance::runFile(moo::parse(mooFile(1), "b"), "90", none, {});
  EXPECT_EQ(slow.tracesIdentical, 0u);
  ASSERT_EQ(slow.traceFailures.size(), 1u);
  EXPECT_NE(slow.traceFailures[0].find("clock 0:"), std::string::npos) << slow.traceFailures[0];
}

}  // namespace
}  // namespace asmlab::x86::test

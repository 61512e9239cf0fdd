// MOO reader: a chunk is type[4] length:u32 payload[length]; unknown chunks are skipped.
#include "asmlab/x86/moo.hpp"

#include <zlib.h>

#include <cstring>

namespace asmlab::x86::moo {

const char* mooRegName(int reg) {
  static const char* const names[kRegCount] = {"ax", "bx", "cx", "dx", "cs", "ss", "ds",
                                               "es", "sp", "bp", "si", "di", "ip", "flags"};
  return reg >= 0 && reg < kRegCount ? names[reg] : "?";
}

namespace {

class Reader {
public:
  Reader(const uint8_t* data, size_t size, const std::string& origin) : p_(data), end_(data + size), origin_(origin) {}
  bool atEnd() const { return p_ >= end_; }
  size_t remaining() const { return size_t(end_ - p_); }
  [[noreturn]] void fail(const std::string& why) const { throw FormatError(origin_ + ": error: " + why); }
  void need(size_t n, const char* what) const {
    if (remaining() < n) fail(std::string("truncated ") + what);
  }
  uint8_t u8() { need(1, "byte"); return *p_++; }
  uint16_t u16() { need(2, "word"); uint16_t v = uint16_t(p_[0] | (p_[1] << 8)); p_ += 2; return v; }
  uint32_t u32() {
    need(4, "dword");
    uint32_t v = uint32_t(p_[0]) | (uint32_t(p_[1]) << 8) | (uint32_t(p_[2]) << 16) | (uint32_t(p_[3]) << 24);
    p_ += 4;
    return v;
  }
  std::string id() { need(4, "chunk type"); std::string s(reinterpret_cast<const char*>(p_), 4); p_ += 4; return s; }
  // Reads a chunk header and returns a reader over its payload.
  Reader chunk(std::string& type) {
    type = id();
    uint32_t length = u32();
    if (remaining() < length) fail("chunk '" + type + "' runs past the end of its container");
    Reader inner(p_, length, origin_);
    p_ += length;
    return inner;
  }
  const uint8_t* data() const { return p_; }

private:
  const uint8_t* p_;
  const uint8_t* end_;
  const std::string& origin_;
};

void readRegs(Reader r, State& s) {
  s.regMask = r.u16();
  for (int i = 0; i < kRegCount; ++i)
    if (s.regMask & (1u << i)) s.regs[i] = r.u16();
}

void readRam(Reader r, State& s) {
  uint32_t count = r.u32();
  if (r.remaining() < size_t(count) * 5) r.fail("RAM chunk shorter than its entry count");
  s.ram.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t address = r.u32();
    uint8_t value = r.u8();
    s.ram.emplace_back(address, value);
  }
}

void readState(Reader r, State& s) {
  while (!r.atEnd()) {
    std::string type;
    Reader c = r.chunk(type);
    if (type == "REGS") readRegs(c, s);
    else if (type == "RAM ") readRam(c, s);
    else if (type == "QUEU") {
      uint32_t n = c.u32();
      c.need(n, "queue");
      s.queue.assign(c.data(), c.data() + n);
    }
  }
}

Test readTest(Reader r) {
  Test t;
  t.index = r.u32();
  while (!r.atEnd()) {
    std::string type;
    Reader c = r.chunk(type);
    if (type == "NAME") {
      uint32_t n = c.u32();
      c.need(n, "name");
      t.name.assign(reinterpret_cast<const char*>(c.data()), n);
    } else if (type == "BYTS") {
      uint32_t n = c.u32();
      c.need(n, "instruction bytes");
      t.bytes.assign(c.data(), c.data() + n);
    } else if (type == "INIT") {
      readState(c, t.initial);
    } else if (type == "FINA") {
      readState(c, t.final);
    } else if (type == "CYCL") {
      t.cycles = c.u32();
      if (c.remaining() < size_t(t.cycles) * 15) c.fail("CYCL chunk shorter than its clock count");
      t.clocks.resize(t.cycles);
      for (Clock& k : t.clocks) {
        k.pins0 = c.u8();
        k.bus = c.u32();
        k.segment = c.u8();
        k.memoryStatus = c.u8();
        k.ioStatus = c.u8();
        k.pins1 = c.u8();
        k.data = c.u16();
        k.busStatus = c.u8();
        k.tstate = c.u8();
        k.queueOp = c.u8();
        k.queueByte = c.u8();
      }
    } else if (type == "EXCP") {
      t.hasException = true;
      t.exceptionVector = c.u8();
      if (c.remaining() >= 4) t.exceptionFlagAddress = c.u32();
    }
  }
  return t;
}

}  // namespace

File parse(const std::vector<uint8_t>& data, const std::string& origin) {
  Reader r(data.data(), data.size(), origin);
  File f;
  std::string type;
  Reader header = r.chunk(type);
  if (type != "MOO ") r.fail("not a MOO file (no 'MOO ' header chunk)");
  f.major = header.u8();
  f.minor = header.u8();
  header.u16();
  uint32_t count = header.u32();
  if (header.remaining() >= 4) f.cpu = header.id();
  while (f.cpu.size() && f.cpu.back() == ' ') f.cpu.pop_back();
  f.tests.reserve(count);
  while (!r.atEnd()) {
    Reader c = r.chunk(type);
    if (type == "TEST") f.tests.push_back(readTest(c));
  }
  if (f.tests.size() != count)
    r.fail("header announces " + std::to_string(count) + " tests, file holds " + std::to_string(f.tests.size()));
  return f;
}

File readFile(const std::filesystem::path& path) {
  const std::string origin = path.string();
  gzFile gz = gzopen(origin.c_str(), "rb");  // reads plain files too
  if (gz == nullptr) throw FormatError(origin + ": error: cannot open file");
  std::vector<uint8_t> data;
  uint8_t buffer[1 << 16];
  for (;;) {
    int n = gzread(gz, buffer, sizeof buffer);
    if (n < 0) {
      int code = 0;
      std::string why = gzerror(gz, &code);
      gzclose(gz);
      throw FormatError(origin + ": error: cannot decompress: " + why);
    }
    if (n == 0) break;
    data.insert(data.end(), buffer, buffer + n);
  }
  gzclose(gz);
  return parse(data, origin);
}

}  // namespace asmlab::x86::moo

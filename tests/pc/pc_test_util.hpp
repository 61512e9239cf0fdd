// Helpers for the PC tests: hand-assembled .COM programs (bytes from the Intel 8086 opcode map)
// run on a fresh machine, and sources loaded as `asmlab run` loads them.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "asmlab/toolchain/loader.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"

namespace asmlab::x86::pc::test {

// Code followed by zero bytes up to `size` (data areas after the code).
inline std::vector<uint8_t> padded(std::initializer_list<uint8_t> code, size_t size) {
  std::vector<uint8_t> v(std::max(size, code.size()), 0);
  size_t i = 0;
  for (uint8_t b : code) v[i++] = b;
  return v;
}

inline std::unique_ptr<PcMachine> comMachine(const std::vector<uint8_t>& code, const std::string& keys = {},
                                             const PcOptions& options = {}) {
  auto m = std::make_unique<PcMachine>(options);
  std::string error;
  EXPECT_TRUE(m->loadProgram(code, "TEST.COM", "", error)) << error;
  if (!keys.empty()) {
    std::vector<InputEvent> events;
    EXPECT_TRUE(parseInputScript(keys, "keys", events, error)) << error;
    m->addInputEvents(events);
  }
  m->closeInput();
  return m;
}

inline sim::StopInfo runFor(PcMachine& m, uint64_t clocks = 50'000'000) {
  sim::RunLimits limits;
  limits.maxClocks = clocks;
  return m.run(limits);
}

inline std::string screenRow(const PcMachine& m, unsigned row) {
  std::string s;
  for (unsigned c = 0; c < m.textColumns(); ++c) s += static_cast<char>(m.textCell(row, c).character);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// `text` written to a file named `name` in a folder of its own, assembled, linked and loaded by the
// toolchain (the MASM front end unless `options` say otherwise); the folder is removed after.
inline std::unique_ptr<sim::Machine> loadSource(const std::string& name, const std::string& text,
                                                const toolchain::LoadOptions& options = {}) {
  const auto dir = std::filesystem::temp_directory_path() / ("asmlab_pc_source_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path) << text;
  Diagnostics diagnostics;
  auto machine = toolchain::loadProgram({path}, options, diagnostics);
  std::filesystem::remove_all(dir);
  EXPECT_TRUE(machine) << name << ": " << (diagnostics.all().empty() ? "" : diagnostics.all().front().message);
  if (machine) machine->closeInput();
  return machine;
}

}  // namespace asmlab::x86::pc::test

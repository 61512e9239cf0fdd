// libFuzzer target: the PC's key and mouse script reader (--keys, --mouse).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/x86/pc/input_script.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  std::vector<asmlab::x86::pc::InputEvent> events;
  std::string error;
  (void)asmlab::x86::pc::parseInputScript(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.keys", events,
                                          error);
  return 0;
}

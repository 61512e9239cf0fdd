// libFuzzer target: the LC-3 assembler on arbitrary source text (docs/fuzzing.md).
#include <cstddef>
#include <cstdint>
#include <string>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/lc3/assembler.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  asmlab::Diagnostics diagnostics;
  asmlab::lc3::AssembleOptions options;
  options.listing = true;
  auto assembly =
      asmlab::lc3::assembleText("fuzz.asm", std::string(reinterpret_cast<const char*>(data), size), diagnostics, options);
  if (!diagnostics.hasErrors()) (void)asmlab::lc3::renderListing(assembly);
  (void)diagnostics.renderToString();
  return 0;
}

// libFuzzer target: the MASM 6 / TASM front end on arbitrary source text, with the listing and
// the OMF object writer behind it (docs/fuzzing.md). An input whose last byte is 01h is
// assembled in the TASM dialect (the seed corpus carries TASM sources that way).
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "asmlab/masm/assembler.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  asmlab::masm::Options options;
  if (size > 0 && data[size - 1] == 0x01) {
    options.dialect = asmlab::masm::Dialect::Tasm;
    --size;
  }
  options.listing = true;
  // Course programs expand to a few thousand lines. Inputs that expand to the bounds are common
  // (mutations of the kept findings, which all expand without end) and cost 10 to 40 µs a line
  // under the sanitizers; bounds of 250 lines and 16 KiB keep them near 5 ms and still reach the
  // code of every bound (the nesting limit of 200 expansions too).
  options.maxLogicalLines = 250;
  options.maxExpansionBytes = 16u << 10;
  auto source = std::make_shared<const asmlab::SourceFile>("fuzz.asm", std::string(reinterpret_cast<const char*>(data), size));
  // No file is read: INCLUDE of the input's own name includes the input again (the nesting bound),
  // any other name is not found. Reading the working folder made runs slow and host-dependent.
  options.readInclude = [source](const std::string& name, const asmlab::SourceFile*, std::string&) {
    const std::string_view self = "fuzz.asm";
    bool same = name.size() == self.size() && std::equal(name.begin(), name.end(), self.begin(), [](char a, char b) {
                  return std::tolower(static_cast<unsigned char>(a)) == b;
                });
    return same ? source : nullptr;
  };
  asmlab::Diagnostics diagnostics;
  diagnostics.setErrorLimit(asmlab::Diagnostics::kDefaultErrorLimit);  // as the command line does
  auto result = asmlab::masm::assemble(source, options, diagnostics);
  if (!diagnostics.hasErrors()) {
    asmlab::link::LinkDiagnostics linkDiagnostics;
    if (asmlab::link::validateModule(result.module, "fuzz.obj", linkDiagnostics))
      (void)asmlab::link::writeObject(result.module);
  }
  (void)diagnostics.renderToString();
  return 0;
}

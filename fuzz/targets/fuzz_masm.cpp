// libFuzzer target: the MASM 6 / TASM front end on arbitrary source text, with the listing and
// the OMF object writer behind it (docs/fuzzing.md). An input whose last byte is 01h is
// assembled in the TASM dialect (the seed corpus carries TASM sources that way).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

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
  // Course programs expand to a few thousand lines; an input that expands to the bounds costs a
  // second under the sanitizers, and mutations of the kept findings (which all expand without end)
  // make them often. Bounds of 10,000 lines and 512 KiB keep every execution short.
  options.maxLogicalLines = 10'000;
  options.maxExpansionBytes = 512u << 10;
  auto source = std::make_shared<const asmlab::SourceFile>("fuzz.asm", std::string(reinterpret_cast<const char*>(data), size));
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

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
  // A real source expands to at most a few hundred thousand lines; the default bound (1 M) would
  // let one input take minutes under the sanitizers.
  options.maxLogicalLines = 50'000;
  options.maxExpansionBytes = 2u << 20;
  auto source = std::make_shared<const asmlab::SourceFile>("fuzz.asm", std::string(reinterpret_cast<const char*>(data), size));
  asmlab::Diagnostics diagnostics;
  diagnostics.setErrorLimit(1000);  // as --error-limit: the front end's work is the target, not a million reports
  auto result = asmlab::masm::assemble(source, options, diagnostics);
  if (!diagnostics.hasErrors()) {
    asmlab::link::LinkDiagnostics linkDiagnostics;
    if (asmlab::link::validateModule(result.module, "fuzz.obj", linkDiagnostics))
      (void)asmlab::link::writeObject(result.module);
  }
  (void)diagnostics.renderToString();
  return 0;
}

// libFuzzer target: the YAML grading-spec reader. Relative file names resolve against a folder
// that does not exist, so no input makes the reader open a file.
#include <cstddef>
#include <cstdint>
#include <string>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/grader/spec.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  asmlab::Diagnostics diagnostics;
  diagnostics.setErrorLimit(asmlab::Diagnostics::kDefaultErrorLimit);  // as `grade` and `test` do
  (void)asmlab::grader::parseSpec(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                                  "/nonexistent-asmlab-fuzz", diagnostics);
  (void)diagnostics.renderToString();
  return 0;
}

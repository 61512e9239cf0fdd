// libFuzzer target: the DOS MZ (.EXE) reader.
#include <cstddef>
#include <cstdint>
#include <span>

#include "asmlab/link/mz_reader.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  asmlab::link::LinkDiagnostics diag;
  if (auto file = asmlab::link::readMz(std::span<const uint8_t>(data, size), "fuzz.exe", diag)) {
    for (const auto& r : file->relocations)
      if (r.linear() + 1 < file->image.size()) (void)file->image[r.linear() + 1];
  }
  return 0;
}

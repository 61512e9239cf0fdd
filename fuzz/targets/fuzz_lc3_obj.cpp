// libFuzzer target: the LC-3 .obj and .sym readers (the same bytes are given to both).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "asmlab/lc3/objfile.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string error;
  asmlab::lc3::ObjectImage image;
  if (asmlab::lc3::readObject(bytes, image, error)) (void)asmlab::lc3::writeObject(image);
  std::vector<asmlab::lc3::ObjectSymbol> symbols;
  (void)asmlab::lc3::readSymbols(bytes, symbols, error);
  return 0;
}

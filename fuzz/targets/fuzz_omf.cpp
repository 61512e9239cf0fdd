// libFuzzer target: the OMF object reader and the OMF library reader (with every member loaded).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"

// tests/fuzz_regressions builds this file under another name to run the kept findings.
#ifndef ASMLAB_FUZZ_ENTRY
#define ASMLAB_FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

extern "C" int ASMLAB_FUZZ_ENTRY(const uint8_t* data, size_t size) {
  using namespace asmlab::link;
  std::vector<uint8_t> bytes(data, data + size);
  {
    LinkDiagnostics diag;
    (void)readObject(bytes, "fuzz.obj", diag);
  }
  LinkDiagnostics diag;
  if (auto library = Library::read(std::move(bytes), "fuzz.lib", diag)) {
    (void)library->dictionaryEntries();
    for (size_t i = 0; i < library->members().size(); ++i) (void)library->loadMember(i, diag);
  }
  return 0;
}

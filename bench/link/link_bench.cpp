// Linker throughput: reading and writing objects, library lookups, and a whole link of a
// course-sized program (200 objects, a 500-member library), all in memory.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"

namespace {

using namespace asmlab::link;

// A module like a student's: 2 KB of code with a far call to a library routine every 64 bytes,
// 512 bytes of data in DGROUP, publics and externals.
Module makeModule(int index, int libraryRoutines) {
  Module m;
  m.name = "M" + std::to_string(index);
  Segment code;
  code.name = m.name + "_TEXT";
  code.className = "CODE";
  code.align = Align::Word;
  code.combine = Combine::Public;
  code.data.assign(2048, 0x90);
  code.length = 2048;
  Segment data;
  data.name = "_DATA";
  data.className = "DATA";
  data.align = Align::Word;
  data.combine = Combine::Public;
  for (int i = 0; i < 256; ++i) data.data.push_back(static_cast<uint8_t>(i));
  data.length = 256;
  m.segments = {code, data};
  m.groups.push_back(Group{"DGROUP", {1}});
  for (int k = 0; k < 8; ++k) {
    Public p;
    p.name = m.name + "_P" + std::to_string(k);
    p.segment = 0;
    p.offset = static_cast<uint32_t>(k * 256);
    m.publics.push_back(p);
  }
  for (uint32_t at = 0; at + 5 <= 2048; at += 64) {
    Extern e;
    e.name = "LIB_" + std::to_string((index * 31 + at) % libraryRoutines);
    m.externs.push_back(e);
    Fixup f;
    f.segment = 0;
    f.offset = at + 1;
    f.kind = FixupKind::Pointer32;
    f.frame = {RefKind::Target, 0};
    f.target = {RefKind::Extern, static_cast<uint32_t>(m.externs.size() - 1)};
    m.fixups.push_back(f);
    Fixup d;
    d.segment = 0;
    d.offset = at + 8;
    d.frame = {RefKind::Group, 0};
    d.target = {RefKind::Segment, 1};
    d.displacement = static_cast<int32_t>(at % 256);
    m.fixups.push_back(d);
  }
  return m;
}

Module makeLibraryMember(int index) {
  Module m;
  m.name = "LIB" + std::to_string(index);
  Segment code;
  code.name = m.name + "_TEXT";  // medium model: one code segment per module
  code.className = "CODE";
  code.align = Align::Byte;
  code.combine = Combine::Public;
  code.data.assign(200, 0xCB);
  code.length = 200;
  m.segments = {code};
  Public p;
  p.name = "LIB_" + std::to_string(index);
  p.segment = 0;
  m.publics.push_back(p);
  return m;
}

std::vector<uint8_t> makeLibrary(int members) {
  std::vector<Module> modules;
  for (int i = 0; i < members; ++i) modules.push_back(makeLibraryMember(i));
  LinkDiagnostics diag;
  return *writeLibrary(modules, {}, diag);
}

void BM_WriteObject(benchmark::State& state) {
  Module m = makeModule(1, 500);
  size_t bytes = 0;
  for (auto _ : state) {
    auto out = writeObject(m);
    bytes += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteObject);

void BM_ReadObject(benchmark::State& state) {
  auto bytes = writeObject(makeModule(1, 500));
  for (auto _ : state) {
    LinkDiagnostics diag;
    auto m = readObject(bytes, "m.obj", diag);
    benchmark::DoNotOptimize(m);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadObject);

void BM_LibraryLookup(benchmark::State& state) {
  LinkDiagnostics diag;
  auto lib = Library::read(makeLibrary(500), "big.lib", diag);
  int i = 0;
  for (auto _ : state) {
    auto member = lib->findDefiningMember("LIB_" + std::to_string(i++ % 500));
    benchmark::DoNotOptimize(member);
  }
}
BENCHMARK(BM_LibraryLookup);

// 200 objects (460 KB of code and data, 12,800 fixups) against a 500-member library, to an .EXE.
void BM_LinkProgram(benchmark::State& state) {
  std::vector<Module> modules;
  for (int i = 0; i < 200; ++i) modules.push_back(makeModule(i, 500));
  modules[0].isMain = true;
  modules[0].entry = EntryPoint{{RefKind::Target, 0}, {RefKind::Segment, 0}, 0};
  LinkDiagnostics libDiag;
  std::vector<Library> libs{*Library::read(makeLibrary(500), "big.lib", libDiag)};
  for (auto _ : state) {
    std::vector<InputModule> in;
    for (size_t i = 0; i < modules.size(); ++i) in.push_back({modules[i], "m.obj"});
    LinkDiagnostics diag;
    auto p = link(std::move(in), libs, {}, diag);
    if (!p) {
      state.SkipWithError(diag.renderToString().c_str());
      break;
    }
    auto exe = writeMz(*p);
    benchmark::DoNotOptimize(exe.data());
  }
}
BENCHMARK(BM_LinkProgram)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// The 8086 path of loadProgram(): a DOS program (.COM or MZ .EXE) is loaded into a PcMachine as
// DOS would; OMF objects (.OBJ) are linked first (asmlab_link) into an .EXE in memory.
#include <algorithm>
#include <cctype>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz_writer.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"
#include "loaders.hpp"

namespace asmlab::toolchain {

namespace {
std::string lowerExt(const std::string& path) {
  const auto dot = path.find_last_of('.');
  const auto slash = path.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  std::string e = path.substr(dot);
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}
}  // namespace

std::unique_ptr<sim::Machine> loadX86(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics) {
  x86::pc::PcOptions pcOptions;
  if (!x86::parseCpuModel(options.x86Cpu, pcOptions.cpu)) {
    diagnostics.error({}, "unknown CPU model '" + options.x86Cpu + "' (8086, 8088, 80186, 80286, 80386)");
    return nullptr;
  }
  pcOptions.dosDirectory = options.dosDirectory;
  std::vector<uint8_t> program;
  std::string name = files.front().path;
  const std::string ext = lowerExt(name);
  if (ext == ".exe" || ext == ".com") {
    if (files.size() != 1) {
      diagnostics.error({}, files[1].path + ": a DOS program (" + name + ") runs alone; link objects with `asmlab link` first");
      return nullptr;
    }
    program.assign(files.front().bytes.begin(), files.front().bytes.end());
  } else {
    // Objects: link them all into an .EXE.
    link::LinkDiagnostics linkDiagnostics;
    std::vector<link::InputModule> modules;
    for (const auto& f : files) {
      if (!f.detected.isObject) {
        diagnostics.error({}, f.path + ": MASM/TASM sources cannot be assembled by this build yet; assemble it to an "
                                       ".OBJ and link it to an .EXE, or give the .EXE");
        return nullptr;
      }
      std::vector<uint8_t> bytes(f.bytes.begin(), f.bytes.end());
      auto module = link::readObject(bytes, f.path, linkDiagnostics);
      if (!module) {
        diagnostics.error({}, linkDiagnostics.renderToString());
        return nullptr;
      }
      modules.push_back({std::move(*module), f.path});
    }
    link::LinkOptions linkOptions;
    linkOptions.outputName = name;
    auto linked = link::link(std::move(modules), {}, linkOptions, linkDiagnostics);
    if (!linked) {
      diagnostics.error({}, linkDiagnostics.renderToString());
      return nullptr;
    }
    program = link::writeMz(*linked);
    const auto dot = name.find_last_of('.');
    name = name.substr(0, dot) + ".EXE";
  }
  auto machine = std::make_unique<x86::pc::PcMachine>(pcOptions);
  std::string error;
  if (!machine->loadProgram(program, name, options.commandTail, error)) {
    diagnostics.error({}, error);
    return nullptr;
  }
  return machine;
}

}  // namespace asmlab::toolchain

// The 8086 path of loadProgram(): a DOS program (.COM or MZ .EXE) is loaded into a PcMachine as
// DOS would; OMF objects (.OBJ) are linked first (asmlab_link) into an .EXE in memory.
#include <algorithm>
#include <cctype>

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "asmlab/link/com_writer.hpp"
#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz_writer.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/toolchain/program_link.hpp"
#include "asmlab/toolchain/search_paths.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"
#if defined(ASMLAB_HAVE_PC_VIDEO)
#include "asmlab/x86/pc/video/vga_card.hpp"  // pc-video's VGA (simulator/x86/pc/video)
#endif
#include "code_segment.hpp"
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

// Where DOS puts the linked image's first byte: a .COM's image (which begins with the PSP's 100h
// bytes) at PSP:0000, an .EXE's at the segment after the PSP. The linker's addresses count from
// the image's start, so a machine address is this base plus the linear address in the image.
uint32_t imageLoadBase(link::OutputFormat format) {
  const uint32_t psp = x86::pc::PcMachine::kPspSegment;
  return (format == link::OutputFormat::Com ? psp : psp + 0x10) << 4;
}

// Link messages ("file: error: message") as diagnostics about that file, so that they print once
// as "trunc.obj: error: ..." and not as "error: trunc.obj: error: ...".
void addLinkDiagnostics(const link::LinkDiagnostics& from, Diagnostics& to) {
  for (const auto& m : from.all()) {
    Diagnostic d;
    d.severity = m.severity;
    if (!m.file.empty()) d.location.file = std::make_shared<const SourceFile>(m.file, "");
    d.message = m.offset ? fmt::format("at offset 0x{:X}: {}", *m.offset, m.message) : m.message;
    to.add(std::move(d));
  }
}

// Where one module's part of a segment starts in the image (the linker's contributions).
std::optional<uint32_t> placeOf(const link::LinkedProgram& program, const std::string& segment, const std::string& origin) {
  for (const auto& s : program.segments) {
    if (s.name != segment) continue;
    for (const auto& c : s.contributions)
      if (c.origin == origin) return c.start;
  }
  return std::nullopt;
}

// The linked program's line numbers as machine addresses (CS*16+IP). Object files name their
// source as THEADR does (no folder); it is looked for beside the object.
void fillSourceMap(const link::LinkedProgram& program, const std::vector<InputFile>& files, SourceMap& sourceMap) {
  const uint32_t base = imageLoadBase(program.format);
  std::map<std::string, std::string> resolved;  // a line's file name -> the path to show
  for (const auto& line : program.lines) {
    auto [it, isNew] = resolved.try_emplace(line.file, line.file);
    if (isNew && !std::filesystem::exists(line.file)) {
      for (const auto& f : files) {
        auto beside = std::filesystem::path(f.path).parent_path() / line.file;
        if (f.detected.isObject && std::filesystem::exists(beside)) {
          it->second = beside.string();
          break;
        }
      }
    }
    sourceMap[base + line.linear] = {it->second, line.line};
  }
}

// Where each segment of the linked program lies once loaded, and the paragraph the program
// reaches it with: its group's frame when it is in one (as LINK resolves group-relative fixups),
// else its own.
std::vector<sim::SegmentRange> loadedSegments(const link::LinkedProgram& program, uint32_t loadBase) {
  std::vector<sim::SegmentRange> out;
  for (const auto& s : program.segments) {
    if (s.absolute || s.length == 0) continue;
    uint16_t frame = s.frame;
    for (const auto& g : program.groups)
      if (!s.group.empty() && g.name == s.group) frame = g.frame;
    out.push_back({s.name, static_cast<uint16_t>((loadBase >> 4) + frame), loadBase + s.start, uint64_t{loadBase} + s.start + s.length});
  }
  return out;
}

// The first byte after each segment that holds code: the one the program starts in, and those the
// DOS conventions name code (code_segment.hpp: MASM's .CODE, most courses' SEGMENT 'CODE'). An end
// that lies in another code segment is left out: code may run or jump from one into the next.
std::vector<x86::pc::PcMachine::CodeEnd> codeEnds(const link::LinkedProgram& program, uint32_t loadBase) {
  const uint32_t entry = (uint32_t{program.cs} << 4) + program.ip;
  auto holdsCode = [&](const link::LinkedSegment& s) {
    if (s.absolute || s.length == 0) return false;
    return isCodeSegment(s.className, s.name) || (program.hasEntry && entry >= s.start && entry - s.start < s.length);
  };
  std::vector<x86::pc::PcMachine::CodeEnd> out;
  for (const auto& s : program.segments) {
    if (!holdsCode(s)) continue;
    const uint32_t end = s.start + s.length;
    bool inCode = false;
    for (const auto& other : program.segments)
      inCode = inCode || (holdsCode(other) && end >= other.start && end - other.start < other.length);
    if (!inCode) out.push_back({loadBase + end, s.name});
  }
  return out;
}

}  // namespace

namespace {
// The cycle-exact model (bus unit, prefetch queue) exists for the 8086 and 8088 only; later CPUs
// run on the manual's clock totals.
bool hasCycleTiming(x86::CpuModel model) { return model == x86::CpuModel::i8086 || model == x86::CpuModel::i8088; }

x86::CpuModel cpuModelOf(masm::Cpu cpu) {
  switch (cpu) {
    case masm::Cpu::I8086:
      return x86::CpuModel::i8086;
    case masm::Cpu::I186:
      return x86::CpuModel::i80186;
    case masm::Cpu::I286:
      return x86::CpuModel::i80286;
    default:
      return x86::CpuModel::i80386;
  }
}

// A source's instructions that need a later CPU than its directives chose (an emu8086 program's
// 80186 instructions, masm::AssemblyResult::instructionsCpu) run on that CPU, as in emu8086,
// unless --cpu or the spec chose the CPU: then they are left as the CPU reads them, with a warning.
// The cycle-exact model is the 8086's and 8088's; an 80186 runs on the manual's clocks.
void raiseCpuFor(const std::string& path, masm::Cpu needed, const LoadOptions& options, x86::pc::PcOptions& pc,
                 Diagnostics& diagnostics) {
  const x86::CpuModel model = cpuModelOf(needed);
  if (model <= pc.cpu) return;
  const std::string_view name = x86::cpuModelName(model);
  if (options.x86CpuChosen) {
    diagnostics.warning({}, fmt::format("{}: its {} instructions (emu8086's) do not run on the {} chosen (--cpu {} "
                                        "runs them)",
                                        path, name, x86::cpuModelName(pc.cpu), name));
    return;
  }
  pc.cpu = model;
  if (!hasCycleTiming(model)) pc.timing = x86::TimingModel::Manual;
}
}  // namespace

bool hasCycleTiming(const std::string& x86Cpu) {
  x86::CpuModel model;
  return x86::parseCpuModel(x86Cpu, model) && hasCycleTiming(model);
}

std::unique_ptr<sim::Machine> loadX86(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap) {
  x86::pc::PcOptions pcOptions;
  if (!x86::parseCpuModel(options.x86Cpu, pcOptions.cpu)) {
    diagnostics.error({}, "unknown CPU model '" + options.x86Cpu + "' (8086, 8088, 80186, 80286, 80386)");
    return nullptr;
  }
  if (!x86::parseTimingModel(options.x86Timing, pcOptions.timing)) {
    diagnostics.error({}, "unknown timing model '" + options.x86Timing + "' (manual, cycle)");
    return nullptr;
  }
  if (pcOptions.timing == x86::TimingModel::Cycle && !hasCycleTiming(pcOptions.cpu)) {
    diagnostics.error({}, "the cycle timing model is for the 8086 and 8088; the " + options.x86Cpu +
                              " runs with --timing manual");
    return nullptr;
  }
  pcOptions.dosDirectory = options.dosDirectory;
  pcOptions.emu8086StepDelayMs = options.emu8086StepDelayMs;
  if (options.masmDialect != "masm" && options.masmDialect != "tasm") {
    diagnostics.error({}, "unknown assembler dialect '" + options.masmDialect + "' (masm, tasm)");
    return nullptr;
  }
  std::vector<uint8_t> program;
  std::vector<std::pair<std::string, uint32_t>> publics;  // name, linear address once loaded
  std::vector<sim::SegmentRange> segments;                // the linked program's, once loaded
  std::vector<x86::pc::PcMachine::CodeEnd> ends;          // where its code segments end, once loaded
  std::string name = files.front().path;
  const std::string ext = lowerExt(name);
  if (ext == ".exe" || ext == ".com") {
    if (files.size() != 1) {
      diagnostics.error({}, files[1].path + ": a DOS program (" + name + ") runs alone; link objects with `asmlab link` first");
      return nullptr;
    }
    program.assign(files.front().bytes.begin(), files.front().bytes.end());
  } else {
    // Sources are assembled (MASM/TASM front end), objects read; all are linked into an .EXE, or a
    // .COM when a source uses .MODEL TINY (as `asmlab build` does).
    link::LinkDiagnostics linkDiagnostics;
    std::vector<link::InputModule> modules;
    std::vector<link::Library> libraries;  // given by name (INCLUDELIB ones are found by the linker)
    std::vector<std::string> libraryPaths;
    bool tiny = false;
    struct SourceLabel {
      std::string name, segment, origin;
      uint32_t offset = 0;
    };
    std::vector<SourceLabel> labels;
    masm::Options masmOptions;
    masmOptions.dialect = options.masmDialect == "tasm" ? masm::Dialect::Tasm : masm::Dialect::Masm;
    masmOptions.tasmMultiPass = options.tasmMultiPass;
    masmOptions.includePaths = options.includePaths;
    masmOptions.lineNumbers = sourceMap != nullptr;
    masmOptions.masm510 = options.masm510;
    for (auto& dir : defaultIncludePaths()) masmOptions.includePaths.push_back(dir);
    for (const auto& f : files) {
      if (!f.detected.isObject) {
        const auto dir = std::filesystem::path(f.path).parent_path().string();
        libraryPaths.push_back(dir.empty() ? "." : dir);
        auto result = masm::assemble(std::make_shared<const SourceFile>(f.path, f.bytes), masmOptions, diagnostics);
        if (diagnostics.hasErrors()) return nullptr;
        tiny |= result.tinyModel;
        // emu8086 stops at HLT, and its virtual devices answer on their ports (docs/emu8086.md).
        pcOptions.haltEndsProgram |= result.emu8086;
        pcOptions.emu8086Devices |= result.emu8086;
        raiseCpuFor(f.path, result.instructionsCpu, options, pcOptions, diagnostics);
        for (const auto& label : result.labels)
          labels.push_back({label.name, result.module.segments[*label.segment].name, f.path, label.offset});
        modules.push_back({std::move(result.module), f.path});
        continue;
      }
      std::vector<uint8_t> bytes(f.bytes.begin(), f.bytes.end());
      if (lowerExt(f.path) == ".lib") {
        auto library = link::Library::read(std::move(bytes), f.path, linkDiagnostics);
        if (!library) {
          addLinkDiagnostics(linkDiagnostics, diagnostics);
          return nullptr;
        }
        libraries.push_back(std::move(*library));
        continue;
      }
      auto module = link::readObject(bytes, f.path, linkDiagnostics);
      if (!module) {
        addLinkDiagnostics(linkDiagnostics, diagnostics);
        return nullptr;
      }
      modules.push_back({std::move(*module), f.path});
    }
    link::LinkOptions linkOptions;
    linkOptions.outputName = name;
    linkOptions.format = tiny ? link::OutputFormat::Com : link::OutputFormat::Exe;
    for (auto& dir : options.libraryPaths) libraryPaths.push_back(dir);
    for (auto& dir : defaultLibraryPaths()) libraryPaths.push_back(dir);
    linkOptions.libraryPaths = libraryPaths;
    auto linked = linkProgram(std::move(modules), libraries, linkOptions, false, linkDiagnostics);
    if (!linked) {
      addLinkDiagnostics(linkDiagnostics, diagnostics);
      return nullptr;
    }
    if (tiny && linkOptions.format != link::OutputFormat::Com) {  // an .EXE after all: say why
      addLinkDiagnostics(linkDiagnostics, diagnostics);
      tiny = false;
    }
    program = tiny ? link::writeCom(*linked) : link::writeMz(*linked);
    // The program's PUBLIC names, for the grader and debuggers.
    const uint32_t loadBase = imageLoadBase(linkOptions.format);
    for (const auto& symbol : linked->publics) {
      if (symbol.absolute) continue;
      publics.push_back({symbol.name, loadBase + (uint32_t{symbol.frame} << 4) + symbol.offset});
    }
    // Every label of the sources, where its module's part of its segment was placed.
    for (const auto& label : labels)
      if (auto at = placeOf(*linked, label.segment, label.origin)) publics.push_back({label.name, loadBase + *at + label.offset});
    segments = loadedSegments(*linked, loadBase);
    ends = codeEnds(*linked, loadBase);
    if (sourceMap) fillSourceMap(*linked, files, *sourceMap);
    const auto dot = name.find_last_of('.');
    name = name.substr(0, dot) + (tiny ? ".COM" : ".EXE");
  }
#if defined(ASMLAB_HAVE_PC_VIDEO)
  auto machine = std::make_unique<x86::pc::PcMachine>(pcOptions, x86::pc::video::makeVgaCard());
#else
  auto machine = std::make_unique<x86::pc::PcMachine>(pcOptions);  // the minimal text adapter
#endif
  std::string error;
  if (!machine->loadProgram(program, name, options.commandTail, error)) {
    diagnostics.error({}, error);
    return nullptr;
  }
  for (const auto& [symbol, address] : publics) machine->symbols().add(symbol, address);
  for (auto& segment : segments) machine->symbols().addSegment(std::move(segment));
  machine->setCodeEnds(std::move(ends));
  if (ext == ".exe" || ext == ".com") {
    // A program linked elsewhere: its symbols from the map beside it, if there is one. The
    // map's addresses count from the load image, which DOS puts after the PSP (.EXE) or at
    // PSP:0000 (.COM, whose image starts with the PSP's 100h bytes).
    const bool isExe = files.front().bytes.size() >= 2 &&
                       ((files.front().bytes[0] == 'M' && files.front().bytes[1] == 'Z') || (files.front().bytes[0] == 'Z' && files.front().bytes[1] == 'M'));
    readMapSymbols(files.front().path, imageLoadBase(isExe ? link::OutputFormat::Exe : link::OutputFormat::Com), machine->symbols());
  }
  if (options.seed) randomizeDosProgram(*machine, program, *options.seed);
  return machine;
}

}  // namespace asmlab::toolchain

// The toolchain builder: finds the submission's files, then assembles and loads them (with the
// course's sources, modules and libraries) through asmlab::toolchain::loadProgram, as `asmlab run`
// does, so a submission behaves under the grader exactly as it does for the student.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "asmlab/grader/grade.hpp"
#include "asmlab/toolchain/file_names.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace asmlab::grader {
namespace {

namespace fs = std::filesystem;

// The submission's files in the order of build.submission. A single-file submission stands for
// the first name. In a folder, a missing file is looked up case-insensitively, then as the only
// file with the same extension (students rename files), then for the LC-3 as the only program file
// of any kind (.asm, .obj, .bin, .hex); otherwise the build fails saying so.
bool submissionFiles(const Spec& spec, const fs::path& submission, std::vector<std::string>& paths, std::string& messages) {
  std::error_code ec;
  // A symbolic link could make the assembler read (and quote in its diagnostics) a host file.
  auto plainFile = [&](const fs::path& p) {
    if (!fs::is_symlink(p, ec)) return true;
    messages += fmt::format("error: {} is a symbolic link; a submission holds plain files only\n", p.filename().string());
    return false;
  };
  if (!fs::is_directory(submission, ec)) {
    if (!plainFile(submission)) return false;
    paths.push_back(submission.string());
    return true;
  }
  std::vector<fs::path> present;
  for (const auto& entry : fs::directory_iterator(submission, ec)) {
    if (entry.is_regular_file(ec)) present.push_back(entry.path());
  }
  std::sort(present.begin(), present.end());
  bool ok = true;
  for (const auto& wanted : spec.build.submission) {
    if (fs::is_regular_file(submission / wanted, ec)) {
      if (!plainFile(submission / wanted)) {
        ok = false;
        continue;
      }
      paths.push_back((submission / wanted).string());
      continue;
    }
    std::vector<fs::path> candidates;
    for (const auto& p : present) {
      if (editDistance(p.filename().string(), wanted) == 0) candidates = {p};  // case differs only
    }
    if (candidates.empty()) {
      for (const auto& p : present) {
        if (toolchain::lowerExtension(p) == toolchain::lowerExtension(wanted)) candidates.push_back(p);
      }
    }
    if (candidates.empty() && spec.machine == "lc3") {
      // An LC-3 program may come as source, object or words as text (.bin, .hex): the course tools
      // load all four, so a student who hands in prog.bin for prog.asm is graded on it.
      auto lc3Program = [](const fs::path& p) {
        const std::string ext = toolchain::lowerExtension(p);
        return ext == ".asm" || ext == ".obj" || ext == ".bin" || ext == ".hex";
      };
      if (lc3Program(wanted))
        for (const auto& p : present)
          if (lc3Program(p)) candidates.push_back(p);
    }
    if (candidates.size() == 1 && spec.build.submission.size() == 1 && plainFile(candidates[0])) {
      messages += fmt::format("note: {} not found; grading {} instead\n", wanted, candidates[0].filename().string());
      paths.push_back(candidates[0].string());
      continue;
    }
    std::string found;
    for (const auto& p : present) found += (found.empty() ? "" : ", ") + p.filename().string();
    messages += fmt::format("error: the submission has no file {} (it has: {})\n", wanted, found.empty() ? "nothing" : found);
    ok = false;
  }
  return ok;
}

BuiltProgram buildWithToolchain(const Spec& spec, const fs::path& submission) {
  BuiltProgram built;
  std::vector<std::string> paths;
  if (!submissionFiles(spec, submission, paths, built.diagnostics)) return built;
  // The control store (build.microcode): the student's file is not a program to load.
  std::string microcodePath = spec.build.microcode.string();
  if (!spec.build.microcodeSubmission.empty()) {
    const auto at = std::find(spec.build.submission.begin(), spec.build.submission.end(), spec.build.microcodeSubmission);
    const size_t index = static_cast<size_t>(at - spec.build.submission.begin());
    if (index < paths.size()) {
      microcodePath = paths[index];
      paths.erase(paths.begin() + static_cast<std::ptrdiff_t>(index));
    }
  }
  std::shared_ptr<const lc3sim::ControlStore> controlStore;
  if (!microcodePath.empty()) {
    Diagnostics storeDiagnostics;
    auto store = lc3sim::loadControlStore(microcodePath, storeDiagnostics);
    built.diagnostics += storeDiagnostics.renderToString();
    if (!store) return built;
    controlStore = std::make_shared<const lc3sim::ControlStore>(std::move(*store));
  }
  for (const auto& p : spec.build.sources) paths.push_back(p.string());
  for (const auto& p : spec.build.modules) paths.push_back(p.string());
  for (const auto& p : spec.build.libraries) paths.push_back(p.string());
  toolchain::LoadOptions options;
  options.architecture = spec.machine == "lc3" ? toolchain::Architecture::Lc3 : toolchain::Architecture::X86;
  options.lc3Edition = spec.build.edition;
  options.lc3HaltBanner = spec.build.haltBanner;
  options.lc3Microcoded = spec.build.microcoded;
  options.lc3ControlStore = controlStore;
  options.lc3CaseSensitiveLabels = spec.build.caseSensitiveLabels;
  options.lc3Strict = spec.build.strict;
  options.lc3Start = spec.build.start;
  options.lc3Privilege = spec.build.privilege;
  options.x86Cpu = spec.build.cpu;
  options.x86CpuChosen = spec.build.cpuGiven;
  options.x86Timing = spec.build.timing;
  options.masmDialect = spec.build.dialect;
  options.masm510 = spec.build.masm510;
  options.errorLimit = spec.build.errorLimit;
  options.tasmMultiPass = spec.build.multiPass;
  options.emu8086StepDelayMs = spec.build.emu8086StepDelayMs;
  for (const auto& dir : spec.build.includePaths) options.includePaths.push_back(dir.string());
  for (const auto& dir : spec.build.libraryPaths) options.libraryPaths.push_back(dir.string());
  if (spec.build.randomize) options.seed = spec.build.randomSeed;
  Diagnostics diagnostics;
  std::unique_ptr<sim::Machine> machine = toolchain::loadProgram(paths, options, diagnostics);
  built.diagnostics += diagnostics.renderToString();
  if (!machine) return built;
  built.ok = true;
  built.entry = machine->programCounter();
  // The first machine is handed out as is; later requests load afresh.
  auto first = std::make_shared<std::unique_ptr<sim::Machine>>(std::move(machine));
  built.newMachine = [first, paths, options]() -> std::unique_ptr<sim::Machine> {
    if (*first) return std::move(*first);
    Diagnostics again;
    return toolchain::loadProgram(paths, options, again);
  };
  // Randomised machines are loaded now, while files may still be read (grading is sandboxed).
  auto randomized = std::make_shared<std::map<uint64_t, std::unique_ptr<sim::Machine>>>();
  for (const auto& test : spec.tests) {
    if (!test.randomize) continue;
    uint64_t seed = randomizedMachineSeed(spec, test);
    if (randomized->count(seed)) continue;
    toolchain::LoadOptions seeded = options;
    seeded.seed = seed;
    Diagnostics again;
    (*randomized)[seed] = toolchain::loadProgram(paths, seeded, again);
  }
  built.newRandomizedMachine = [randomized, paths, options](uint64_t seed) -> std::unique_ptr<sim::Machine> {
    auto found = randomized->find(seed);
    if (found != randomized->end() && found->second) return std::move(found->second);
    toolchain::LoadOptions seeded = options;
    seeded.seed = seed;
    Diagnostics again;
    return toolchain::loadProgram(paths, seeded, again);
  };
  return built;
}

}  // namespace

Builder defaultBuilder(const std::string& machine) {
  if (machine == "lc3" || machine == "pc") return buildWithToolchain;
  return {};
}

}  // namespace asmlab::grader

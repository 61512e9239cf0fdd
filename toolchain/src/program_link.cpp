// A TINY program links as a .COM when it can be one, else as an .EXE (TLINK without /t).
#include "asmlab/toolchain/program_link.hpp"

namespace asmlab::toolchain {

namespace {
void append(const link::LinkDiagnostics& from, link::LinkDiagnostics& to) {
  for (const auto& m : from.all()) {
    if (m.severity == Severity::Error)
      to.error(m.file, m.message, m.offset);
    else
      to.warning(m.file, m.message, m.offset);
  }
}
}  // namespace

std::optional<link::LinkedProgram> linkProgram(std::vector<link::InputModule> modules,
                                               const std::vector<link::Library>& libraries, link::LinkOptions& options,
                                               bool comRequired, link::LinkDiagnostics& diagnostics) {
  if (options.format != link::OutputFormat::Com || comRequired)
    return link::link(std::move(modules), libraries, options, diagnostics);
  link::LinkDiagnostics asCom;
  if (auto program = link::link(modules, libraries, options, asCom)) {
    append(asCom, diagnostics);
    return program;
  }
  link::LinkOptions exe = options;
  exe.format = link::OutputFormat::Exe;
  link::LinkDiagnostics asExe;
  auto program = link::link(std::move(modules), libraries, exe, asExe);
  // An .EXE only for a program that loads its segment registers itself (MOV AX,@DATA), as an
  // .EXE's must: one that does not expects CS = DS = the PSP's segment, which only a .COM gives,
  // and the .COM's errors (ORG 100h missing) say what to mend.
  if (!program || program->relocations.empty()) {
    append(asCom, diagnostics);
    return std::nullopt;
  }
  diagnostics.warning({},
                      "this TINY-model program loads segment values, which a .COM cannot hold: it is linked as "
                      "an .EXE, as TLINK does without /t (--com makes it a .COM, and says what stops it)");
  append(asExe, diagnostics);
  options.format = link::OutputFormat::Exe;
  return program;
}

}  // namespace asmlab::toolchain

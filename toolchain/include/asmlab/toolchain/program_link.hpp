// Linking a program as `asmlab build` and `asmlab run` do (docs/linker.md, "TINY programs").
#pragma once

#include <optional>
#include <vector>

#include "asmlab/link/linker.hpp"

namespace asmlab::toolchain {

// Links `modules` with `options`. A TINY-model program (options.format == Com) that cannot be a
// .COM because it loads segment values (MOV AX,@DATA; its entry point or data may also lie below
// 100h) links as an .EXE instead, as TLINK links it without /t, with a warning that says why;
// unless the user asked for a .COM (`comRequired`: --com or a .COM output name). Otherwise the
// .COM's errors stand.
// options.format says what was made.
std::optional<link::LinkedProgram> linkProgram(std::vector<link::InputModule> modules,
                                               const std::vector<link::Library>& libraries, link::LinkOptions& options,
                                               bool comRequired, link::LinkDiagnostics& diagnostics);

}  // namespace asmlab::toolchain

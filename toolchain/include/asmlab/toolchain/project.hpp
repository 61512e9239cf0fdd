// A program of several files opened as one: a folder, or an asmlab.yaml whose `build:` names the
// files (docs/grading.md: `submission`, `sources`, `modules`, `libraries`, relative to the spec's
// folder). The settings the spec also gives (edition, CPU, dialect, include and library folders)
// are read by programSettings() (program_settings.hpp), so a project builds exactly as
// `asmlab test` and `asmlab run` build it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"

namespace asmlab::toolchain {

struct ProjectFiles {
  std::string specPath;            // the asmlab.yaml read, or "" for a folder without one
  std::string folder;
  std::string name;                // the spec's `name:`, else the folder's name
  std::string machine;             // "lc3", "pc", or "" when the spec does not say
  std::vector<std::string> files;  // in build order: submission, sources, modules, libraries
};

// `path` is an asmlab.yaml (any .yaml/.yml file) or a folder: its asmlab.yaml when it has one,
// else every .asm, .obj and .lib in it (sorted by name). Returns nullopt with located errors when
// the spec cannot be read or names files that are not there.
std::optional<ProjectFiles> readProject(const std::string& path, Diagnostics& diagnostics);

// What File > New project writes.
struct NewProject {
  std::string name;
  std::string machine;                  // "lc3" or "pc"
  std::vector<std::string> sources;     // relative to the spec's folder
  std::vector<std::string> libraries;
  std::string cpu, dialect;             // PC; "" = not written (the defaults)
  int edition = 0;                      // LC-3; 0 = not written
};
// The asmlab.yaml text for `project` (its `build:` section; tests are added by hand later).
std::string projectSpecText(const NewProject& project);

}  // namespace asmlab::toolchain

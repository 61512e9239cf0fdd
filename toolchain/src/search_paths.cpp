#include "asmlab/toolchain/search_paths.hpp"

#include <cstdlib>
#include <filesystem>

namespace asmlab::toolchain {
namespace {

std::vector<std::string> splitList(const char* value) {
  std::vector<std::string> out;
  if (!value) return out;
  std::string text = value;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(':', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The bundled runtime: the build tree's copy first (so a fresh build needs no install), then the
// installed one. Directories that do not exist are left out.
std::vector<std::string> builtInDirectories() {
  std::vector<std::string> out;
  for (const char* dir : {ASMLAB_RUNTIME_BUILD_DIR, ASMLAB_RUNTIME_INSTALL_DIR}) {
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) out.emplace_back(dir);
  }
  return out;
}

std::vector<std::string> withBuiltIn(const char* variable) {
  auto out = splitList(std::getenv(variable));
  for (auto& dir : builtInDirectories()) out.push_back(dir);
  return out;
}

}  // namespace

std::vector<std::string> defaultIncludePaths() { return withBuiltIn("ASMLAB_INCLUDE"); }
std::vector<std::string> defaultLibraryPaths() { return withBuiltIn("ASMLAB_LIB"); }

}  // namespace asmlab::toolchain

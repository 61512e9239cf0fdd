// File names as the toolchain, the grader and the command line read them: DOS and course
// folders mix GAME.ASM and game.asm, so a file's kind is its extension in any case.
#pragma once

#include <cctype>
#include <filesystem>
#include <string>

namespace asmlab::toolchain {

// The extension of `path` with its dot, in lower case: ".com" for "GAME.COM", "" for none.
inline std::string lowerExtension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace asmlab::toolchain

// File-name helpers that several subcommands share.
#pragma once

#include <cctype>
#include <filesystem>
#include <string>

namespace asmlab::cli {

// The extension of `path` with its dot, in lower case: ".com" for "GAME.COM", "" for none.
inline std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace asmlab::cli

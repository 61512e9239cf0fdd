#include "asmlab/asm/source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace asmlab {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  // The line ends are found with memchr, twice: once to count them, so that the index is
  // allocated at its size (growing it would leave up to half of it unused on a large source).
  const char* const begin = text_.data();
  const char* const end = begin + text_.size();
  auto nextLine = [end](const char* from) {
    const void* newline = std::memchr(from, '\n', static_cast<size_t>(end - from));
    return newline ? static_cast<const char*>(newline) + 1 : end;
  };
  size_t lines = 1;
  for (const char* p = nextLine(begin); p < end; p = nextLine(p)) ++lines;
  lineStarts_.reserve(lines);
  lineStarts_.push_back(0);
  for (const char* p = nextLine(begin); p < end; p = nextLine(p)) lineStarts_.push_back(static_cast<size_t>(p - begin));
}

std::shared_ptr<const SourceFile> SourceFile::load(const std::string& path, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "'" + path + "' is a directory, not a source file";
    return nullptr;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "': " + std::strerror(errno);
    return nullptr;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = "cannot read '" + path + "'";
    return nullptr;
  }
  return std::make_shared<const SourceFile>(path, buffer.str());
}

std::string_view SourceFile::line(uint32_t number) const {
  if (number == 0 || number > lineStarts_.size()) return {};
  size_t start = lineStarts_[number - 1];
  size_t end = number < lineStarts_.size() ? lineStarts_[number] : text_.size();
  std::string_view s(text_.data() + start, end - start);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::pair<uint32_t, uint32_t> SourceFile::position(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  auto lineIndex = static_cast<uint32_t>(it - lineStarts_.begin());  // 1-based
  size_t start = lineStarts_[lineIndex - 1];
  return {lineIndex, static_cast<uint32_t>(offset - start + 1)};
}

}  // namespace asmlab

#include "asmlab/asm/source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace asmlab {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  // Counted first so that the index is allocated once, at its size (a large source's index
  // would otherwise keep up to half its room unused).
  lineStarts_.reserve(static_cast<size_t>(std::count(text_.begin(), text_.end(), '\n')) + 1);
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n' && i + 1 < text_.size()) lineStarts_.push_back(i + 1);
  }
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

// A source file held in memory, with the line index that diagnostics need.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab {

class SourceFile {
public:
  SourceFile(std::string name, std::string text);

  // Reads a file from disk. Returns nullptr and fills `error` when it cannot be read.
  static std::shared_ptr<const SourceFile> load(const std::string& path, std::string& error);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  // 1-based line count; a final line without a newline still counts.
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }
  // The text of a 1-based line without its line ending (CR LF or LF).
  std::string_view line(uint32_t number) const;
  // 1-based line and column of a byte offset into the text.
  std::pair<uint32_t, uint32_t> position(size_t offset) const;

private:
  std::string name_;
  std::string text_;
  std::vector<size_t> lineStarts_;
};

// A place in a source file; column and length are in bytes, column 1-based, length 0 = one caret.
struct SourceLocation {
  std::shared_ptr<const SourceFile> file;
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t length = 0;
};

}  // namespace asmlab

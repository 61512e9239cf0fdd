// Messages about object files, libraries and links: `file: error: message`, with the byte offset of
// the offending record when a file is malformed. Object files have no source lines, so these are
// kept apart from the source-located asmlab::Diagnostics.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"

namespace asmlab::link {

struct LinkMessage {
  Severity severity = Severity::Error;
  std::string file;                 // object, library or output file; may be empty
  std::optional<uint64_t> offset;   // byte offset of the record at fault, for malformed files
  std::string message;
};

class LinkDiagnostics {
public:
  void error(std::string file, std::string message, std::optional<uint64_t> offset = std::nullopt);
  void warning(std::string file, std::string message, std::optional<uint64_t> offset = std::nullopt);
  bool hasErrors() const { return errors_ != 0; }
  size_t errorCount() const { return errors_; }
  const std::vector<LinkMessage>& all() const { return list_; }
  // True if some message contains `text` (tests and callers looking for a specific problem).
  bool contains(const std::string& text) const;
  void render(std::ostream& out) const;
  std::string renderToString() const;

private:
  std::vector<LinkMessage> list_;
  size_t errors_ = 0;
};

std::string formatLinkMessage(const LinkMessage& m);

}  // namespace asmlab::link

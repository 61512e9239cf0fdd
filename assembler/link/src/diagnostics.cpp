#include "asmlab/link/diagnostics.hpp"

#include <ostream>
#include <sstream>

#include <fmt/format.h>

namespace asmlab::link {

void LinkDiagnostics::error(std::string file, std::string message, std::optional<uint64_t> offset) {
  list_.push_back({Severity::Error, std::move(file), offset, std::move(message)});
  ++errors_;
}

void LinkDiagnostics::warning(std::string file, std::string message, std::optional<uint64_t> offset) {
  list_.push_back({Severity::Warning, std::move(file), offset, std::move(message)});
}

bool LinkDiagnostics::contains(const std::string& text) const {
  for (const auto& m : list_)
    if (formatLinkMessage(m).find(text) != std::string::npos) return true;
  return false;
}

std::string formatLinkMessage(const LinkMessage& m) {
  std::string out;
  if (!m.file.empty()) out += m.file + ": ";
  out += m.severity == Severity::Error ? "error: " : m.severity == Severity::Warning ? "warning: " : "note: ";
  if (m.offset) out += fmt::format("at offset 0x{:X}: ", *m.offset);
  out += m.message;
  return out;
}

void LinkDiagnostics::render(std::ostream& out) const {
  for (const auto& m : list_) out << formatLinkMessage(m) << '\n';
}

std::string LinkDiagnostics::renderToString() const {
  std::ostringstream s;
  render(s);
  return s.str();
}

}  // namespace asmlab::link

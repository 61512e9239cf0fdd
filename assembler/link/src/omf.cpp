#include "asmlab/link/omf.hpp"

namespace asmlab::link {

std::vector<std::string> Module::defaultLibraries() const {
  std::vector<std::string> libs;
  for (const auto& c : comments)
    if (c.commentClass == 0x9F && !c.text.empty()) libs.push_back(c.text);
  return libs;
}

std::optional<uint32_t> Module::findSegment(const std::string& n) const {
  for (uint32_t i = 0; i < segments.size(); ++i)
    if (segments[i].name == n) return i;
  return std::nullopt;
}

std::optional<uint32_t> Module::findGroup(const std::string& n) const {
  for (uint32_t i = 0; i < groups.size(); ++i)
    if (groups[i].name == n) return i;
  return std::nullopt;
}

const Public* Module::findPublic(const std::string& n) const {
  for (const auto& p : publics)
    if (p.name == n) return &p;
  return nullptr;
}

const char* toString(Align a) {
  switch (a) {
    case Align::Absolute: return "AT";
    case Align::Byte: return "BYTE";
    case Align::Word: return "WORD";
    case Align::Paragraph: return "PARA";
    case Align::Page: return "PAGE";
    case Align::DWord: return "DWORD";
  }
  return "?";
}

const char* toString(Combine c) {
  switch (c) {
    case Combine::Private: return "PRIVATE";
    case Combine::Public: return "PUBLIC";
    case Combine::Stack: return "STACK";
    case Combine::Common: return "COMMON";
  }
  return "?";
}

const char* toString(FixupKind k) {
  switch (k) {
    case FixupKind::LowByte: return "byte";
    case FixupKind::HighByte: return "hibyte";
    case FixupKind::Offset16: return "offset16";
    case FixupKind::Base16: return "base";
    case FixupKind::Pointer32: return "ptr16:16";
    case FixupKind::Offset32: return "offset32";
    case FixupKind::Pointer48: return "ptr16:32";
  }
  return "?";
}

uint32_t fixupWidth(FixupKind k) {
  switch (k) {
    case FixupKind::LowByte:
    case FixupKind::HighByte: return 1;
    case FixupKind::Offset16:
    case FixupKind::Base16: return 2;
    case FixupKind::Pointer32:
    case FixupKind::Offset32: return 4;
    case FixupKind::Pointer48: return 6;
  }
  return 2;
}

}  // namespace asmlab::link

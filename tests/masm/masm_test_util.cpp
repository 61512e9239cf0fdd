#include "masm_test_util.hpp"

#include <fmt/format.h>

namespace asmlab::masm::test {

std::vector<uint8_t> Assembled::bytes(const std::string& segment) const {
  for (auto& s : result.module.segments)
    if (s.name == segment) return s.data;
  return {};
}

const link::Public* Assembled::publicSymbol(const std::string& name) const { return result.module.findPublic(name); }

Assembled assembleText(const std::string& text, Options options, const std::string& name) {
  Assembled a;
  auto file = std::make_shared<SourceFile>(name, text);
  a.result = assemble(file, options, a.diags);
  return a;
}

std::string hex(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (auto b : bytes) out += fmt::format("{}{:02X}", out.empty() ? "" : " ", b);
  return out;
}

}  // namespace asmlab::masm::test

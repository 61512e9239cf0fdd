// The assembler driver: splits the source into lines, parses each once with the X3 grammar, then
// makes two passes over the statement vector (pass 1 places blocks and labels, pass 2 encodes).
#include "asmlab/lc3/assembler.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "passes.hpp"

namespace asmlab::lc3 {
namespace detail {

Assembly Assembler::run() {
  Assembly out;
  out.source = source_;
  const std::string& text = source_->text();
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    auto [line, column] = source_->position(size_t(static_cast<const char*>(nul) - text.data()));
    ctx_.error(ctx_.at(line, column), "this is a binary file, not assembly source (it holds a NUL byte)");
    return out;
  }
  parse();
  out.statementCount = uint32_t(statements_.size());
  passOne();
  checkOverlaps();
  passTwo(out);
  warnAboutLabels();
  out.image.symbols.reserve(definitionOrder_.size());
  for (std::string_view name : definitionOrder_)
    out.image.symbols.push_back({std::string(name), ctx_.symbols().find(name)->second.address});
  return out;
}


}  // namespace detail

Assembly assemble(std::shared_ptr<const SourceFile> source, Diagnostics& diagnostics, const AssembleOptions& options) {
  // Diagnostics are gathered first, then handed over in line order (pass 1 and pass 2 find
  // problems in different orders, and readers expect them top to bottom).
  std::vector<Diagnostic> found;
  detail::Assembler assembler(source, found, options);
  Assembly out = assembler.run();
  std::stable_sort(found.begin(), found.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.location.line < b.location.line; });
  for (auto& d : found) diagnostics.add(std::move(d));
  return out;
}

Assembly assembleText(std::string name, std::string text, Diagnostics& diagnostics, const AssembleOptions& options) {
  return assemble(std::make_shared<const SourceFile>(std::move(name), std::move(text)), diagnostics, options);
}

}  // namespace asmlab::lc3

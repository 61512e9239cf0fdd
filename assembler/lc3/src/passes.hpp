// The assembler's passes, shared by parse.cpp (lines to statements), pass_one.cpp (blocks and
// labels), pass_two.cpp (encoding) and assembler.cpp (the driver).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "context.hpp"

namespace asmlab::lc3::detail {

bool isData(Mnemonic m);
// Whether execution can continue to the next address after this instruction.
bool fallsThrough(const Statement& st);

struct Placement {
  uint16_t address = 0;
  uint32_t block = 0;
  uint32_t size = 0;
  bool emit = false;  // inside a block and valid enough to encode in pass 2
  bool placed = false;
  uint32_t stringIndex = 0;
};

struct BlockInfo {
  uint32_t origin = 0;
  uint32_t size = 0;
  uint32_t line = 0;
  bool valid = true;
};

class Assembler {
public:
  Assembler(std::shared_ptr<const SourceFile> source, std::vector<Diagnostic>& diagnostics, const AssembleOptions& options)
      : source_(source), ctx_(source, diagnostics, options) {}

  Assembly run();

private:
  void parse();
  bool reportSeparators(const Statement& st);
  void reportUnknownOpcode(const Statement& st);
  void defineLabel(const Statement& st, uint16_t address, bool atOrigin);
  void passOne();
  void startBlock(size_t index);
  std::optional<uint32_t> sizeOf(size_t index);
  bool decodeString(const Statement& st, std::string& out);
  void checkOverlaps();
  void passTwo(Assembly& out);
  void emitData(const Statement& st, const Placement& p, std::vector<uint16_t>& words);
  void warnAboutLabels();

  std::shared_ptr<const SourceFile> source_;
  Context ctx_;
  std::vector<Statement> statements_;
  std::vector<Placement> placements_;
  std::vector<BlockInfo> blocks_;
  std::vector<std::string> strings_;
  std::vector<std::string_view> definitionOrder_;  // label names as first defined
};

}  // namespace asmlab::lc3::detail

// Fewer statements for later passes (assembler_impl.hpp, "fixed_runs.cpp"): most lines of a large
// program are instructions of registers and numbers whose bytes pass 1 found fixed, and labels.
// Later passes do the same with the compact forms as with the statements they replace: define the
// label, then emit the bytes, each instruction's error or crossing of the segment's end named by
// its own line.
#include "assembler_impl.hpp"

namespace asmlab::masm {

// Called after pass 1 ran the instruction that is the last statement; `labelAt` is the index of
// its line's Label statement (SIZE_MAX: none).
void Assembler::compactInstruction(size_t labelAt) {
  if (options.listing || tasmState.ideal) return;
  const size_t n = statements.size();
  if (n >= 2 && labelAt == n - 2) {
    // The label goes with the instruction, which takes the Label statement's place. A labelled
    // instruction may start a run but never extends one (the label is defined between the two).
    Symbol* label = statements[n - 2].label;
    statements[n - 2] = statements[n - 1];
    statements[n - 2].label = label;
    currentStatement = nullptr;
    statements.pop_back();
    return;
  }
  if (options.lineNumbers || n < 2) return;
  const Statement& s = statements[n - 1];
  Statement& previous = statements[n - 2];
  if (s.kind != StmtKind::Instruction || !s.fixedLength || s.label) return;
  if (previous.kind == StmtKind::Instruction && previous.fixedLength && previous.line + 1 == s.line) {
    // Two fixed instructions on consecutive lines: the first becomes a run.
    previous.kind = StmtKind::FixedRun;
    previous.number = static_cast<int64_t>(runBytes.size());
    previous.extra = static_cast<uint32_t>(runLengths.size());
    previous.elementSize = previous.fixedLength;
    runBytes.insert(runBytes.end(), previous.fixedBytes.begin(), previous.fixedBytes.begin() + previous.fixedLength);
    runLengths.push_back(previous.fixedLength);
  } else if (previous.kind != StmtKind::FixedRun || previous.extra > runLengths.size() ||
             previous.line + (runLengths.size() - previous.extra) != s.line) {
    return;
  }
  // `previous` is the last run: its bytes and lengths end the stores.
  runBytes.insert(runBytes.end(), s.fixedBytes.begin(), s.fixedBytes.begin() + s.fixedLength);
  runLengths.push_back(s.fixedLength);
  previous.elementSize += s.fixedLength;
  currentStatement = nullptr;
  statements.pop_back();
}

void Assembler::executeFixedRun(const Statement& s) {
  if (s.label) defineLabelHere(s.label, SymKind::Label, 0, false);
  const uint8_t* bytes = runBytes.data() + s.number;
  if (current >= 0) {
    const SegmentState& seg = segments[static_cast<size_t>(current)];
    if (seg.pc + uint64_t{s.elementSize} <= seg.holds()) {
      emitBytes(bytes, s.elementSize, true);  // no instruction of it goes past what the segment holds
      return;
    }
  }
  // Instruction by instruction, so that the one that goes past the end, or each one outside a segment,
  // is reported with its own line.
  uint32_t done = 0;
  for (uint32_t k = 0; done < s.elementSize; ++k) {
    const uint8_t length = runLengths[s.extra + k];
    runLine = s.line + k;
    if (current < 0) passError(1, "instruction outside any segment: open one with SEGMENT or .CODE");
    else emitBytes(bytes + done, length, true);
    done += length;
  }
  runLine = kNoRunLine;
}

}  // namespace asmlab::masm

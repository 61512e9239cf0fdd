// Where each logical line of an assembly came from (file, line, column, macro expansion), kept
// for diagnostics and the listing in later passes, run-length encoded: consecutive lines of one
// file or one expansion are one run, so a 200,000-line source costs a few runs, not 24 bytes a line.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace asmlab::masm {

struct LineOrigin {
  uint32_t file = UINT32_MAX;       // index into Assembler::originFiles
  uint32_t expansion = UINT32_MAX;  // index into Assembler::originExpansions
  uint32_t line = 0, column = 0, length = 0;
  bool fromFile = true;
};

class LineOrigins {
public:
  // Appends the origin of the next logical line; returns its index.
  uint32_t push(const LineOrigin& o) {
    const uint32_t index = count_++;
    if (!runs_.empty()) {
      const Run& last = runs_.back();
      const uint32_t step = index - last.first;
      if (last.origin.file == o.file && last.origin.expansion == o.expansion && last.origin.fromFile == o.fromFile &&
          last.origin.column == o.column && last.origin.length == o.length && last.origin.line + step == o.line)
        return index;
    }
    runs_.push_back({index, o});
    return index;
  }
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  void reserveRuns(size_t n) { runs_.reserve(n); }

  // The origin of logical line `index` (< size()). Passes ask in statement order, so the run of
  // the previous question (or the next one) is tried before a binary search.
  LineOrigin operator[](uint32_t index) const {
    const Run& r = runOf(index);
    LineOrigin o = r.origin;
    o.line += index - r.first;
    return o;
  }

private:
  struct Run {
    uint32_t first;     // index of its first logical line
    LineOrigin origin;  // of that line; the run's k-th line is `origin.line + k`
  };
  std::vector<Run> runs_;
  uint32_t count_ = 0;
  mutable size_t lastRun_ = 0;

  bool holds(size_t run, uint32_t index) const {
    return runs_[run].first <= index && (run + 1 == runs_.size() || index < runs_[run + 1].first);
  }
  const Run& runOf(uint32_t index) const {
    if (lastRun_ < runs_.size() && holds(lastRun_, index)) return runs_[lastRun_];
    if (lastRun_ + 1 < runs_.size() && holds(lastRun_ + 1, index)) return runs_[++lastRun_];
    auto it = std::upper_bound(runs_.begin(), runs_.end(), index, [](uint32_t i, const Run& r) { return i < r.first; });
    lastRun_ = static_cast<size_t>(it - runs_.begin()) - 1;
    return runs_[lastRun_];
  }
};

}  // namespace asmlab::masm

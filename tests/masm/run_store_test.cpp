// RunStore (assembler/masm/frontend/src/expr.hpp): the store of every expression's operations.
// Runs stay where they are until the store goes; what release() gives back is used again.
#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "expr.hpp"

namespace asmlab::masm {
namespace {

std::vector<int> valuesOf(std::span<int> run) { return {run.begin(), run.end()}; }

std::vector<int> counting(int from, int count) {
  std::vector<int> values;
  for (int i = 0; i < count; ++i) values.push_back(from + i);
  return values;
}

// One statement's operands are stored after a mark and given back after the statement. When the
// mark sits at the end of a chunk, every statement needs a new chunk: it must be the one given
// back, not a fresh allocation each time.
TEST(RunStore, ChunksGivenBackAreUsedAgainAndEarlierRunsStay) {
  RunStore<int> store;
  store.begin();
  for (int i = 0; i < 1024; ++i) store.push(i);  // fills the first chunk (1024) to its end
  const std::span<int> kept = store.finish();

  const int* firstRound = nullptr;
  for (int round = 0; round < 4; ++round) {
    const auto mark = store.mark();
    store.begin();
    // 3000 grows the open run across two chunks (2048, then 4096 with the run copied along).
    for (int i = 0; i < 3000; ++i) store.push(round * 10000 + i);
    const std::span<int> run = store.finish();
    EXPECT_EQ(valuesOf(run), counting(round * 10000, 3000)) << "round " << round;
    if (round == 0) firstRound = run.data();
    EXPECT_EQ(run.data(), firstRound) << "round " << round << " took new chunks";
    store.release(mark);
  }
  EXPECT_EQ(valuesOf(kept), counting(0, 1024));

  // A run longer than the chunks given back takes a new one, and what was kept stays.
  const auto mark = store.mark();
  store.begin();
  for (int i = 0; i < 70000; ++i) store.push(i);
  EXPECT_EQ(valuesOf(store.finish()), counting(0, 70000));
  store.release(mark);
  store.begin();
  store.append(counting(5, 10).data(), 10);
  EXPECT_EQ(valuesOf(store.finish()), counting(5, 10));
  EXPECT_EQ(valuesOf(kept), counting(0, 1024));
}

}  // namespace
}  // namespace asmlab::masm

#include <gtest/gtest.h>

#include "asmlab/sim/symbols.hpp"

using namespace asmlab::sim;

TEST(SymbolTable, CaseInsensitiveLookupAndDescribe) {
  SymbolTable s;
  s.add("Main", 0x3000);
  s.add("Board", 0x3100);
  EXPECT_EQ(s.find("MAIN"), 0x3000u);
  EXPECT_FALSE(s.find("nothing"));
  EXPECT_EQ(s.describe(0x3003), "Main+3");
  EXPECT_EQ(s.describe(0x3100), "Board");
  EXPECT_FALSE(s.describe(0x2fff));
  EXPECT_EQ(s.nameAt(0x3100), "Board");
}

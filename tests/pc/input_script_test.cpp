#include <gtest/gtest.h>

#include "asmlab/x86/pc/input_script.hpp"

namespace asmlab::x86::pc {
namespace {

TEST(InputScript, KeysAtClocksAndWhenWaiting) {
  std::vector<InputEvent> e;
  std::string error;
  ASSERT_TRUE(parseInputScript("# comment\n@1000 key Enter\nwait key Up\nkey ctrl+c\ntext \"Hi\"\n", "k", e, error)) << error;
  ASSERT_EQ(e.size(), 5u);
  EXPECT_EQ(*e[0].clock, 1000u);
  EXPECT_EQ(e[0].key.scan, 0x1C);  // scan code set 1: Enter
  EXPECT_FALSE(e[1].clock);
  EXPECT_EQ(e[1].key.scan, 0x48);  // Up
  EXPECT_TRUE(e[2].key.ctrl);
  EXPECT_EQ(e[2].key.scan, 0x2E);  // C
  EXPECT_EQ(e[3].key.scan, 0x23);  // H with Shift
  EXPECT_TRUE(e[3].key.shift);
  EXPECT_EQ(e[4].key.scan, 0x17);  // i
}

TEST(InputScript, MouseEvents) {
  std::vector<InputEvent> e;
  std::string error;
  ASSERT_TRUE(parseInputScript("@10 move 100 50\nclick right\n", "m", e, error)) << error;
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].kind, InputEvent::Kind::MouseMove);
  EXPECT_EQ(e[1].kind, InputEvent::Kind::MouseDown);
  EXPECT_EQ(e[1].button, 1u);
  EXPECT_EQ(e[2].kind, InputEvent::Kind::MouseUp);
}

TEST(InputScript, ErrorsNameTheLine) {
  std::vector<InputEvent> e;
  std::string error;
  EXPECT_FALSE(parseInputScript("key Enter\nkey Entr\n", "keys.txt", e, error));
  EXPECT_EQ(error.rfind("keys.txt:2: error: unknown key 'Entr'", 0), 0u) << error;
  EXPECT_FALSE(parseInputScript("@abc key a\n", "k", e, error));
  EXPECT_NE(error.find("k:1:"), std::string::npos);
}

}  // namespace
}  // namespace asmlab::x86::pc

// Conditional assembly, .ERR, %OUT and ECHO.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string seg(const std::string& body) { return "s segment\n" + body + "\ns ends\nend\n"; }

TEST(Conditionals, IfElseifElse) {
  auto a = assembleText(seg("x = 2\n if x eq 1\n db 1\n elseif x eq 2\n db 2\n else\n db 3\n endif\n"
                            " ife x\n db 4\n else\n db 5\n endif"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "02 05");
}

TEST(Conditionals, DefinedBlankAndIdentical) {
  auto a = assembleText(seg("y = 1\n ifdef y\n db 1\n endif\n ifndef zz\n db 2\n endif\n ifb <>\n db 3\n endif\n"
                            " ifnb < >\n db 99\n endif\n ifidn <a>,<a>\n db 4\n endif\n ifidn <a>,<A>\n db 99\n endif\n"
                            " ifidni <a>,<A>\n db 5\n endif\n ifdif <a>,<b>\n db 6\n endif\n ifdifi <a>,<A>\n db 99\n endif"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 02 03 04 05 06");
}

TEST(Conditionals, NestedInsideFalseBranchAreSkipped) {
  auto a = assembleText(seg(" if 0\n if 1\n db 1\n endif\n else\n db 2\n endif"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "02");
}

TEST(Conditionals, ForcedErrorAndMessages) {
  auto a = assembleText(seg(" %out hello there\n echo second\n .err <stop here>"));
  ASSERT_EQ(a.result.messages.size(), 2u);
  EXPECT_EQ(a.result.messages[0], "hello there");
  EXPECT_NE(a.errors().find("forced error"), std::string::npos);
}

TEST(Conditionals, IfWithoutEndifIsReported) {
  auto a = assembleText("if 1\n");
  EXPECT_NE(a.errors().find("IF without ENDIF"), std::string::npos) << a.errors();
}

}  // namespace
}  // namespace asmlab::masm::test

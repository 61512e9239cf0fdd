// Diagnostics point at the original file, line and column, with notes for macro expansions.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(Diagnostics, UndefinedSymbolHasLocationAndCaret) {
  auto a = assembleText("c segment\n mov ax, nothere\nc ends\nend\n", {}, "u.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("u.asm:2:10: error: undefined symbol 'nothere'"), std::string::npos) << text;
  EXPECT_NE(text.find("^~~~~~~"), std::string::npos) << text;
}

// The value out of range is written in MASM's hexadecimal, the most negative one too: negating
// it as a signed number is undefined (found by fuzz_masm; the sanitize build stops on it).
TEST(Diagnostics, ImmediateOutOfRangeShowsEvenTheMostNegativeValue) {
  auto a = assembleText("c segment\n mov ax, 1 shl 63\n mov al, -(1 shl 62)\nc ends\nend\n", {}, "m.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("m.asm:2:10: error: immediate value -8000000000000000h does not fit in a word"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("m.asm:3:10: error: immediate value -4000000000000000h does not fit in a byte"),
            std::string::npos)
      << text;
}

TEST(Diagnostics, UnclosedBracketIsReportedWhereTheBracketShouldClose) {
  // The operand split must not drop text after an unclosed '[' (which used to read as a missing
  // operand: "wrong number of operands for MOV").
  auto a = assembleText("c segment\n mov ax, [bx, 1\nc ends\nend\n", {}, "b.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("b.asm:2:13: error: expected ']'"), std::string::npos) << text;
  EXPECT_EQ(text.find("wrong number of operands"), std::string::npos) << text;
}

TEST(Diagnostics, TooManyOperandsAfterEachOperandIsChecked) {
  auto a = assembleText("c segment\n add ax, bx, cx, dx\n add ax, bx, cx, (dx\nc ends\nend\n", {}, "n.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("n.asm:2:2: error: 'add' has too many operands"), std::string::npos) << text;
  EXPECT_NE(text.find("n.asm:3:"), std::string::npos) << text;
  EXPECT_NE(text.find("expected ')'"), std::string::npos) << "a bad fourth operand is reported as such: " << text;
}

TEST(Diagnostics, DataCannotDefineAnExternName) {
  // Both data paths: the common shape (`v DW ?`) and a general list.
  auto a = assembleText("extrn v:word, w:word\nd segment\nv dw ?\nw dw 1, 2\nd ends\nend\n", {}, "x.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("x.asm:3:1: error: 'v' is declared EXTRN and cannot be defined here"), std::string::npos) << text;
  EXPECT_NE(text.find("x.asm:4:1: error: 'w' is declared EXTRN and cannot be defined here"), std::string::npos) << text;
}

TEST(Diagnostics, ErrorsInsideMacrosNameTheInvocation) {
  auto a = assembleText("m macro\n db nothere\n endm\nd segment\n m\nd ends\nend\n", {}, "m.asm");
  std::string text = a.errors();
  EXPECT_NE(text.find("m.asm:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("in expansion of macro 'm' from m.asm:5"), std::string::npos) << text;
}

// A macro used above its definition is unknown there (MASM reads the source once; emu8086's
// tutorial: macros "should be defined above the code that uses it"): the error says where it is
// defined and what to do. A word that is only mentioned with MACRO in a comment is not one.
TEST(Diagnostics, MacroUsedAboveItsDefinitionSaysSo) {
  auto a = assembleText("c segment\n show\n other ; other macro\nshow macro\n nop\n endm\n show\nc ends\nend\n", {},
                        "late.asm");
  const std::string e = a.errors();
  EXPECT_NE(e.find("late.asm:2:2: error: 'show' is a macro defined further on, at line 4: a macro must be defined "
                   "above the code that uses it"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("late.asm:3:2: error: unknown instruction or directive 'other'"), std::string::npos) << e;
  EXPECT_EQ(a.diags.errorCount(), 2u) << e;  // line 7's use, below the definition, assembles
}

// `.data` then `mov ax, data`, as emu8086 programs write it: the simplified segment is _DATA
// (MASM 6.1 Programmer's Guide, ch. 2), and the error names @data.
TEST(Diagnostics, DataAfterSimplifiedSegmentsNamesAtData) {
  auto a = assembleText(".model small\n.data\nx db 1\n.code\nmain: mov ax, data\n mov ds, ax\n jmp code\nend main\n");
  const std::string e = a.errors();
  EXPECT_NE(e.find("undefined symbol 'data'; .DATA makes a segment named _DATA, not DATA: its address is @data"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("undefined symbol 'code'; .CODE makes a segment named _TEXT, not CODE: its address is @code"),
            std::string::npos)
      << e;
  // With full segments named DATA the name is a segment, and no hint is given for other names.
  auto b = assembleText("data segment\nx db 1\ndata ends\nc segment\n mov ax, data\n mov ax, nothere\nc ends\nend\n");
  EXPECT_EQ(b.errors().find("@data"), std::string::npos) << b.errors();
}

TEST(Diagnostics, UnknownMnemonicSuggestsAFix) {
  auto a = assembleText("c segment\n movv ax, bx\nc ends\nend\n");
  EXPECT_NE(a.errors().find("did you mean 'MOV'"), std::string::npos) << a.errors();
}

// Past the error limit an error is only counted: the recorded ones keep their hint and expansion
// notes, and every error is still counted.
TEST(Diagnostics, ErrorsPastTheLimitAreCounted) {
  std::string text = "m macro\n movv ax, bx\n endm\nc segment\n";
  for (int i = 0; i < 30; ++i) text += " m\n";
  text += "c ends\nend\n";
  auto source = std::make_shared<const SourceFile>("limit.asm", text);
  Diagnostics diags;
  diags.setErrorLimit(5);
  (void)assemble(source, {}, diags);
  EXPECT_EQ(diags.errorCount(), 30u);
  ASSERT_EQ(diags.all().size(), 5u);
  for (const auto& d : diags.all()) {
    EXPECT_NE(d.message.find("did you mean 'MOV'"), std::string::npos) << d.message;
    EXPECT_EQ(d.notes.size(), 1u);  // in expansion of macro 'm'
  }
  EXPECT_NE(diags.renderToString().find("25 more errors not shown"), std::string::npos) << diags.renderToString();
}

// Counting stops too: a few lines of REPT make thousands of wrong lines, and the assembler stops
// reading at the thousandth error (or at a higher --error-limit), saying where; with a limit of
// 0 it goes on to the end. The lines after the REPT are never read.
TEST(Diagnostics, AssemblyStopsAfterAThousandErrors) {
  const std::string text = "c segment\n rept 3000\n movv ax, bx\n endm\n mov ax, missing\nc ends\nend\n";
  auto source = std::make_shared<const SourceFile>("flood.asm", text);
  for (size_t limit : {size_t{20}, size_t{1500}, size_t{0}}) {
    Diagnostics diags;
    diags.setErrorLimit(limit);
    (void)assemble(source, {}, diags);
    const size_t expected = limit == 0 ? 3001 : std::max<size_t>(limit, Diagnostics::kErrorsBeforeStopping);
    EXPECT_EQ(diags.errorCount(), expected) << "limit " << limit;
    const std::string out = diags.renderToString();
    const bool stopped =
        out.find("note: assembly stopped here, after " + std::to_string(expected) + " errors") != std::string::npos;
    EXPECT_EQ(stopped, limit != 0) << out.substr(out.size() > 600 ? out.size() - 600 : 0);
    EXPECT_EQ(out.find("undefined symbol 'missing'") != std::string::npos, limit == 0);
  }
}

// The same for errors found while replaying the statements (undefined symbols are known only
// after pass 1), with a jump that makes more than one replay: the recorded ones keep their line
// and notes, whatever the passes before the last counted.
TEST(Diagnostics, ReplayErrorsPastTheLimitAreCounted) {
  std::string text = "m macro n\n mov ax, missing&n\n endm\nc segment\n jmp far_away\n";
  for (int i = 0; i < 30; ++i) text += " m " + std::to_string(i) + "\n";
  text += " db 200 dup (0)\nfar_away: nop\nc ends\nend\n";
  auto source = std::make_shared<const SourceFile>("limit.asm", text);
  Diagnostics diags;
  diags.setErrorLimit(5);
  auto result = assemble(source, {}, diags);
  EXPECT_GE(result.passes, 3u);
  EXPECT_EQ(diags.errorCount(), 30u);
  ASSERT_EQ(diags.all().size(), 5u);
  for (size_t i = 0; i < diags.all().size(); ++i) {
    const auto& d = diags.all()[i];
    EXPECT_EQ(d.message, "undefined symbol 'missing" + std::to_string(i) + "'");
    EXPECT_EQ(d.location.line, 2u);  // the line of the macro's body
    ASSERT_EQ(d.notes.size(), 1u);   // in expansion of macro 'm', at the invocation
    EXPECT_NE(d.notes[0].message.find("in expansion of macro 'm'"), std::string::npos) << d.notes[0].message;
    EXPECT_EQ(d.notes[0].location.line, 6 + i);
  }
}

// A missing closing bracket is named by its character; nothing a student reads names a C++ type.
TEST(Diagnostics, MissingClosingBracketsAreNamed) {
  auto a = assembleText("d segment\n db 3 dup (1 2\n dw SIZEOF +\n db <1 2\n dw (1 2\nd ends\nend\n", {}, "b.asm");
  const std::string e = a.errors();
  EXPECT_NE(e.find("b.asm:2:14: error: expected ')' before '2'"), std::string::npos) << e;
  EXPECT_NE(e.find("b.asm:3:11: error: expected an operand before ' +'"), std::string::npos) << e;
  EXPECT_NE(e.find("b.asm:4:8: error: expected '>' before '2'"), std::string::npos) << e;
  EXPECT_NE(e.find("b.asm:5:8: error: expected ')' before '2'"), std::string::npos) << e;
  EXPECT_EQ(e.find("boost"), std::string::npos) << e;
}

// A RECORD with a wrong field is reported, and its name still names a record afterwards (the
// definition was freed while the symbol pointed at it: fuzz/regressions/fuzz_masm/record-with-a-bad-field).
TEST(Diagnostics, RecordWithABadFieldStaysDefined) {
  auto a = assembleText("r record a:1, b\nd segment\n db width r\nx r <>\n dw mask r\nd ends\nend\n");
  EXPECT_NE(a.errors().find("RECORD fields are written name:width[=default]"), std::string::npos) << a.errors();
  auto b = assembleText("r record a:1, b:undefined_width\nd segment\nx r <>\nd ends\nend\n");
  EXPECT_TRUE(b.diags.hasErrors()) << b.errors();
}

// An instruction the encoder cannot encode is an error even when one of its operands drew a
// warning first (a warning once hid the error and left bytes of zeros in the object).
TEST(Diagnostics, AnOperandsWarningDoesNotHideTheEncodersError) {
  auto a = assembleText(".model small\n.code\nmain: mov byte ptr al, 300\n mov word ptr ax, cl\n ret\nend main\n");
  EXPECT_TRUE(has(a, "test.asm:3:11: warning: byte PTR on register 'al' only restates its size")) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:3:24: error: immediate value 12Ch does not fit in a byte")) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:4:19: error: operands of MOV differ in size")) << a.errors();
}

// A variable as a DUP count is named as what it is, not by its offset.
TEST(Diagnostics, ADupCountThatIsAVariableIsSaidToBeOne) {
  auto a = assembleText("d segment\nn dw 5\narr dw n dup (?)\nd ends\nend\n");
  EXPECT_TRUE(has(a, "test.asm:3:8: error: DUP count must be a constant: 'N' is an address")) << a.errors();
}

// A wrong field ends a RECORD's list and the fields before it are packed as a whole record: their
// shifts were once left unset, and a stale one shifted past 64 bits when the record's data was
// built (fuzz/regressions/fuzz_masm/record-field-shift-after-a-bad-field).
TEST(Diagnostics, FieldsBeforeABadRecordFieldArePacked) {
  for (const char* bad : {"junk", ":2", "c d:2", "c:undefined_width", "c:40", "r:2"}) {
    auto a = assembleText(std::string("r record hi:4, lo:4, ") + bad +
                          "\nd segment\nv r <1, 2>\n db mask hi, mask lo, width r\nd ends\nend\n");
    EXPECT_TRUE(a.diags.hasErrors()) << bad;
    EXPECT_EQ(hex(a.bytes("D")), "12 F0 0F 08") << bad << "\n" << a.errors();
  }
}

// Record field names are global (MASM 6.1 Programmer's Guide ch. 5): a name already in use, the
// record's own included, is a redefinition (MASM's A2005), and the record keeps the fields before.
TEST(Diagnostics, ARecordFieldNeedsANameOfItsOwn) {
  const char* cases[][2] = {
      {"r record r:4", "r"},
      {"x equ 5\nr record x:4", "x"},
      {"r record a:4, a:4", "a"},
      {"s record a:2\nr record a:4", "a"},
  };
  for (const auto& [text, name] : cases) {
    auto a = assembleText(std::string(text) + "\nd segment\n db 0\nd ends\nend\n");
    EXPECT_TRUE(
        has(a, std::string("error: RECORD field '") + name + "' is already defined: a field needs a name of its own"))
        << text << "\n"
        << a.errors();
  }
  // The same record again, as an included file read twice gives it, is no redefinition.
  auto twice = assembleText("r record a:4, b:4\nr record a:4, b:4\nd segment\nv r <1, 2>\nd ends\nend\n");
  EXPECT_FALSE(twice.diags.hasErrors()) << twice.errors();
  EXPECT_EQ(hex(twice.bytes("D")), "12");
}

// A label or variable cannot take the name of a constant, record, record field, structure, type,
// segment or group (MASM's error A2005, "symbol redefinition"): it would have changed what the
// name means to the lines around it. The message says where the name was defined when known.
TEST(Diagnostics, ALabelOrVariableNeedsANameOfItsOwn) {
  const char* cases[][3] = {
      {"x equ 5", "x: nop", "'X' is already defined as a constant (at test.asm:1)"},
      {"r record f:4", "f: nop", "'F' is already defined as a record field (at test.asm:1)"},
      {"r record f:4", "r db 1", "'R' is already defined as a record (at test.asm:1)"},
      {"s struc\nm db ?\ns ends", "s: nop", "'S' is already defined as a structure type (at test.asm:1)"},
      {"t typedef word", "t dw 1", "'T' is already defined as a type (at test.asm:1)"},
      {"", "d: nop", "'D' is already defined as a segment"},
  };
  for (const auto& [before, line, message] : cases) {
    auto a = assembleText(std::string(before) + "\nd segment\n" + line + "\nd ends\nend\n");
    EXPECT_TRUE(has(a, std::string("error: ") + message + ": a label or variable needs a name of its own"))
        << before << " / " << line << "\n"
        << a.errors();
  }
  // A label defined twice says where the first one is.
  auto twice = assembleText("d segment\nx: nop\nx: nop\nd ends\nend\n");
  EXPECT_TRUE(has(twice, "test.asm:3:1: error: symbol 'X' is already defined (at test.asm:2)")) << twice.errors();
}

// A RECORD field is 1 to 32 bits and a record at most 32 (MASM 6.1 Reference, RECORD); a wider
// one was shifted past 64 bits when its data was built (fuzz/regressions/fuzz_masm/record-field-past-32-bits).
TEST(Diagnostics, RecordFieldsHoldAtMost32Bits) {
  auto wide = assembleText("r record a:600\nd segment\nx r <1>\nd ends\nend\n");
  EXPECT_NE(wide.errors().find("RECORD field 'a' is 600 bits wide"), std::string::npos) << wide.errors();
  auto sum = assembleText("r record a:20, b:20\nd segment\nx r <1, 1>\nd ends\nend\n");
  EXPECT_NE(sum.errors().find("RECORD field 'b' is 20 bits wide"), std::string::npos) << sum.errors();
  auto none = assembleText("r record a:0\nend\n");
  EXPECT_TRUE(none.diags.hasErrors()) << none.errors();
  // 32 bits in all is a doubleword: A (16 bits) is the high word.
  auto full = assembleText("r record a:16, b:16\nd segment\nx r <1234h, 5678h>\nd ends\nend\n");
  ASSERT_FALSE(full.diags.hasErrors()) << full.errors();
  EXPECT_EQ(hex(full.bytes("D")), "78 56 34 12");
}

// A structure with a field of its own type, declared before its ENDS, is an error, not a
// recursion without end (fuzz/regressions/fuzz_masm/structure-containing-itself).
TEST(Diagnostics, StructureContainingItselfIsAnError) {
  auto a = assembleText("p struct\n a dw ?\n p <1>\np ends\nd segment\nx p <2>\nd ends\nend\n");
  EXPECT_NE(a.errors().find("structures nested more than 64 deep: does 'P' contain itself?"), std::string::npos)
      << a.errors();
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
}

// A warning of a macro's body line is shown once, with its expansion notes, however often the
// macro is expanded; the others are counted (MASM repeats A4006 for each: 400 here).
TEST(Diagnostics, AWarningInAMacroBodyIsShownOnce) {
  auto a = assembleText(
      "inner macro\n nop\n endm\nouter macro\n inner 1\n endm\nc segment\n rept 400\n outer\n endm\n"
      " inner 2\nc ends\nend\n",
      {}, "w.asm");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.bytes("C").size(), 401u);
  EXPECT_EQ(a.diags.warningCount(), 401u);
  EXPECT_EQ(a.diags.all().size(), 2u) << a.errors();  // the body line's, and line 11's own
  const std::string e = a.errors();
  EXPECT_NE(e.find("w.asm:5:"), std::string::npos) << e;
  EXPECT_NE(e.find("w.asm:11:"), std::string::npos) << e;
  EXPECT_NE(e.find("note: 399 more warnings not shown"), std::string::npos) << e;
}

TEST(Diagnostics, AmbiguousSizeIsAnError) {
  auto a = assembleText("c segment\n inc [bx]\nc ends\nend\n");
  EXPECT_TRUE(a.diags.hasErrors());
}

TEST(Diagnostics, DuplicateLabel) {
  auto a = assembleText("c segment\nx: nop\nx: nop\nc ends\nend\n");
  EXPECT_NE(a.errors().find("already defined"), std::string::npos) << a.errors();
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(Diagnostics, ColumnsPointIntoTheOriginalLineAfterTextMacros) {
  // After `lng` is replaced by its longer text, the bad word is still found in the source line.
  auto a = assembleText("bad textequ <1 + 2>\nd segment\n db bad, 3 +* 4\nd ends\nend\n", {}, "t.asm");
  // The '*' is column 13 of " db bad, 3 +* 4" (it is column 17 of the replaced text).
  EXPECT_NE(a.errors().find("t.asm:3:13: error:"), std::string::npos) << a.errors();
}

}  // namespace
}  // namespace asmlab::masm::test

// A divide error's verdict says what was divided and why the quotient did not fit (Intel 8086
// Family User's Manual, DIV and IDIV: interrupt 0 when the quotient exceeds AL, AX or the
// divisor is 0). Expected values worked by hand from the operands.
#include <gtest/gtest.h>

#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

using test::comMachine;
using test::runFor;

// The verdict's explanation: the text after "divide error (INT 0) before CS:IP: ".
std::string explanation(const std::vector<uint8_t>& code) {
  auto m = comMachine(code);
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Exception) << stop.message;
  EXPECT_EQ(m->output(), "Divide overflow\r\n");
  const std::string prefix = "divide error (INT 0) before ";
  EXPECT_EQ(stop.message.rfind(prefix, 0), 0u) << stop.message;
  const size_t colon = stop.message.find(": ", prefix.size());
  return colon == std::string::npos ? std::string() : stop.message.substr(colon + 2);
}

TEST(DivideErrorVerdict, DivWithTheUpperWordLeftSet) {
  // mov dx,1234h / mov ax,9 / mov bx,2 / div bx / int 20h: DX:AX = 12340009h = 305397769.
  EXPECT_EQ(explanation({0xBA, 0x34, 0x12, 0xB8, 0x09, 0x00, 0xBB, 0x02, 0x00, 0xF7, 0xF3, 0xCD, 0x20}),
            "a 16-bit DIV divided DX:AX = 305397769 (DX = 1234h, AX = 0009h) by 2: the quotient is 152698884, "
            "which does not fit in AX (0 to 65535); DX, the dividend's upper half, must be below the divisor "
            "(XOR DX, DX before DIV clears it)");
}

TEST(DivideErrorVerdict, DivByZeroNamesTheDividend) {
  // xor ax,ax / div al
  EXPECT_EQ(explanation({0x31, 0xC0, 0xF6, 0xF0, 0xCD, 0x20}), "an 8-bit DIV divided AX = 0 (AH = 00h, AL = 00h) by 0");
}

TEST(DivideErrorVerdict, IdivOfTheMostNegativeWordByMinusOne) {
  // mov ax,8000h / cwd / mov bx,-1 / idiv bx: DX:AX is AX's sign extension, the quotient +32768
  // is one too many; no hint about DX.
  EXPECT_EQ(explanation({0xB8, 0x00, 0x80, 0x99, 0xBB, 0xFF, 0xFF, 0xF7, 0xFB, 0xCD, 0x20}),
            "a 16-bit IDIV divided DX:AX = -32768 (DX = FFFFh, AX = 8000h) by -1: the quotient is 32768, "
            "which does not fit in AX (-32768 to 32767)");
}

TEST(DivideErrorVerdict, IdivWithoutCbw) {
  // mov ax,0164h / mov bl,2 / idiv bl: AX = 356, AH should be AL's sign extension (00h).
  EXPECT_EQ(explanation({0xB8, 0x64, 0x01, 0xB3, 0x02, 0xF6, 0xFB, 0xCD, 0x20}),
            "an 8-bit IDIV divided AX = 356 (AH = 01h, AL = 64h) by 2: the quotient is 178, which does not "
            "fit in AL (-128 to 127); AH is not AL's sign extension (CBW before IDIV makes it so)");
}

TEST(DivideErrorVerdict, AamWithBaseZero) {
  // mov al,25h / aam 0
  EXPECT_EQ(explanation({0xB0, 0x25, 0xD4, 0x00, 0xCD, 0x20}), "AAM divided AL = 25h by its base, 0");
}

TEST(DivideErrorVerdict, TheProgramsOwnInt0IsNotExplained) {
  // mov ax,1 / int 0: DOS's handler runs as for the CPU's divide error, but nothing was divided.
  EXPECT_EQ(explanation({0xB8, 0x01, 0x00, 0xCD, 0x00, 0xCD, 0x20}), "");
}

TEST(DivideErrorVerdict, AnEarlierDivideErrorIsNotReused) {
  // The program's own handler IRETs from a DIV by zero; the program puts DOS's vector back and
  // executes INT 0 itself, which reaches DOS's handler but is no division.
  // 100: mov ax,3500h / int 21h (ES:BX = DOS's INT 0) / push es / push bx
  // 106: mov ax,2500h / mov dx,11Dh / int 21h (INT 0 -> 11Dh: iret)
  // 10E: xor ax,ax / div al (handled) / pop dx / pop ds / mov ax,2500h / int 21h / int 0
  const std::vector<uint8_t> code = {0xB8, 0x00, 0x35, 0xCD, 0x21, 0x06, 0x53,        // 100
                                     0xB8, 0x00, 0x25, 0xBA, 0x1E, 0x01, 0xCD, 0x21,  // 107
                                     0x31, 0xC0, 0xF6, 0xF0,                          // 10F
                                     0x5A, 0x1F, 0xB8, 0x00, 0x25, 0xCD, 0x21,        // 113
                                     0xCD, 0x00,                                      // 11A
                                     0x90, 0x90,                                      // 11C
                                     0xCF};                                           // 11E: handler: iret
  EXPECT_EQ(explanation(code), "");
}

}  // namespace
}  // namespace asmlab::x86::pc

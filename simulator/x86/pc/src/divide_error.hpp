// Why a divide error happened, in words for the verdict.
#pragma once

#include <string>

#include "asmlab/x86/cpu.hpp"

namespace asmlab::x86::pc {

// What the faulting DIV, IDIV or AAM divided and why the quotient did not fit (Intel 8086 Family
// User's Manual, DIV and IDIV: interrupt 0 when the quotient exceeds the destination register or
// the divisor is 0), with the usual cause of a student's: the upper half of the dividend (AH, DX,
// EDX) left holding something else.
std::string explainDivideFault(const Cpu::DivideFault& fault);

}  // namespace asmlab::x86::pc

// Matching typed operands against one row of the form table, and emitting a matched row.
#pragma once

#include "forms.hpp"

namespace asmlab::x86::enc::detail {

// Why a row does not fit, ordered from "nothing like it" to "almost": when no row fits, the
// error reported comes from the row that got furthest.
enum class Fail : std::uint8_t { None, Count, Kind, SizeMismatch, SizeUnknown, ImmRange, Cpu };

struct Match {
  Fail fail = Fail::None;
  unsigned size = 0;       // the operand size S, once known
  int operand = -1;        // the operand at fault
  Cpu needed = Cpu::I8086; // for Fail::Cpu
};

Match matchForm(const Form& form, const Instruction& insn, const Options& options);

// Writes a matched row's bytes into `out` (which must be empty). Sets out.error on an
// unencodable address.
void emitForm(const Form& form, const Instruction& insn, unsigned size, Encoding& out);

}  // namespace asmlab::x86::enc::detail

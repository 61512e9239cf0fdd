// The encoder screens a mnemonic's rows by operand class and size (mayFit), sizes every matching
// row with rowLength() (skipping rows whose Form::minLength cannot beat the best so far) and
// emits only the shortest. So the screen must pass every row that matches, minLength must be a
// lower bound, and rowLength must agree with what emitForm writes, for every row of the table and every kind of
// operand a row can take (registers of each size, 16- and 32-bit addresses with each
// displacement size, overrides, relocations, unencodable addresses, immediates of each range).
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "asmlab/x86/encoder.hpp"
#include "form_match.hpp"
#include "forms.hpp"

namespace asmlab::x86 {
namespace {

using enc::Memory;
using enc::Operand;
using enc::Reg;

Memory memory(Reg base, Reg index, std::int64_t displacement, unsigned size) {
  Memory m;
  m.base = base;
  m.index = index;
  m.displacement = displacement;
  m.size = size;
  return m;
}

std::vector<Operand> sampleOperands() {
  std::vector<Operand> operands;
  for (Reg r : {Reg::AL, Reg::CL, Reg::AH, Reg::AX, Reg::DX, Reg::BX, Reg::EAX, Reg::ESI, Reg::ES, Reg::CS, Reg::FS})
    operands.push_back(Operand::reg_(r));
  for (unsigned size : {0u, 1u, 2u, 4u, 6u}) {
    operands.push_back(Operand::mem_(memory(Reg::BX, Reg::None, 0, size)));          // mod 00
    operands.push_back(Operand::mem_(memory(Reg::BP, Reg::None, 0, size)));          // [bp] takes a byte 0
    operands.push_back(Operand::mem_(memory(Reg::BX, Reg::SI, 5, size)));            // disp8
    operands.push_back(Operand::mem_(memory(Reg::BP, Reg::DI, 0x200, size)));        // disp16
    operands.push_back(Operand::mem_(memory(Reg::None, Reg::None, 0x1234, size)));   // direct
    operands.push_back(Operand::mem_(memory(Reg::EAX, Reg::ECX, 8, size)));          // SIB + disp8
    operands.push_back(Operand::mem_(memory(Reg::None, Reg::ECX, 0, size)));         // [ecx] as a base
    operands.push_back(Operand::mem_(memory(Reg::ESP, Reg::None, 0, size)));         // SIB for ESP
    operands.push_back(Operand::mem_(memory(Reg::EBP, Reg::None, 0, size)));         // EBP takes a byte 0
    operands.push_back(Operand::mem_(memory(Reg::BX, Reg::BP, 0, size)));            // not encodable
    operands.push_back(Operand::mem_(memory(Reg::BX, Reg::None, 0x12345, size)));    // displacement too big
  }
  Memory scaled = memory(Reg::None, Reg::EDX, 0, 2);
  scaled.scale = 4;  // SIB with no base: disp32
  operands.push_back(Operand::mem_(scaled));
  Memory overridden = memory(Reg::BX, Reg::None, 3, 2);
  overridden.segment = Reg::ES;
  operands.push_back(Operand::mem_(overridden));
  Memory defaultSegment = memory(Reg::BP, Reg::None, 3, 2);
  defaultSegment.segment = Reg::SS;  // dropped: SS is BP's default
  operands.push_back(Operand::mem_(defaultSegment));
  Memory relocated = memory(Reg::None, Reg::None, 0x10, 1);
  relocated.reloc = {enc::RelocKind::Offset, 7};
  operands.push_back(Operand::mem_(relocated));
  Memory relocatedIndexed = memory(Reg::SI, Reg::None, 0x10, 2);
  relocatedIndexed.reloc = {enc::RelocKind::Offset, 7};
  operands.push_back(Operand::mem_(relocatedIndexed));
  Memory forcedByte = memory(Reg::BX, Reg::None, 300, 2);
  forcedByte.dispSize = enc::DispSize::Byte;  // does not fit: an error
  operands.push_back(Operand::mem_(forcedByte));
  Memory forcedFull = memory(Reg::BX, Reg::None, 0, 2);
  forcedFull.dispSize = enc::DispSize::Full;
  operands.push_back(Operand::mem_(forcedFull));
  for (std::int64_t value : {1, 3, -5, 200, 300, -300, 70000})
    operands.push_back(Operand::imm_(value));
  operands.push_back(Operand::imm_(0x20, {enc::RelocKind::Offset, 1}));
  operands.push_back(Operand::imm_(0, {enc::RelocKind::Segment, 2}));
  return operands;
}

TEST(RowLength, ScreenAndLengthAgreeWithMatchAndEmitForEveryRow) {
  using namespace enc::detail;
  const std::vector<Operand> samples = sampleOperands();
  enc::Options options;
  options.cpu = enc::Cpu::I80386;
  unsigned compared = 0;
  for (const Form& form : allForms()) {
    unsigned patterns = 0;
    while (patterns < 3 && form.ops[patterns] != Pat::None) ++patterns;
    const std::size_t combinations = patterns == 0 ? 1 : patterns == 1 ? samples.size()
                                     : patterns == 2 ? samples.size() * samples.size()
                                                     : samples.size() * samples.size() * samples.size();
    for (std::size_t n = 0; n < combinations; ++n) {
      enc::Instruction insn;
      insn.mnemonic = form.mnemonic;
      std::size_t rest = n;
      for (unsigned i = 0; i < patterns; ++i) {
        insn.add(samples[rest % samples.size()]);
        rest /= samples.size();
      }
      for (int variant = 0; variant < 4; ++variant) {  // LOCK or not, in a USE16 and a USE32 segment
        insn.lock = variant & 1;
        options.use32 = variant & 2;
        const Match match = matchForm(form, insn, options);
        // After the screen, matchForm skips the kind tests the screen decides: same verdict.
        if (mayFit(rowAccepts(form), operandClasses(insn))) {
          const Match screened = matchForm(form, insn, options, /*screened=*/true);
          ASSERT_EQ(screened.fail == Fail::None, match.fail == Fail::None) << formSignature(form) << " combination " << n;
          if (match.fail == Fail::None) {
            ASSERT_EQ(screened.size, match.size) << formSignature(form);
          }
        }
        if (match.fail != Fail::None) continue;
        // The screen in front of matchForm must never drop a row that matches.
        ASSERT_TRUE(mayFit(rowAccepts(form), operandClasses(insn))) << formSignature(form) << " combination " << n;
        // ... nor leave it out of the rows listed for the first operand's class.
        const MnemonicRows rows = rowsFor(form.mnemonic);
        const auto firstClass = static_cast<unsigned>(std::countr_zero(static_cast<std::uint16_t>(operandClasses(insn))));
        bool listed = false;
        for (const std::uint8_t position : (*rows.byFirstClass)[firstClass]) listed |= rows.forms[position] == &form;
        ASSERT_TRUE(listed) << formSignature(form) << " combination " << n;
        const RowContext context = makeRowContext(insn, options);
        const RowLength predicted = rowLength(form, insn, match.size, context);
        enc::Encoding emitted;
        emitForm(form, insn, match.size, context, emitted);
        ASSERT_EQ(predicted.length, emitted.length) << formSignature(form) << " combination " << n;
        ASSERT_EQ(predicted.ok, emitted.ok()) << formSignature(form) << " combination " << n;
        // The encoder skips rows whose minimum cannot beat the best so far: it must be a bound.
        if (emitted.ok()) {
          ASSERT_LE(context.prefixes + form.minLength, emitted.length) << formSignature(form);
        }
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 1000u);  // the samples really exercise the rows
}

}  // namespace
}  // namespace asmlab::x86

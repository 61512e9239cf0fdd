// String instructions with operands (Intel 8086 Family User's Manual, 2.7 "String instructions":
// the source is DS:SI and may be overridden, the destination is always ES:DI).
#include "string_ops.hpp"

#include <array>
#include <iterator>
#include <string>

#include "emit.hpp"

namespace asmlab::x86::enc::detail {
namespace {

enum class Role : std::uint8_t { None, Source, Destination, Port };

struct StringOp {
  std::string_view name;
  std::uint8_t byteOpcode;  // the word/dword form is byteOpcode + 1 (66h for dword)
  std::array<Role, 2> roles;
  Cpu cpu;
};

constexpr StringOp kStringOps[] = {
    {"movs", 0xA4, {Role::Destination, Role::Source}, Cpu::I8086},
    {"cmps", 0xA6, {Role::Source, Role::Destination}, Cpu::I8086},
    {"stos", 0xAA, {Role::Destination, Role::None}, Cpu::I8086},
    {"lods", 0xAC, {Role::Source, Role::None}, Cpu::I8086},
    {"scas", 0xAE, {Role::Destination, Role::None}, Cpu::I8086},
    {"ins", 0x6C, {Role::Destination, Role::Port}, Cpu::I80186},
    {"outs", 0x6E, {Role::Port, Role::Source}, Cpu::I80186},
    {"xlat", 0xD7, {Role::Source, Role::None}, Cpu::I8086},
    {"xlatb", 0xD7, {Role::Source, Role::None}, Cpu::I8086},
};

constexpr std::string_view kPlainStringNames[] = {
    "movsb", "movsw", "movsd", "cmpsb", "cmpsw", "cmpsd", "stosb", "stosw", "stosd", "lodsb", "lodsw",
    "lodsd", "scasb", "scasw", "scasd", "insb",  "insw",  "insd",  "outsb", "outsw", "outsd"};

const StringOp* find(std::string_view name) {
  for (const auto& op : kStringOps)
    if (op.name == name) return &op;
  return nullptr;
}

}  // namespace

bool isOperandStringMnemonic(std::string_view name) { return find(name) != nullptr; }

std::vector<std::string_view> stringMnemonics() {
  std::vector<std::string_view> names(std::begin(kPlainStringNames), std::end(kPlainStringNames));
  for (const auto& op : kStringOps) names.push_back(op.name);
  return names;
}

bool isStringMnemonic(std::string_view name) {
  if (find(name) && name != "xlat" && name != "xlatb") return true;
  for (auto plain : kPlainStringNames)
    if (plain == name) return true;
  return false;
}

Encoding encodeStringWithOperands(std::string_view name, const Instruction& insn, const Options& options) {
  Encoding out;
  Emitter emit(out);
  const StringOp& op = *find(name);
  auto fail = [&](ErrorCode code, int operand, std::string message) {
    out.error = Error{code, operand, std::move(message)};
    out.length = 1;
    return out;
  };
  const unsigned expected = op.roles[1] == Role::None ? 1 : 2;
  if (insn.operandCount != expected)
    return fail(ErrorCode::WrongOperandCount, -1,
                std::string(op.name) + " takes " + (expected == 1 ? "one memory operand" : "two operands"));
  if (op.cpu > options.cpu) return fail(ErrorCode::RequiresCpu, -1, "instruction requires " + std::string(cpuDirective(op.cpu)));

  unsigned size = 0;
  const Memory* source = nullptr;
  bool address32 = false;
  for (unsigned i = 0; i < expected; ++i) {
    const Operand& o = insn.operands[i];
    const int at = static_cast<int>(i);
    if (op.roles[i] == Role::Port) {
      if (o.kind != Operand::Kind::Register || o.reg != Reg::DX)
        return fail(ErrorCode::InvalidOperands, at, "the port of INS/OUTS is DX");
      continue;
    }
    if (o.kind != Operand::Kind::Memory)
      return fail(ErrorCode::InvalidOperands, at, "string instructions take memory operands (they use SI/DI)");
    const AddressForm form = analyzeAddress(o.mem, options.use32);
    if (!form.valid) return fail(ErrorCode::InvalidAddress, at, addressProblemText(form));
    address32 |= form.address32;
    if (op.roles[i] == Role::Destination && o.mem.segment != Reg::None && o.mem.segment != Reg::ES)
      return fail(ErrorCode::InvalidOperands, at, "the destination of a string instruction is always ES:[DI]; it cannot be overridden");
    if (op.roles[i] == Role::Source) source = &o.mem;
    if (o.mem.size != 0) {
      if (size != 0 && size != o.mem.size) return fail(ErrorCode::SizeMismatch, at, "operands differ in size");
      size = o.mem.size;
    }
  }
  const bool xlat = op.byteOpcode == 0xD7;
  if (xlat) size = 1;
  if (size == 0) return fail(ErrorCode::SizeUnknown, 0, "instruction operand must have size: use BYTE PTR or WORD PTR");
  if (size != 1 && size != 2 && size != 4) return fail(ErrorCode::SizeMismatch, 0, "string operands are bytes, words or dwords");
  if ((size == 4 || address32) && options.cpu < Cpu::I80386) return fail(ErrorCode::RequiresCpu, -1, "instruction requires .386");

  if (insn.lock) emit.byte(0xF0);
  if (insn.rep == RepPrefix::Rep || insn.rep == RepPrefix::Repe) emit.byte(0xF3);
  if (insn.rep == RepPrefix::Repne) emit.byte(0xF2);
  if (source && source->segment != Reg::None && source->segment != Reg::DS) emit.byte(segmentPrefix(source->segment));
  // 67h and 66h where the address or operand size differs from the segment's (USE16/USE32).
  if (address32 != options.use32) emit.byte(0x67);
  if (!xlat && size != 1 && (size == 4) != options.use32) emit.byte(0x66);
  emit.byte(static_cast<std::uint8_t>(op.byteOpcode + (size == 1 || xlat ? 0 : 1)));
  return out;
}

}  // namespace asmlab::x86::enc::detail

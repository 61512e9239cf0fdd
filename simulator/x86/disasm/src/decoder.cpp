// decode(): prefixes, the CPU model's view of the opcode (the 8086's undocumented aliases,
// Intel 8086 Family User's Manual table 4-12 versus the 80186/80386 maps), operands, and the
// flow-of-control summary a debugger needs for step over.
#include <cctype>
#include <utility>

#include "operands.hpp"
#include "x87.hpp"

namespace asmlab::x86::dis {
namespace {

using namespace detail;

constexpr unsigned kMaxLength = 15;  // the 80386's limit; the 8086 has none, a debugger needs one

struct Decoding {
  Cursor cursor;
  Instruction out;
  std::uint8_t opcode = 0;
  bool twoByte = false;
  int rep = 0;  // 0, 0xF2, 0xF3
  bool lock = false;
  bool hasModRm = false;
  ModRm modrm;
};

bool needsModRm(Opd o) {
  switch (o) {
    case Opd::Eb: case Opd::Ev: case Opd::Ew: case Opd::Gb: case Opd::Gv: case Opd::Gw: case Opd::Sw:
    case Opd::M: case Opd::Mp: case Opd::Ma: case Opd::Ms: case Opd::Rd: case Opd::Cd: case Opd::Dd:
    case Opd::Td:
      return true;
    default: return false;
  }
}

bool memoryOnly(Opd o) { return o == Opd::M || o == Opd::Mp || o == Opd::Ma || o == Opd::Ms; }

void markInvalid(Decoding& d, std::string note = {}) {
  Instruction& out = d.out;
  out.valid = false;
  out.flow = Flow::Sequential;
  out.target = {};
  out.length = static_cast<std::uint8_t>(d.cursor.position);
  std::string bytes;
  for (std::uint32_t i = 0; i < d.cursor.position; ++i) {
    if (i) bytes += ", ";
    bytes += masmHex(d.cursor.fetch(i), 0);
  }
  out.mnemonic = "db";
  out.operands = bytes;
  out.note = note.empty() ? "not an instruction on this CPU model" : std::move(note);
}

void undocumented(Decoding& d, std::string note) {
  d.out.undocumented = true;
  d.out.note = std::move(note);
}

std::string immediate(std::uint32_t value) { return masmHex(value); }

std::string targetText(Decoding& d, std::uint32_t offset) {
  if (d.cursor.options.symbols) {
    SymbolQuery query;
    query.kind = SymbolQuery::Kind::NearCode;
    query.offset = offset;
    if (auto name = d.cursor.options.symbols(query)) return *name;
  }
  return masmHex(offset, 4);
}

// Formats one operand, reading its immediate or displacement bytes.
std::string operandText(Decoding& d, Opd o) {
  Cursor& c = d.cursor;
  const unsigned v = c.operand32 ? 4 : 2;
  switch (o) {
    case Opd::None: return {};
    case Opd::Eb: case Opd::Ev: case Opd::Ew: {
      const unsigned size = o == Opd::Eb ? 1 : o == Opd::Ew ? 2 : v;
      if (!d.modrm.memory) return std::string(registerName(size, d.modrm.rm));
      return memoryText(c, d.modrm, size, d.out);
    }
    case Opd::Gb: return std::string(registerName(1, d.modrm.reg));
    case Opd::Gv: return std::string(registerName(v, d.modrm.reg));
    case Opd::Gw: return std::string(registerName(2, d.modrm.reg));
    case Opd::Sw: return std::string(segmentName(d.modrm.reg));
    case Opd::Ib: return immediate(c.next());
    case Opd::Iw: return immediate(c.nextValue(2));
    case Opd::Iv: return immediate(c.nextValue(v));
    case Opd::IbS: {
      const auto byte = static_cast<std::int8_t>(c.next());
      const std::uint32_t mask = v == 4 ? 0xFFFFFFFFu : 0xFFFFu;
      return immediate(static_cast<std::uint32_t>(static_cast<std::int32_t>(byte)) & mask);
    }
    case Opd::Jb: case Opd::Jv: {
      std::int32_t rel = 0;
      if (o == Opd::Jb) rel = static_cast<std::int8_t>(c.next());
      else if (v == 2) rel = static_cast<std::int16_t>(c.nextValue(2));
      else rel = static_cast<std::int32_t>(c.nextValue(4));
      const std::uint32_t mask = v == 4 && o == Opd::Jv ? 0xFFFFFFFFu : 0xFFFFu;
      const std::uint32_t target = (c.options.address + c.position + static_cast<std::uint32_t>(rel)) & mask;
      d.out.target = BranchTarget{true, false, 0, target};
      return targetText(d, target);
    }
    case Opd::Ap: {
      const std::uint32_t offset = c.nextValue(v);
      const auto segment = static_cast<std::uint16_t>(c.nextValue(2));
      d.out.target = BranchTarget{true, true, segment, offset};
      if (c.options.symbols) {
        SymbolQuery query;
        query.kind = SymbolQuery::Kind::FarCode;
        query.segment = segment;
        query.offset = offset;
        if (auto name = c.options.symbols(query)) return "far ptr " + *name;
      }
      return "far ptr " + masmHex(segment, 4) + ":" + masmHex(offset, v == 4 ? 8 : 4);
    }
    case Opd::M: return memoryText(c, d.modrm, 0, d.out);
    case Opd::Mp: return memoryText(c, d.modrm, v + 2, d.out);
    case Opd::Ma: return memoryText(c, d.modrm, 2 * v, d.out);
    case Opd::Ms: return memoryText(c, d.modrm, 6, d.out);
    case Opd::Ob: case Opd::Ov: {
      ModRm direct;
      direct.memory = direct.direct = true;
      direct.displacement = c.nextValue(c.address32 ? 4 : 2);
      direct.address = masmHex(direct.displacement);
      return memoryText(c, direct, o == Opd::Ob ? 1 : v, d.out);
    }
    case Opd::AL: return "al";
    case Opd::eAX: return std::string(registerName(v, 0));
    case Opd::CL: return "cl";
    case Opd::DX: return "dx";
    case Opd::One: return "1";
    case Opd::Zb: return std::string(registerName(1, d.opcode & 7));
    case Opd::Zv: return std::string(registerName(v, d.opcode & 7));
    case Opd::ES: return "es";
    case Opd::CS: return "cs";
    case Opd::SS: return "ss";
    case Opd::DS: return "ds";
    case Opd::FS: return "fs";
    case Opd::GS: return "gs";
    case Opd::Rd: return std::string(registerName(4, d.modrm.rm));
    case Opd::Cd: return "cr" + std::to_string(d.modrm.reg);
    case Opd::Dd: return "dr" + std::to_string(d.modrm.reg);
    case Opd::Td: return "tr" + std::to_string(d.modrm.reg);
  }
  return {};
}

// MOVS/CMPS/STOS/LODS/SCAS/INS/OUTS: "movsb", or explicit operands when a segment override or
// 32-bit addressing (ESI/EDI) applies, so that the text reassembles to the same bytes.
void decodeString(Decoding& d, std::string_view stem) {
  Cursor& c = d.cursor;
  const unsigned size = (d.opcode & 1) ? (c.operand32 ? 4 : 2) : 1;
  const char suffix = size == 1 ? 'b' : size == 2 ? 'w' : 'd';
  const bool readsSource = stem == "movs" || stem == "cmps" || stem == "lods" || stem == "outs";
  d.out.repeated = d.rep != 0;
  if (d.rep) d.out.mnemonic = (d.rep == 0xF2 ? "repne " : (stem == "cmps" || stem == "scas") ? "repe " : "rep ");
  const bool overridden = c.segment >= 0 && readsSource;
  if (!overridden && !c.address32) {
    if (c.segment >= 0) d.out.mnemonic = std::string(segmentName(static_cast<unsigned>(c.segment))) + ": " + d.out.mnemonic;
    d.out.mnemonic += std::string(stem) + suffix;
    return;
  }
  const std::string si = c.address32 ? "esi" : "si", di = c.address32 ? "edi" : "di";
  const std::string segment = overridden ? std::string(segmentName(static_cast<unsigned>(c.segment))) + ":" : "";
  const std::string source = sizePtr(size) + segment + "[" + si + "]";
  const std::string destination = sizePtr(size) + "es:[" + di + "]";
  d.out.mnemonic += std::string(stem);
  if (stem == "movs") d.out.operands = destination + ", " + source;
  else if (stem == "cmps") d.out.operands = source + ", " + destination;
  else if (stem == "lods") d.out.operands = source;
  else if (stem == "outs") d.out.operands = "dx, " + source;
  else if (stem == "ins") d.out.operands = destination + ", dx";
  else d.out.operands = destination;  // stos, scas
}

std::string_view conditionalAliasName(std::uint8_t opcode) {
  return oneByteRow(static_cast<std::uint8_t>(opcode + 0x10)).name;
}

void finish(Decoding& d) {
  Instruction& out = d.out;
  if (out.length == 0) out.length = static_cast<std::uint8_t>(d.cursor.position);
  out.text = out.mnemonic + (out.operands.empty() ? "" : " " + out.operands);
  if (d.cursor.options.uppercase)
    for (std::string* s : {&out.text, &out.mnemonic, &out.operands})
      for (char& ch : *s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
}

}  // namespace

Instruction decode(const FetchByte& fetch, const DecodeOptions& options) {
  Decoding d{Cursor{fetch, options}, {}, 0, false, 0, false, false, {}};
  Cursor& c = d.cursor;
  const Cpu cpu = options.cpu;
  bool lockAlias = false;

  // Prefixes (80386 Programmer's Reference Manual 17.2.1); the last segment override and the
  // last repeat prefix win, as on the 8086.
  for (;;) {
    if (c.position >= kMaxLength - 1) {
      // Only prefixes within the length limit: show the first one alone.
      c.position = 1;
      markInvalid(d, "prefix without an instruction (too many prefixes)");
      finish(d);
      return d.out;
    }
    const std::uint8_t byte = c.next();
    if (byte == 0x26 || byte == 0x2E || byte == 0x36 || byte == 0x3E) { c.segment = (byte >> 3) & 3; continue; }
    if (cpu == Cpu::I80386 && (byte == 0x64 || byte == 0x65)) { c.segment = byte - 0x60; continue; }
    if (cpu == Cpu::I80386 && byte == 0x66) { c.operand32 = true; continue; }
    if (cpu == Cpu::I80386 && byte == 0x67) { c.address32 = true; continue; }
    if (byte == 0xF0) { d.lock = true; continue; }
    if (byte == 0xF1 && cpu == Cpu::I8086) { d.lock = true; lockAlias = true; continue; }
    if (byte == 0xF2 || byte == 0xF3) { d.rep = byte; continue; }
    d.opcode = byte;
    break;
  }
  if (lockAlias) undocumented(d, "F1h is an alias of the LOCK prefix on the 8086");

  Row row = oneByteRow(d.opcode);
  // The model's view of the one-byte map.
  if (cpu == Cpu::I8086) {
    if (d.opcode == 0x0F) {
      row = Row{"pop", {}, {Opd::CS, Opd::None, Opd::None}, Kind::Normal, 0, Cpu::I8086, Flow::Sequential};
      undocumented(d, "0Fh pops CS on the 8086 (a two-byte opcode escape on later CPUs)");
    } else if (d.opcode >= 0x60 && d.opcode <= 0x6F) {
      row = oneByteRow(static_cast<std::uint8_t>(d.opcode + 0x10));
      undocumented(d, masmHex(d.opcode) + " is an alias of " + std::string(conditionalAliasName(d.opcode)) + " on the 8086");
    } else if (d.opcode == 0xC0 || d.opcode == 0xC1 || d.opcode == 0xC8 || d.opcode == 0xC9) {
      const std::uint8_t real = static_cast<std::uint8_t>(d.opcode + 2);
      row = oneByteRow(real);
      undocumented(d, masmHex(d.opcode) + " is an alias of " + masmHex(real) + " (" + std::string(row.name) + ") on the 8086");
    }
  } else if (d.opcode == 0x0F && cpu >= Cpu::I80286) {
    d.twoByte = true;
    d.opcode = c.next();
    row = twoByteRow(d.opcode);
  } else if (d.opcode == 0xF1 && cpu == Cpu::I80386) {
    row = Row{"icebp", {}, {}, Kind::Normal, 0, Cpu::I80386, Flow::Interrupt};
    d.out.interrupt = 1;
    undocumented(d, "F1h: undocumented single-byte INT 1 (ICEBP)");
  }
  if (d.opcode == 0xD6 && !d.twoByte) undocumented(d, "SALC: AL = CF ? 0FFh : 0 (undocumented)");

  if (row.kind == Kind::Invalid || row.cpu > cpu || (row.kind == Kind::Prefix)) {
    markInvalid(d);
    finish(d);
    return d.out;
  }

  const bool group = row.kind == Kind::Group;
  if (group || needsModRm(row.ops[0]) || needsModRm(row.ops[1]) || needsModRm(row.ops[2]) ||
      (!d.twoByte && d.opcode >= 0xD8 && d.opcode <= 0xDF)) {
    d.modrm = readModRm(c);
    d.hasModRm = true;
  }
  if (group) {
    const std::uint8_t groupOpcode = d.opcode;
    const std::uint8_t groupNumber = row.group;
    row = groupRow(groupNumber, groupOpcode, d.modrm.reg);
    const bool shiftGroup = !d.twoByte && groupOpcode >= 0xD0 && groupOpcode <= 0xD3;
    if (shiftGroup && d.modrm.reg == 6) {
      if (cpu == Cpu::I8086) {
        const bool byCl = groupOpcode >= 0xD2;
        row = Row{byCl ? "setmoc" : "setmo", {}, {(groupOpcode & 1) ? Opd::Ev : Opd::Eb, byCl ? Opd::CL : Opd::None, Opd::None},
                  Kind::Normal, 0, Cpu::I8086, Flow::Sequential};
        undocumented(d, byCl ? "SETMOC: sets the operand to all ones if CL is not 0 (8086, undocumented)"
                             : "SETMO: sets the operand to all ones (8086, undocumented)");
      } else {
        undocumented(d, "/6 of the shift group is an undocumented alias of SHL");
      }
    } else if (!d.twoByte && (groupOpcode == 0xF6 || groupOpcode == 0xF7) && d.modrm.reg == 1) {
      undocumented(d, "/1 of group 3 is an undocumented alias of TEST (/0)");
    } else if (!d.twoByte && groupOpcode == 0x82) {
      undocumented(d, "82h is an alias of 80h");
    } else if (!d.twoByte && (groupOpcode == 0x8F || groupOpcode == 0xC6 || groupOpcode == 0xC7) && d.modrm.reg != 0 &&
               cpu == Cpu::I8086) {
      // The 8086 ignores the reg field of POP r/m and MOV r/m, imm (SingleStepTests 8086 runs them all).
      row = groupRow(groupNumber, groupOpcode, 0);
      undocumented(d, "the reg field is ignored here on the 8086 (an alias of /0)");
    } else if (!d.twoByte && groupOpcode == 0xFF && d.modrm.reg == 7 && cpu == Cpu::I8086) {
      row = groupRow(5, 0xFF, 6);
      undocumented(d, "FF /7 is an alias of PUSH (FF /6) on the 8086");
    }
    if (row.kind == Kind::Invalid || row.cpu > cpu) {
      markInvalid(d);
      finish(d);
      return d.out;
    }
  }
  // Forms that need memory (LEA, LDS, BOUND, far indirect JMP/CALL) are undefined with a register.
  for (Opd o : row.ops)
    if (memoryOnly(o) && !d.modrm.memory) {
      markInvalid(d, "this instruction needs a memory operand");
      finish(d);
      return d.out;
    }
  // Segment register field: ES CS SS DS (FS GS on the 386); MOV to CS only on the 8086.
  if (!d.twoByte && (d.opcode == 0x8C || d.opcode == 0x8E)) {
    if (d.modrm.reg >= (cpu == Cpu::I80386 ? 6 : 4)) {
      if (cpu == Cpu::I80386) { markInvalid(d); finish(d); return d.out; }
      undocumented(d, "segment register fields 4-7 alias 0-3 before the 80386");
      d.modrm.reg &= 3;
    }
    if (d.opcode == 0x8E && d.modrm.reg == 1) {
      if (cpu != Cpu::I8086) { markInvalid(d, "MOV to CS is not an instruction"); finish(d); return d.out; }
      undocumented(d, "MOV CS, r/m16 works on the 8086 (undocumented); later CPUs fault");
    }
  }

  d.out.flow = row.flow;
  if (row.kind == Kind::String) {
    decodeString(d, row.name);
    finish(d);
    return d.out;
  }

  std::string name(c.operand32 && !row.name32.empty() ? row.name32 : row.name);
  std::string operands;
  if (!d.twoByte && d.opcode >= 0xD8 && d.opcode <= 0xDF) {
    // ESC: the coprocessor's opcode is the low three bits of the opcode and the ModRM reg field.
    const auto x87 = options.x87 ? x87Form(d.opcode, d.modrm.mod, d.modrm.reg, d.modrm.rm, cpu) : std::nullopt;
    if (x87) {
      name = x87->name;
      operands = x87->memory ? x87->operands + memoryText(c, d.modrm, 0, d.out) : x87->operands;
    } else {
      const unsigned code = ((d.opcode & 7u) << 3) | d.modrm.reg;
      operands = masmHex(code) + ", " + (d.modrm.memory ? memoryText(c, d.modrm, 0, d.out)
                                                        : std::string(registerName(2, d.modrm.rm)));
    }
  } else {
    // TEST and XCHG have no direction bit; MASM encodes a register pair with the first operand in
    // the reg field (test al,bl = 84 C3), so show register pairs that way round.
    if (!d.twoByte && d.opcode >= 0x84 && d.opcode <= 0x87 && !d.modrm.memory) std::swap(row.ops[0], row.ops[1]);
    for (Opd o : row.ops) {
      if (o == Opd::None) break;
      std::string text = operandText(d, o);
      if (!operands.empty()) operands += ", ";
      operands += text;
    }
  }

  // Per-instruction touches.
  if (!d.twoByte) {
    switch (d.opcode) {
      case 0xCC: operands = "3"; d.out.interrupt = 3; break;
      case 0xCD: d.out.interrupt = static_cast<std::uint8_t>(c.fetch(c.position - 1)); break;
      case 0xCE: d.out.interrupt = 4; break;
      case 0xD4: case 0xD5:
        if (c.fetch(c.position - 1) == 0x0A) operands.clear();  // AAM/AAD base 10 is implied
        break;
      case 0xD7:
        if (c.segment >= 0 || c.address32)
          operands = "byte ptr " + (c.segment >= 0 ? std::string(segmentName(static_cast<unsigned>(c.segment))) + ":" : "") +
                     (c.address32 ? "[ebx]" : "[bx]");
        break;
      case 0xE3:
        if (c.address32) name = "jecxz";
        break;
      case 0x90:
        if (c.operand32) { name = "xchg"; operands = "eax, eax"; }  // 66 90: what MASM makes of xchg eax,eax
        break;
      case 0x68: case 0x6A:
        if (c.operand32) name = "pushd";  // a 32-bit immediate push (MASM's PUSHD)
        break;
      case 0xEB: operands = "short " + operands; break;
      case 0xE9: {
        // A near JMP whose target a short one would reach says so, so that MASM (which picks the
        // short form for `jmp label`) reassembles the same bytes.
        const auto rel = static_cast<std::int32_t>(d.out.target.offset - (options.address + c.position));
        const std::int32_t wrapped = c.operand32 ? rel : static_cast<std::int16_t>(rel);
        if (wrapped + 1 >= -128 && wrapped + 1 <= 127) operands = "near ptr " + operands;
        break;
      }
      default: break;
    }
  } else if (d.opcode >= 0x80 && d.opcode <= 0x8F) {
    operands = "near ptr " + operands;
  }
  if (row.ops[0] == Opd::Mp) d.out.target = BranchTarget{false, true, 0, 0};
  else if ((row.flow == Flow::Jump || row.flow == Flow::Call) && (row.ops[0] == Opd::Ev))
    d.out.target = BranchTarget{};

  std::string prefixes;
  if (d.lock) prefixes += "lock ";
  if (d.rep) prefixes += d.rep == 0xF2 ? "repne " : "rep ";
  // An override that no memory operand uses is shown as a prefix so the bytes stay explained.
  const bool usesMemory = (d.hasModRm && d.modrm.memory) || d.opcode == 0xD7 ||
                          (!d.twoByte && d.opcode >= 0xA0 && d.opcode <= 0xA3);
  if (c.segment >= 0 && !usesMemory) prefixes += std::string(segmentName(static_cast<unsigned>(c.segment))) + ": ";
  d.out.mnemonic = prefixes + name;
  d.out.operands = operands;
  finish(d);
  return d.out;
}

Instruction decode(std::span<const std::uint8_t> bytes, const DecodeOptions& options) {
  const FetchByte fetch = [bytes](std::uint32_t index) -> std::uint8_t {
    return index < bytes.size() ? bytes[index] : 0x90;
  };
  return decode(fetch, options);
}

}  // namespace asmlab::x86::dis

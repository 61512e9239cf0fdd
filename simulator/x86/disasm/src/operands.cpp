// ModRM and SIB decoding: Intel 8086 Family User's Manual table 4-10 (mod/rm for 16-bit
// addresses) and 80386 Programmer's Reference Manual 17.2.1, tables 17-3 and 17-4 (32-bit).
#include "operands.hpp"

#include <array>

namespace asmlab::x86::dis::detail {
namespace {

constexpr std::array<std::string_view, 8> kReg8 = {"al", "cl", "dl", "bl", "ah", "ch", "dh", "bh"};
constexpr std::array<std::string_view, 8> kReg16 = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
constexpr std::array<std::string_view, 8> kReg32 = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};
constexpr std::array<std::string_view, 8> kSeg = {"es", "cs", "ss", "ds", "fs", "gs", "?", "?"};
// The eight 16-bit r/m combinations, and whether each uses SS by default (BP-based).
constexpr std::array<std::string_view, 8> kAddress16 = {"bx+si", "bx+di", "bp+si", "bp+di", "si", "di", "bp", "bx"};
constexpr std::array<bool, 8> kStackBased16 = {false, false, true, true, false, false, true, false};

std::string signedDisplacement(std::int32_t value) {
  if (value < 0) return "-" + masmHex(static_cast<std::uint32_t>(-static_cast<std::int64_t>(value)));
  return "+" + masmHex(static_cast<std::uint32_t>(value));
}

}  // namespace

std::uint32_t Cursor::nextValue(unsigned width) {
  std::uint32_t value = 0;
  for (unsigned i = 0; i < width; ++i) value |= static_cast<std::uint32_t>(next()) << (8 * i);
  return value;
}

std::string_view registerName(unsigned size, unsigned number) {
  number &= 7;
  return size == 1 ? kReg8[number] : size == 4 ? kReg32[number] : kReg16[number];
}

std::string_view segmentName(unsigned number) { return kSeg[number & 7]; }

ModRm readModRm(Cursor& cursor) {
  ModRm m;
  const std::uint8_t byte = cursor.next();
  m.mod = byte >> 6;
  m.reg = (byte >> 3) & 7;
  m.rm = byte & 7;
  if (m.mod == 3) return m;
  m.memory = true;
  if (!cursor.address32) {
    if (m.mod == 0 && m.rm == 6) {
      m.direct = true;
      m.displacement = cursor.nextValue(2);
      m.address = masmHex(m.displacement);
      return m;
    }
    m.address = kAddress16[m.rm];
    m.registers = m.address;
    m.defaultSegment = kStackBased16[m.rm] ? 2 : 3;
    if (m.mod == 1) {
      const auto d = static_cast<std::int8_t>(cursor.next());
      m.displacement = static_cast<std::uint32_t>(static_cast<std::int32_t>(d));
      // [bp] has no no-displacement form: MASM writes [bp] for bp+0.
      if (!(d == 0 && m.rm == 6)) m.address += signedDisplacement(d);
    } else if (m.mod == 2) {
      m.displacement = cursor.nextValue(2);
      m.wideDisplacement = true;
      if (m.displacement != 0) m.address += "+" + masmHex(m.displacement);
    }
    return m;
  }
  // 32-bit addressing.
  std::string text;
  bool noBase = false;
  if (m.rm == 4) {
    const std::uint8_t sib = cursor.next();
    const unsigned scale = 1u << (sib >> 6), index = (sib >> 3) & 7, base = sib & 7;
    if (base == 5 && m.mod == 0) {
      noBase = true;
    } else {
      text = kReg32[base];
      if (base == 4 || base == 5) m.defaultSegment = 2;
    }
    if (index != 4) {
      if (!text.empty()) text += "+";
      text += kReg32[index];
      if (scale > 1) text += "*" + std::to_string(scale);
    }
  } else if (m.mod == 0 && m.rm == 5) {
    noBase = true;
  } else {
    text = kReg32[m.rm];
    if (m.rm == 5) m.defaultSegment = 2;
  }
  m.registers = text;
  if (noBase) {
    m.displacement = cursor.nextValue(4);
    m.wideDisplacement = true;
    if (text.empty()) {
      m.direct = true;
      text = masmHex(m.displacement);
    } else if (m.displacement != 0) {
      text += "+" + masmHex(m.displacement);
    }
  } else if (m.mod == 1) {
    const auto d = static_cast<std::int8_t>(cursor.next());
    m.displacement = static_cast<std::uint32_t>(static_cast<std::int32_t>(d));
    if (!(d == 0 && text == "ebp")) text += signedDisplacement(d);
  } else if (m.mod == 2) {
    m.displacement = cursor.nextValue(4);
    m.wideDisplacement = true;
    if (m.displacement != 0) text += "+" + masmHex(m.displacement);
  }
  m.address = text;
  return m;
}

std::string sizePtr(unsigned size) {
  switch (size) {
    case 1: return "byte ptr ";
    case 2: return "word ptr ";
    case 4: return "dword ptr ";
    case 6: return "fword ptr ";
    case 8: return "qword ptr ";
    case 10: return "tbyte ptr ";
    default: return "";
  }
}

std::string memoryText(const Cursor& cursor, const ModRm& modrm, unsigned size, Instruction& out) {
  (void)out;
  const int segment = cursor.segment >= 0 ? cursor.segment : modrm.defaultSegment;
  std::string text = sizePtr(size);
  if (modrm.direct) {
    if (cursor.options.symbols) {
      SymbolQuery query;
      query.kind = SymbolQuery::Kind::Data;
      const auto name = segmentName(static_cast<unsigned>(segment));
      query.segmentRegister[0] = name[0];
      query.segmentRegister[1] = name[1];
      query.offset = modrm.displacement;
      if (auto symbol = cursor.options.symbols(query)) {
        if (cursor.segment >= 0) text += std::string(segmentName(static_cast<unsigned>(cursor.segment))) + ":";
        return text + *symbol;
      }
    }
    // A bare [1234h] is an immediate to MASM; the segment makes it a memory operand.
    return text + std::string(segmentName(static_cast<unsigned>(segment))) + ":[" + modrm.address + "]";
  }
  if (cursor.segment >= 0) text += std::string(segmentName(static_cast<unsigned>(cursor.segment))) + ":";
  // A full-size displacement may be a variable's offset: `byte ptr board[si]`.
  if (modrm.wideDisplacement && modrm.displacement != 0 && cursor.options.symbols) {
    SymbolQuery query;
    query.kind = SymbolQuery::Kind::Data;
    const auto name = segmentName(static_cast<unsigned>(segment));
    query.segmentRegister[0] = name[0];
    query.segmentRegister[1] = name[1];
    query.offset = modrm.displacement;
    if (auto symbol = cursor.options.symbols(query)) return text + *symbol + "[" + modrm.registers + "]";
  }
  return text + "[" + modrm.address + "]";
}

}  // namespace asmlab::x86::dis::detail

namespace asmlab::x86::dis {

std::string masmHex(std::uint64_t value, unsigned digits) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string text;
  do {
    text.insert(text.begin(), kDigits[value & 15]);
    value >>= 4;
  } while (value != 0);
  while (text.size() < digits) text.insert(text.begin(), '0');
  if (text.size() == 1 && text[0] <= '9' && digits == 0) return text;
  if (text[0] > '9') text.insert(text.begin(), '0');
  return text + "h";
}

}  // namespace asmlab::x86::dis

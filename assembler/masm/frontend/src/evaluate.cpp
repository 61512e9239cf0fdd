// Expression evaluation: constants, relocatable addresses, registers in address expressions and
// the MASM operators (MASM 6.1 Programmer's Guide ch. 1 and 3; Reference, "Operators").
#include <cctype>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {

namespace {

// A word of up to 7 characters, upper-cased, packed into one number (first character lowest)
// with its length in the top byte.
constexpr uint64_t packUpper(std::string_view w) {
  uint64_t key = uint64_t{w.size() & 0xFF} << 56;
  for (size_t i = 0; i < w.size() && i < 7; ++i) {
    char c = w[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    key |= uint64_t{static_cast<unsigned char>(c)} << (8 * i);
  }
  return key;
}

// Expression arithmetic wraps around in 64 bits, as the shifts do: an operand can be any 64-bit
// number, and an overflow must give a number (the encoder then reports what does not fit), not
// undefined behaviour.
int64_t wrapAdd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t wrapSub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
int64_t wrapMul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
int64_t wrapNeg(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }

}  // namespace

uint32_t typeKeywordSize(std::string_view w, bool& isDistance, bool& far) {
  isDistance = false;
  far = false;
  if (w.size() < 2 || w.size() > 6) return 0;
  // The words of MASM 6.1's type attributes (Reference, "Types"); one switch on the packed,
  // upper-cased word instead of a hash lookup (every label operand is tested once).
  switch (packUpper(w)) {
    case packUpper("BYTE"): case packUpper("SBYTE"): case packUpper("DB"): return 1;
    case packUpper("WORD"): case packUpper("SWORD"): case packUpper("DW"): return 2;
    case packUpper("DWORD"): case packUpper("SDWORD"): case packUpper("REAL4"): case packUpper("DD"): return 4;
    case packUpper("FWORD"): case packUpper("DF"): return 6;
    case packUpper("QWORD"): case packUpper("REAL8"): case packUpper("DQ"): return 8;
    case packUpper("TBYTE"): case packUpper("REAL10"): case packUpper("DT"): return 10;
    case packUpper("NEAR"): case packUpper("NEAR16"): case packUpper("PROC"):
      isDistance = true;
      return 0;
    case packUpper("FAR"): case packUpper("FAR16"):
      isDistance = true;
      far = true;
      return 0;
    default: return 0;
  }
}

namespace {

bool isTrueConstant(const Value& v) { return v.kind == Value::Kind::Constant && !v.relocatable && !v.memory && v.regs[0] == enc::Reg::None; }

void addRegister(Value& v, enc::Reg r, uint8_t scale) {
  if (v.regs[0] == enc::Reg::None && scale == 1) v.regs[0] = r;
  else if (v.regs[1] == enc::Reg::None) {
    v.regs[1] = r;
    v.scale = scale;
  } else if (v.regs[0] == enc::Reg::None) {
    v.regs[0] = r;
  }
}

// A register operand of an address operator (`bp` in `bp-2`, `[bp]`) as the register sum it
// starts: a base or index with displacement 0 that later operators add to.
void registerAsSum(Value& v) {
  Value m;
  m.kind = Value::Kind::Constant;
  addRegister(m, v.reg, 1);
  m.num = v.num;
  m.unknown = v.unknown;
  m.undefinedName = v.undefinedName;
  v = m;
}

}  // namespace

// Learns once whether an identifier is a register, a type keyword or a symbol (ExprOp::resolved).
// Without `fpuRegisters` (emu8086's sources: its 8086 has no 8087) ST is a name like any other.
void resolveIdentifier(const ExprOp& op, bool fpuRegisters) {
  if (op.resolved == 0) {
    if (auto r = enc::parseRegister(op.text())) {
      op.resolved = 1;
      op.registerCode = static_cast<uint8_t>(*r);
    } else {
      bool d = false, f = false;
      op.resolved = typeKeywordSize(op.text(), d, f) || d ? 2 : 4;
    }
  }
  if (!fpuRegisters && op.resolved == 1 && enc::isFpuRegister(static_cast<enc::Reg>(op.registerCode))) {
    op.resolved = 4;
    op.bound = nullptr;  // the union member a symbol uses, over the register's code
  }
}

// True when an evaluated expression names nothing that can differ between passes: registers, type
// keywords, numbers (the .RADIX in force at a statement is the same in every pass) and operators
// on them. A name not evaluated yet (resolved 0) counts as a symbol.
bool passIndependent(const Expr& e) {
  for (const ExprOp& op : e.ops) {
    switch (op.op) {
      case Op::Number: case Op::String: case Op::Real:
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Shl: case Op::Shr:
      case Op::And: case Op::Or: case Op::Xor: case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt:
      case Op::Ge: case Op::Ptr: case Op::Override: case Op::Index: case Op::Bracket: case Op::Neg: case Op::Not:
      case Op::High: case Op::Low: case Op::HighWord: case Op::LowWord:
        break;
      case Op::Identifier:
        if (op.resolved != 1 && op.resolved != 2) return false;  // a symbol, not a register or type
        break;
      default:
        return false;
    }
  }
  return true;
}

namespace {
// CR4, TR3-TR5: the 486's special registers, which MASM 6.1 reserves and this assembler does not
// encode, told apart from a symbol merely left undefined. (CR0-CR3, DR0-DR7 and TR6-TR7 are
// registers in .386 code and need .386 elsewhere.)
bool isUnsupportedSpecialRegister(std::string_view name) {
  if (name.size() != 3 || !std::isdigit(static_cast<unsigned char>(name[2]))) return false;
  const char a = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  const char b = static_cast<char>(std::toupper(static_cast<unsigned char>(name[1])));
  const int n = name[2] - '0';
  return b == 'R' && ((a == 'C' && n == 4) || (a == 'T' && n >= 3 && n <= 5));
}
}  // namespace

Value Assembler::evaluate(const Expr& e, bool reportUndefined) {
  // A reused stack: evaluation runs for every operand in every pass.
  std::vector<Value>& st = evalStack;
  st.clear();
  bool failed = false;
  auto fail = [&](uint16_t column, std::string msg) {
    if (!failed) passError(column + 1u, std::move(msg));
    failed = true;
  };
  auto pop = [&]() {
    if (st.empty()) return Value{};
    Value v = std::move(st.back());
    st.pop_back();
    return v;
  };
  // The operand of a unary operator, worked on in place (an empty stack gives a default Value,
  // as pop() would).
  auto top = [&]() -> Value& {
    if (st.empty()) st.emplace_back();
    return st.back();
  };
  // The two operands of a binary operator, in place: the result is left in the left one's slot
  // once the right one is dropped (missing operands are default Values, as pop() gives).
  auto pair = [&]() {
    while (st.size() < 2) st.insert(st.begin(), Value{});
  };
  auto mergeUnknown = [](Value& into, const Value& from) {
    if (from.unknown && !into.unknown) {
      into.unknown = true;
      into.undefinedName = from.undefinedName;
      into.undefinedColumn = from.undefinedColumn;
    }
  };
  Op previous = Op::Number;
  for (const ExprOp& op : e.ops) {
    // The right operand of this operator is `y[regs]` when the operation before it was [].
    const bool indexedTerm = previous == Op::Index;
    previous = op.op;
    switch (op.op) {
      case Op::Real:
        st.emplace_back();
        fail(op.column, "a real number is only allowed as a data initialiser (REAL4, REAL8, REAL10, DD, DQ, DT)");
        break;
      case Op::Number: {
        Value& v = st.emplace_back();
        if (op.numberRadix == radix) {
          v.num = op.value;
        } else {
          auto n = parseNumber(op.text(), radix);
          if (!n) fail(op.column, fmt::format("'{}' is not a valid number in radix {}", op.text(), radix));
          v.num = n.value_or(0);
          if (n) {
            const_cast<ExprOp&>(op).value = *n;
            op.numberRadix = static_cast<uint8_t>(radix);
          }
        }
        break;
      }
      case Op::String: {
        Value v;
        v.isString = true;
        v.str = op.text();
        for (unsigned char c : op.text()) v.num = (v.num << 8) | c;
        st.push_back(std::move(v));
        break;
      }
      case Op::Location: {
        Value v;
        v.kind = Value::Kind::Address;
        v.num = statementStart;
        v.segment = current;
        if (current >= 0) {
          v.relocatable = true;
          v.target = {link::RefKind::Segment, static_cast<uint32_t>(current)};
        }
        v.codeLabel = true;
        st.push_back(std::move(v));
        break;
      }
      case Op::Undefined: {
        fail(op.column, "'?' (uninitialised) is allowed only in data definitions");
        st.push_back(Value{});
        break;
      }
      case Op::Identifier: {
        Value& v = st.emplace_back();
        resolveIdentifier(op, !emu8086Source);
        if (op.resolved == 1) {
          v.kind = Value::Kind::Register;
          v.reg = static_cast<enc::Reg>(op.registerCode);
          v.size = enc::registerSize(v.reg);
          break;
        }
        bool isDistance = false, far = false;
        uint32_t ts = op.resolved == 2 ? typeKeywordSize(op.text(), isDistance, far) : 0;
        if (op.resolved == 2) {
          v.kind = Value::Kind::Type;
          v.size = ts;
          v.near = isDistance && !far;
          v.far = far;
          if (isDistance) v.distance = far ? enc::Distance::Far : enc::Distance::Near;
          break;
        }
        Symbol* s = op.bound ? op.bound : findSymbol(op.text(), currentStatement ? currentStatement->procScope : procScope,
                                                      currentStatement ? currentStatement->atScope : atScope);
        // After the first pass every definition is known, so the lookup can be kept.
        if (!op.bound && s && pass > 1 && s->kind != SymKind::Undefined) {
          op.bound = s;
          op.resolved = 3;
        }
        if (!s || s->kind == SymKind::Undefined) {
          if (iequals(op.text(), "@curseg") && current >= 0) s = segments[current].symbol;
          else if (iequals(op.text(), "@data") || iequals(op.text(), "@code") || iequals(op.text(), "@stack")) {
            // resolved by the model's symbols below
          }
        }
        if ((!s || s->kind == SymKind::Undefined) && cpu32) {
          // CR0, DR7, TR6 ... in .386 code: the 80386's special registers, which only MOV takes
          // (encoder.cpp). Elsewhere their names are ordinary symbols, and a symbol of that
          // name (which MASM would refuse) wins here too.
          if (const auto special = enc::parseSpecialRegister(op.text())) {
            v.kind = Value::Kind::Register;
            v.reg = *special;
            if (pass > 1) {  // every symbol is known by now: keep the answer
              op.resolved = 1;
              op.registerCode = static_cast<uint8_t>(*special);
            }
            break;
          }
        }
        if (!s || s->kind == SymKind::Undefined || (pass == 1 && s->passDefined == 0 && s->kind != SymKind::External &&
                                                     s->kind != SymKind::Segment && s->kind != SymKind::Group &&
                                                     s->kind != SymKind::StructType && s->kind != SymKind::TypeAlias)) {
          ++unknownsSeen;
          v.unknown = true;
          v.undefinedName = op.text();
          v.undefinedColumn = op.column;
          v.kind = Value::Kind::Address;  // a forward reference is most likely a label
          v.codeLabel = true;
          if (s) v.symbol = s;
          break;
        }
        v.symbol = s;
        if (symbolsRead) symbolsRead->push_back(s);
        switch (s->kind) {
          case SymKind::Constant:
            v.num = s->value;
            if (s->typeSize) v.size = s->typeSize;
            break;
          case SymKind::Label:
          case SymKind::Variable:
            v.kind = Value::Kind::Address;
            v.num = s->value;
            v.segment = s->segment;
            v.relocatable = s->segment >= 0;
            v.target = {link::RefKind::Segment, static_cast<uint32_t>(std::max(0, s->segment))};
            v.memory = s->kind == SymKind::Variable;
            v.codeLabel = s->kind == SymKind::Label;
            v.size = s->typeSize;
            v.structType = s->structType;
            // Only FAR is a property of the label; a near label still allows SHORT jumps.
            if (s->kind == SymKind::Label && s->far) v.distance = enc::Distance::Far;
            if (s->offsetEquate) {  // emu8086's `name = $`: as OFFSET of the place
              v.kind = Value::Kind::Constant;
              v.memory = v.codeLabel = false;
              v.size = 0;
            }
            break;
          case SymKind::External:
            v.kind = Value::Kind::Address;
            v.relocatable = true;
            v.target = {link::RefKind::Extern, static_cast<uint32_t>(s->index)};
            v.size = s->typeSize;
            v.structType = s->structType;
            v.memory = s->typeSize != 0;
            v.codeLabel = s->typeSize == 0;
            if (v.codeLabel && s->far) v.distance = enc::Distance::Far;
            break;
          case SymKind::Segment:
            v.relocatable = true;
            v.segmentValue = true;
            v.target = {link::RefKind::Segment, static_cast<uint32_t>(s->index)};
            break;
          case SymKind::Group:
            v.relocatable = true;
            v.segmentValue = true;
            v.target = {link::RefKind::Group, static_cast<uint32_t>(s->index)};
            break;
          case SymKind::StructType:
          case SymKind::RecordType:
          case SymKind::TypeAlias:
            v.kind = Value::Kind::Type;
            v.size = s->kind == SymKind::TypeAlias ? s->typeSize : s->structType ? s->structType->size : s->typeSize;
            v.structType = s->kind == SymKind::TypeAlias ? s->structType : s->structType;
            if (s->kind == SymKind::TypeAlias && s->far) v.far = true, v.distance = enc::Distance::Far;
            break;
          case SymKind::StructField:
            v.num = s->value;
            v.size = s->typeSize;
            v.structType = s->structType;
            break;
          case SymKind::RecordField:
            v.num = s->value;
            break;
          case SymKind::Undefined:
            break;
        }
        break;
      }
      case Op::Member: {
        Value v = pop();
        if (!op.text().empty() && isDigit(op.text()[0])) {
          // `[bx].2`: MASM 5.1 (OPTION OLDSTRUCTS, part of M510) reads the dot as a plus.
          auto n = parseNumber(op.text(), radix);
          const bool plainNumber = v.kind == Value::Kind::Constant && !v.relocatable && !v.memory && !v.unknown &&
                                   v.regs[0] == enc::Reg::None && v.regs[1] == enc::Reg::None;
          if (plainNumber) {
            fail(op.column, "a real number is not an integer operand");
          } else if (!oldStructs || !n) {
            fail(op.column, n ? fmt::format("'.{}' after an operand is MASM 5.1's '+{}': write '+{}', or use OPTION "
                                            "OLDSTRUCTS, OPTION M510 or --m510", op.text(), op.text(), op.text())
                              : fmt::format("'{}' is not a number", op.text()));
          } else {
            v.num = wrapAdd(v.num, *n);
            if (v.kind == Value::Kind::Register) {
              Value m;
              m.kind = Value::Kind::Address;
              addRegister(m, v.reg, 1);
              m.num = v.num;
              v = m;
            }
            v.memory = true;
          }
          st.push_back(std::move(v));
          break;
        }
        StructDef* type = v.structType;
        const StructField* field = nullptr;
        if (type)
          for (auto& f : type->fields)
            if (f.symbol && iequals(f.symbol->name, op.text())) field = &f;
        if (!field) {
          Symbol* s = findSymbol(op.text(), -1, 0);
          if (symbolsRead) {
            if (s) symbolsRead->push_back(s);
            else ++unknownsSeen;
          }
          std::string ambiguity;
          if (s && s->kind == SymKind::StructField) {
            v.num = wrapAdd(v.num, s->value);
            v.size = s->typeSize;
            v.structType = s->structType;
          } else if (const StructField* only = type ? nullptr : fieldByName(op.text(), ambiguity)) {
            // A field name with no global symbol (Ideal mode) that one structure alone defines.
            v.num = wrapAdd(v.num, only->offset);
            v.size = only->elementSize;
            v.structType = only->structType;
          } else {
            fail(op.column, !ambiguity.empty() ? ambiguity
                                               : fmt::format("'{}' is not a field of {}", op.text(),
                                                             type ? type->name : "this operand"));
          }
        } else {
          v.num = wrapAdd(v.num, field->offset);
          v.size = field->elementSize;
          v.structType = field->structType;
        }
        if (v.kind == Value::Kind::Type) {
          // `Point.x`: the field's offset, a constant (MASM 6.1 Programmer's Guide ch. 5), typed by
          // the field so that `[bx+Point.x]` has its size.
          v.kind = Value::Kind::Constant;
          v.memory = false;
          st.push_back(std::move(v));
          break;
        }
        if (v.kind == Value::Kind::Register) {
          Value m;
          m.kind = Value::Kind::Address;
          addRegister(m, v.reg, 1);
          m.num = v.num;
          v = m;
        }
        v.memory = true;
        st.push_back(std::move(v));
        break;
      }
      case Op::Add:
      case Op::Index: {
        pair();
        Value& b = st.back();
        Value& a = st[st.size() - 2];
        // ST(i): the x87 stack register i (MASM 6.1 Programmer's Guide, ch. 6, "Coprocessor operands").
        if (op.op == Op::Index && a.kind == Value::Kind::Register && a.reg == enc::Reg::ST0 && !a.memory) {
          if (b.kind != Value::Kind::Constant || b.relocatable || b.regs[0] != enc::Reg::None || b.num < 0 || b.num > 7)
            fail(op.column, "the x87 stack has registers st(0) to st(7)");
          else
            a.reg = static_cast<enc::Reg>(static_cast<unsigned>(enc::Reg::ST0) + static_cast<unsigned>(b.num));
          st.pop_back();
          break;
        }
        mergeUnknown(a, b);
        if (op.op == Op::Index) a.memory = true;
        auto absorb = [&](Value& into, Value& other) {
          if (other.kind == Value::Kind::Register) {
            addRegister(into, other.reg, 1);
          } else {
            for (int i = 0; i < 2; ++i)
              if (other.regs[i] != enc::Reg::None) addRegister(into, other.regs[i], i == 1 ? other.scale : 1);
          }
          into.num = wrapAdd(into.num, other.num);
          if (other.memory) into.memory = true;
          if (!into.size && other.kind != Value::Kind::Register) into.size = other.size;
          if (!into.structType) into.structType = other.structType;
          if (other.segOverride != enc::Reg::None) into.segOverride = other.segOverride;
        };
        if (a.kind == Value::Kind::Register) {
          registerAsSum(a);
          a.memory = op.op == Op::Index;
        }
        if (b.relocatable && !a.relocatable) {
          // keep the relocatable side as the base
          Value regsOfA = a;
          a = b;
          regsOfA.relocatable = false;
          absorb(a, regsOfA);
          if (op.op == Op::Index) a.memory = true;
        } else {
          if (a.relocatable && b.relocatable && !a.unknown && !b.unknown) fail(op.column, "cannot add two relocatable addresses");
          absorb(a, b);
        }
        st.pop_back();  // b: the sum is in a's slot
        break;
      }
      case Op::Sub: {
        pair();
        Value& b = st.back();
        Value& a = st[st.size() - 2];
        mergeUnknown(a, b);
        if (b.relocatable) {
          // `OFFSET a - OFFSET seg`: a segment's name stands for its offset 0, so the difference is
          // a's offset in the segment (a constant), as for two labels of one segment.
          const bool sameBase = a.segment == b.segment ||
                                (b.segment < 0 && b.target.kind == link::RefKind::Segment && !b.segmentValue);
          if (a.relocatable && sameBase && a.target.kind == b.target.kind && a.target.index == b.target.index &&
              !a.segmentValue) {
            Value r;
            r.num = wrapSub(a.num, b.num);
            r.unknown = a.unknown;
            r.undefinedName = a.undefinedName;
            st.pop_back();
            st.back() = r;
            break;
          }
          if (!a.unknown && !b.unknown) fail(op.column, "cannot subtract addresses in different segments");
        } else if (indexedTerm && b.kind != Value::Kind::Register && b.regs[0] != enc::Reg::None) {
          // `var-2[bx]`: the index operator adds its registers (MASM 6.1 Programmer's Guide,
          // "Indirect Memory Operands": [] acts like +), so only the number is subtracted.
          mergeUnknown(a, b);
          if (a.kind == Value::Kind::Register) registerAsSum(a);
          for (int i = 0; i < 2; ++i)
            if (b.regs[i] != enc::Reg::None) addRegister(a, b.regs[i], i == 1 ? b.scale : 1);
          if (b.segOverride != enc::Reg::None) a.segOverride = b.segOverride;
          if (!a.size) a.size = b.size;
          a.memory = true;
          a.num = wrapSub(a.num, b.num);
          st.pop_back();
          break;
        } else if (b.kind == Value::Kind::Register || b.regs[0] != enc::Reg::None) {
          fail(op.column, "a register cannot be subtracted");
        }
        // `bp-2` is the sum bp + (-2): the register must become a base first, or the
        // displacement is kept in a Register value that [...] then reads as [bp+0].
        if (a.kind == Value::Kind::Register) registerAsSum(a);
        a.num = wrapSub(a.num, b.num);
        st.pop_back();  // b: the difference is in a's slot
        break;
      }
      case Op::Mul: {
        Value b = pop();
        Value a = pop();
        mergeUnknown(a, b);
        // Scaled index (386): [esi*4] / [4*esi]
        if (a.kind == Value::Kind::Register || b.kind == Value::Kind::Register) {
          Value& r = a.kind == Value::Kind::Register ? a : b;
          Value& k = a.kind == Value::Kind::Register ? b : a;
          Value m;
          m.regs[1] = r.reg;
          m.scale = static_cast<uint8_t>(k.num);
          st.push_back(std::move(m));
          break;
        }
        if ((a.relocatable || b.relocatable) && !a.unknown) fail(op.column, "'*' needs constant operands");
        a.num = wrapMul(a.num, b.num);
        a.relocatable = false;
        a.kind = Value::Kind::Constant;
        st.push_back(std::move(a));
        break;
      }
      case Op::Div: case Op::Mod: case Op::Shl: case Op::Shr: case Op::And: case Op::Or: case Op::Xor:
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: {
        Value b = pop();
        Value a = pop();
        bool unknown = a.unknown || b.unknown;
        bool relOk = (op.op == Op::Eq || op.op == Op::Ne || op.op == Op::Lt || op.op == Op::Le || op.op == Op::Gt ||
                      op.op == Op::Ge) && a.segment == b.segment;
        if (!unknown && !relOk && (a.relocatable || b.relocatable))
          fail(op.column, "this operator needs constant operands");
        if (!unknown && (a.kind == Value::Kind::Register || b.kind == Value::Kind::Register))
          fail(op.column, "this operator needs constant operands, not registers");
        Value r;
        r.unknown = unknown;
        r.undefinedName = a.unknown ? a.undefinedName : b.undefinedName;
        int64_t x = a.num, y = b.num;
        switch (op.op) {
          case Op::Div:
          case Op::Mod:
            if (y == 0) {
              if (!unknown) fail(op.column, "division by zero");
              r.num = 0;
            } else if (y == -1) {
              r.num = op.op == Op::Div ? wrapNeg(x) : 0;  // INT64_MIN / -1 overflows (and traps on x86)
            } else {
              r.num = op.op == Op::Div ? x / y : x % y;
            }
            break;
          // A count of 64 or more, or a negative one (a huge count, read unsigned), shifts every bit out.
          case Op::Shl:
            r.num = static_cast<uint64_t>(y) >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) << y);
            break;
          case Op::Shr:
            r.num = static_cast<uint64_t>(y) >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) >> y);
            break;
          case Op::And: r.num = x & y; break;
          case Op::Or: r.num = x | y; break;
          case Op::Xor: r.num = x ^ y; break;
          // MASM's relational operators give -1 (all bits set) for true and 0 for false.
          case Op::Eq: r.num = x == y ? -1 : 0; break;
          case Op::Ne: r.num = x != y ? -1 : 0; break;
          case Op::Lt: r.num = x < y ? -1 : 0; break;
          case Op::Le: r.num = x <= y ? -1 : 0; break;
          case Op::Gt: r.num = x > y ? -1 : 0; break;
          case Op::Ge: r.num = x >= y ? -1 : 0; break;
          default: break;
        }
        st.push_back(std::move(r));
        break;
      }
      case Op::Neg:
      case Op::Not: {
        Value a = pop();
        if (!a.unknown && (a.relocatable || a.kind == Value::Kind::Register))
          fail(op.column, op.op == Op::Neg ? "'-' needs a constant" : "NOT needs a constant");
        a.num = op.op == Op::Neg ? wrapNeg(a.num) : ~a.num;
        a.kind = Value::Kind::Constant;
        a.relocatable = false;
        st.push_back(std::move(a));
        break;
      }
      case Op::Ptr: {
        Value v = pop();
        Value t = pop();
        if (t.kind != Value::Kind::Type) {
          fail(op.column, "PTR needs a type on its left (BYTE, WORD, DWORD, NEAR, FAR or a structure)");
        }
        if (v.kind == Value::Kind::Register) {
          Value m;
          m.kind = Value::Kind::Constant;
          addRegister(m, v.reg, 1);
          v = m;
        }
        v.size = t.size;
        if (t.structType) v.structType = t.structType;
        if (t.near || t.far) v.distance = t.far ? enc::Distance::Far : enc::Distance::Near;
        if (t.size && !(v.kind == Value::Kind::Constant && !v.relocatable && v.regs[0] == enc::Reg::None &&
                        v.regs[1] == enc::Reg::None && !v.memory))
          v.memory = true;
        st.push_back(std::move(v));
        break;
      }
      case Op::Override: {
        Value v = pop();
        Value s = pop();
        if (v.kind == Value::Kind::Register) {
          Value m;
          addRegister(m, v.reg, 1);
          v = m;
        }
        if (s.kind == Value::Kind::Register && enc::isSegmentRegister(s.reg)) {
          v.segOverride = s.reg;
          v.memory = true;
        } else if (s.segmentValue) {
          // seg:offset names the frame; the ASSUMEd register for it becomes the override.
          if (s.target.index <= UINT16_MAX) {
            v.frameNamed = true;
            v.frameKind = s.target.kind;
            v.frameIndex = static_cast<uint16_t>(s.target.index);
          }
          for (int i = 0; i < 6; ++i)
            if (assumed[static_cast<size_t>(i)] && assumes[static_cast<size_t>(i)].kind == s.target.kind &&
                assumes[static_cast<size_t>(i)].index == s.target.index)
              v.segOverride = static_cast<enc::Reg>(static_cast<int>(enc::Reg::ES) + i);
          v.memory = true;
        } else if (!s.unknown) {
          fail(op.column, "':' needs a segment register, segment or group on its left");
        }
        mergeUnknown(v, s);
        st.push_back(std::move(v));
        break;
      }
      case Op::Bracket: {
        Value& v = top();
        if (v.kind == Value::Kind::Register) registerAsSum(v);
        if (v.regs[0] != enc::Reg::None || v.regs[1] != enc::Reg::None || v.relocatable || v.unknown) v.memory = true;
        // In Ideal mode brackets always address memory, `[5]` included (Turbo Assembler User's
        // Guide, "Ideal mode": square brackets always refer to the contents of the enclosed quantity).
        else if (v.kind == Value::Kind::Constant && !v.memory && idealStatement(currentStatement)) v.memory = true;
        // MASM reads a constant in brackets as the constant (Microsoft KB Q120070: `[datavalue]`
        // of an equate is immediate; `ds:datavalue` addresses memory); emu8086 reads memory at
        // DS:constant, as its programs expect (`mov ax, [1000h]`).
        else if (v.kind == Value::Kind::Constant && !v.memory) {
          v.bracketedConstant = true;
          if (emu8086Source) v.memory = true;
        }
        break;
      }
      case Op::Offset: {
        Value& v = top();
        if (v.segmentValue) {
          v.segmentValue = false;  // OFFSET of a segment or group name is 0 relative to it
        }
        v.memory = false;
        v.size = 0;
        v.kind = Value::Kind::Constant;
        v.codeLabel = false;
        break;
      }
      case Op::Seg: {
        Value v = pop();
        Value r;
        r.unknown = v.unknown;
        r.undefinedName = v.undefinedName;
        if (v.relocatable) {
          r.relocatable = true;
          r.segmentValue = true;
          r.target = v.target;
          // A segment in a group is addressed through its group (MASM 6 default).
          if (v.target.kind == link::RefKind::Segment && v.target.index < segments.size() &&
              segments[v.target.index].group >= 0)
            r.target = {link::RefKind::Group, static_cast<uint32_t>(segments[v.target.index].group)};
        } else if (!v.unknown) {
          fail(op.column, "SEG needs a label, variable or segment");
        }
        st.push_back(std::move(r));
        break;
      }
      case Op::Type: {
        Value v = pop();
        Value r;
        if (v.kind == Value::Kind::Register) r.num = enc::registerSize(v.reg);
        else if (v.kind == Value::Kind::Type) r.num = v.far ? 0xFF05 : v.near ? 0xFF02 : v.size;
        else if (v.codeLabel && !v.memory && v.kind == Value::Kind::Address) r.num = v.distance == enc::Distance::Far ? 0xFF05 : 0xFF02;
        else r.num = v.size;
        r.unknown = v.unknown;
        st.push_back(std::move(r));
        break;
      }
      case Op::DotType: {
        // MASM 6.1 Reference, .TYPE: bit 0 code label, 1 memory variable, 2 immediate,
        // 3 direct memory, 4 register, 5 no undefined symbols, 7 external.
        Value v = pop();
        int64_t bits = 0;
        if (!v.unknown) bits |= 0x20;
        if (v.kind == Value::Kind::Register) bits |= 0x10;
        else if (v.codeLabel && v.kind == Value::Kind::Address && !v.memory) bits |= 0x01;
        else if (v.memory) {
          bits |= 0x02;
          if (v.regs[0] == enc::Reg::None && v.regs[1] == enc::Reg::None) bits |= 0x08;
        } else if (!v.unknown) {
          bits |= 0x04;
        }
        if (v.relocatable && v.target.kind == link::RefKind::Extern) bits |= 0x80;
        if (v.unknown) bits = 0;
        Value r;
        r.num = bits;
        st.push_back(std::move(r));
        failed = false;  // .TYPE never fails: it reports the problem in its bits
        break;
      }
      case Op::Size: case Op::Length: case Op::SizeOf: case Op::LengthOf: {
        Value v = pop();
        Value r;
        r.unknown = v.unknown;
        const Symbol* s = v.symbol;
        if (v.kind == Value::Kind::Type) {
          r.num = op.op == Op::Length || op.op == Op::LengthOf ? 1 : v.size;
        } else if (s && (s->kind == SymKind::Variable || s->kind == SymKind::Label)) {
          switch (op.op) {
            case Op::Size: r.num = static_cast<int64_t>(s->lengthCount) * s->typeSize; break;
            case Op::Length: r.num = s->lengthCount; break;
            case Op::SizeOf: r.num = s->sizeOf; break;
            default: r.num = s->lengthOf; break;
          }
          if (s->kind == SymKind::Label && (op.op == Op::Size || op.op == Op::SizeOf)) r.num = s->far ? 0xFF05 : 0xFF02;
        } else if (!v.unknown) {
          r.num = op.op == Op::Length || op.op == Op::LengthOf ? 1 : v.size;
        }
        st.push_back(std::move(r));
        break;
      }
      case Op::High: case Op::Low: case Op::HighWord: case Op::LowWord: {
        Value v = pop();
        if (!v.unknown && (v.relocatable || v.kind == Value::Kind::Register))
          fail(op.column, "HIGH/LOW need a constant (relocatable HIGH/LOW is not supported)");
        Value r;
        r.unknown = v.unknown;
        switch (op.op) {
          case Op::High: r.num = (v.num >> 8) & 0xFF; break;
          case Op::Low: r.num = v.num & 0xFF; break;
          case Op::HighWord: r.num = (v.num >> 16) & 0xFFFF; break;
          default: r.num = v.num & 0xFFFF; break;
        }
        st.push_back(std::move(r));
        break;
      }
      case Op::Short: {
        Value& v = top();
        v.distance = enc::Distance::Short;
        break;
      }
      case Op::This: {
        Value t = pop();
        Value v;
        v.kind = Value::Kind::Address;
        v.num = statementStart;
        v.segment = current;
        v.relocatable = current >= 0;
        v.target = {link::RefKind::Segment, static_cast<uint32_t>(std::max(0, current))};
        v.size = t.size;
        v.memory = t.size != 0;
        v.codeLabel = t.size == 0;
        if (t.near || t.far) v.distance = t.far ? enc::Distance::Far : enc::Distance::Near;
        st.push_back(std::move(v));
        break;
      }
      case Op::Width:
      case Op::Mask: {
        Value v = pop();
        Value r;
        const Symbol* s = v.symbol;
        if (s && s->kind == SymKind::RecordField) {
          r.num = op.op == Op::Width ? s->width : (((int64_t{1} << s->width) - 1) << s->value);
        } else if (s && s->kind == SymKind::RecordType) {
          r.num = op.op == Op::Width ? s->width : ((int64_t{1} << s->width) - 1);
        } else if (!v.unknown) {
          fail(op.column, "WIDTH and MASK need a record or record field");
        }
        st.push_back(std::move(r));
        break;
      }
      case Op::Near:
      case Op::Far:
        break;
    }
  }
  Value result = st.empty() ? Value{} : std::move(st.back());
  if (st.size() > 1 && !failed) fail(e.column, "malformed expression");
  if (result.unknown && reportUndefined && finalPass && !failed) {
    std::string message;
    if (isUnsupportedSpecialRegister(result.undefinedName))
      message = fmt::format("'{}' is a 486 control or test register, which this assembler does not support (MOV to "
                            "and from CR0-CR3, DR0-DR7, TR6 and TR7 is, in .386 code)",
                            result.undefinedName);
    else if (enc::parseSpecialRegister(result.undefinedName))
      message = fmt::format("'{}' is an 80386 control, debug or test register: MOV to and from it needs .386 (or "
                            ".386P) in force",
                            result.undefinedName);
    else
      message = undefinedSymbolMessage(result.undefinedName);
    passError(result.undefinedColumn + 1u, std::move(message), static_cast<uint32_t>(result.undefinedName.size()));
  }
  return result;
}

// "undefined symbol", and why when MASM 5.1 code is the likely cause: the name is a code label
// local to another procedure (MASM 6.1 scoping), or starts with a dot (OPTION DOTNAME).
std::string Assembler::undefinedSymbolMessage(std::string_view name) const {
  std::string message = fmt::format("undefined symbol '{}'", name);
  const std::string folded = fold(name);
  for (const Symbol* local : localOwners) {
    if (local->kind != SymKind::Label || fold(local->name) != folded) continue;
    const SourceLocation at = definedAt(*local);
    // MASM 5.1 and Turbo Assembler (without LOCALS) keep a procedure's labels global.
    message += fmt::format(
        "; a code label '{}' is local to the procedure around {}:{} (MASM 6.1 scopes labels to "
        "their PROC: write '{}::' there; for MASM 5.1 code use OPTION M510 or --m510, for Turbo "
        "Assembler code --dialect tasm)",
        name, at.file ? at.file->name() : "?", at.line, name);
    return message;
  }
  if (name.size() > 1 && name[0] == '.' && !dotName)
    message += "; names start with a dot only under OPTION DOTNAME (MASM 5.1 code: OPTION M510 or --m510)";
  // `.data` ... `mov ax, data`: the simplified segments are named _DATA and _TEXT (MASM 6.1
  // Programmer's Guide, ch. 2), and their addresses are @data and @code.
  if (model != Model::None && (folded == fold("DATA") || folded == fold("CODE"))) {
    const bool data = folded == fold("DATA");
    message += fmt::format("; .{0} makes a segment named {1}, not {0}: its address is {2}, as in MOV AX, {2}",
                           data ? "DATA" : "CODE", data ? "_DATA" : "_TEXT", data ? "@data" : "@code");
  }
  return message;
}

std::optional<int64_t> Assembler::constant(const Expr& e, const char* what) {
  Value v = evaluate(e, true);
  if (v.unknown) return std::nullopt;
  if (!isTrueConstant(v)) {
    passError(e.column + 1u, fmt::format("{} must be a constant", what));
    return std::nullopt;
  }
  return v.num;
}

std::optional<int64_t> Assembler::evaluateConstant(std::string_view text, const LogicalLine& where) {
  ExprStore::Rewind scratch(exprs);  // the expression is not kept
  ParseError pe;
  auto e = parseExpression(exprs, text, 0, pe);
  if (!e) {
    error(where, 0, fmt::format("{} in '{}'", pe.message, text));
    return std::nullopt;
  }
  const Statement* saved = currentStatement;
  currentStatement = nullptr;
  bool savedFinal = finalPass;
  finalPass = true;
  size_t before = passDiagnostics.size();
  Value v = evaluate(*e, false);
  finalPass = savedFinal;
  currentStatement = saved;
  // Errors found while evaluating belong to this line, reported now.
  for (size_t i = before; i < passDiagnostics.size(); ++i) {
    Diagnostic d = passDiagnostics[i];
    d.location = where.location;
    if (diags.keeps(d)) MacroLayer::addExpansionNotes(d, where);
    diags.add(std::move(d));
  }
  truncatePassDiagnostics(before);
  if (v.unknown) {
    error(where, 0, fmt::format("'{}' must be a constant known here, but '{}' is not defined yet", trim(text), v.undefinedName));
    return std::nullopt;
  }
  if (!isTrueConstant(v)) {
    error(where, 0, fmt::format("'{}' must be a constant", trim(text)));
    return std::nullopt;
  }
  return v.num;
}

bool Assembler::isSymbolDefined(std::string_view name) {
  if (enc::parseRegister(name)) return false;
  Symbol* s = findSymbol(name, procScope, atScope);
  return s && s->kind != SymKind::Undefined && (s->kind == SymKind::External || s->passDefined > 0 ||
                                               s->kind == SymKind::Segment || s->kind == SymKind::Group ||
                                               s->kind == SymKind::StructType || s->kind == SymKind::TypeAlias ||
                                               s->kind == SymKind::RecordType);
}

std::string Assembler::formatNumber(int64_t value) {
  if (radix == 10) return fmt::format("{}", value);
  if (radix == 16) return fmt::format("0{:X}h", value);
  return fmt::format("{}t", value);
}

}  // namespace asmlab::masm

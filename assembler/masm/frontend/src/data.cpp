// Data definitions: DB/DW/DD/DQ/DT and their MASM 6 names, strings, `?`, nested DUP, structure
// and record initialisers, and the fixups that relocatable values need.
#include <fmt/format.h>
#include <algorithm>
#include <utility>

#include "assembler_impl.hpp"
#include "real_number.hpp"
#include "text_util.hpp"

namespace asmlab::masm {
namespace {

// A real-number initialiser: `1.5`, `-2.0e3` (a decimal real, maybe negated) or `3F800000r` (an
// encoded real). Other expressions are integers.
bool realInitialiser(const Expr& e, std::string_view& text, bool& negative, bool& encoded) {
  const auto& ops = e.ops;
  if (ops.empty() || ops.size() > 2 || (ops.size() == 2 && ops[1].op != Op::Neg)) return false;
  negative = ops.size() == 2;
  text = ops[0].text();
  encoded = ops[0].op == Op::Number && isEncodedReal(text);
  return ops[0].op == Op::Real || encoded;
}

}  // namespace

void Assembler::emitBytes(const uint8_t* bytes, size_t count, bool initialised) {
  if (current < 0) return;
  auto& seg = segments[static_cast<size_t>(current)];
  uninitialisedRuns += !initialised && count;
  if (initialised && seg.pc < seg.holds()) {
    const size_t stored = std::min<size_t>(count, seg.holds() - seg.pc);
    if (seg.pc == seg.data.size()) {
      // The usual case, every pass starting from an empty segment: append, without first
      // zero-filling the bytes about to be copied.
      seg.data.insert(seg.data.end(), bytes, bytes + stored);
    } else {
      if (seg.data.size() < seg.pc + stored) seg.data.resize(seg.pc + stored, 0);
      std::copy(bytes, bytes + stored, seg.data.begin() + seg.pc);
    }
  }
  advancePast(count);
}

void Assembler::advancePast(size_t count) {
  if (options.lineNumbers && (currentStatement != lineStatement || linePass != pass)) recordLine();
  auto& seg = segments[static_cast<size_t>(current)];
  seg.pc = static_cast<uint32_t>(std::min<uint64_t>(seg.pc + uint64_t{count}, UINT32_MAX));
  if (seg.pc > seg.length) seg.length = seg.pc;
  // The statement that first goes past what the segment holds is remembered, and one error names
  // it after the last pass (reportSegmentOverflows), however many bytes follow.
  if (seg.pc > seg.holds() && seg.overflowLine == SegmentState::kNoLine)
    seg.overflowLine = currentStatement ? statementLine() : 0;
}

void Assembler::repeatLastBytes(uint32_t unit, uint64_t count) {
  auto& seg = segments[static_cast<size_t>(current)];
  const size_t start = seg.pc - unit;
  const size_t stored = static_cast<size_t>(std::min<uint64_t>(count, seg.holds() - seg.pc));
  if (seg.data.size() < seg.pc + stored) seg.data.resize(seg.pc + stored);
  // Each copy doubles what is there, so a 64K segment of one-byte repetitions takes 16 copies.
  for (size_t done = 0; done < stored;) {
    const size_t chunk = std::min(stored - done, seg.pc + done - start);
    std::copy_n(seg.data.begin() + static_cast<std::ptrdiff_t>(start), chunk,
                seg.data.begin() + static_cast<std::ptrdiff_t>(seg.pc + done));
    done += chunk;
  }
  advancePast(static_cast<size_t>(std::min<uint64_t>(count, UINT32_MAX)));
}

void Assembler::reportSegmentOverflows() {
  for (const SegmentState& seg : segments) {
    if (seg.overflowLine == SegmentState::kNoLine || statementLines.empty()) continue;
    const LogicalLine line = originLine(seg.overflowLine);
    Diagnostic d;
    d.severity = Severity::Error;
    d.location = line.location;
    d.location.column = 1;
    const char* limit = seg.use32 ? "1M" : "64K";
    d.message =
        fmt::format("segment '{}' is {} bytes ({:X}h), more than the {} ({} bytes) {}; this statement goes past {}",
                    seg.name, seg.length, seg.length, limit, seg.holds(),
                    seg.use32 ? "a real-mode PC addresses" : "a 16-bit segment holds", limit);
    MacroLayer::addExpansionNotes(d, line);
    diags.add(std::move(d));
  }
}

link::Ref Assembler::frameFor(const Value& v) {
  if (v.frameNamed) return {v.frameKind, v.frameIndex};
  // MASM 6 computes offsets relative to the group of a grouped segment (OPTION OFFSET:GROUP);
  // under OPTION OFFSET:SEGMENT (M510 without .MODEL) OFFSET is relative to the segment itself, as
  // in MASM 5.1, while memory operands still go through the ASSUMEd group.
  if (offsetSegment && !v.memory) return {link::RefKind::Target, 0};
  if (v.target.kind == link::RefKind::Segment && v.target.index < segments.size() && segments[v.target.index].group >= 0)
    return {link::RefKind::Group, static_cast<uint32_t>(segments[v.target.index].group)};
  return {link::RefKind::Target, 0};
}

void Assembler::addFixup(link::FixupKind kind, const Value& v, uint32_t at, bool selfRelative) {
  if (current < 0) return;
  link::Fixup f;
  f.segment = static_cast<uint32_t>(current);
  f.offset = at;
  f.kind = kind;
  f.selfRelative = selfRelative;
  f.target = v.target;
  f.frame = v.segmentValue ? link::Ref{link::RefKind::Target, 0} : frameFor(v);
  segments[static_cast<size_t>(current)].fixups.push_back(f);
}

void Assembler::emitValue(const Value& v, uint32_t size, uint16_t column) {
  uint8_t buf[16] = {};
  if (size > sizeof buf) size = sizeof buf;
  if (v.kind == Value::Kind::Register || v.regs[0] != enc::Reg::None || v.regs[1] != enc::Reg::None) {
    passError(column + 1u, "a register cannot be used as a data value");
    emitBytes(buf, size, true);
    return;
  }
  if (v.kind == Value::Kind::Type) {
    passError(column + 1u, "a type name cannot be used as a data value");
    emitBytes(buf, size, true);
    return;
  }
  uint32_t at = current >= 0 ? segments[static_cast<size_t>(current)].pc : 0;
  int64_t n = v.num;
  if (v.relocatable && !v.unknown) {
    if (v.segmentValue) {
      if (size != 2 && size != 4) passError(column + 1u, "a segment value needs a WORD");
      addFixup(link::FixupKind::Base16, v, at);
      n = 0;
    } else if (size == 2) {
      addFixup(link::FixupKind::Offset16, v, at);
    } else if (size == 4) {
      bool use32 = current >= 0 && segments[static_cast<size_t>(current)].use32;
      // DD label in a 16-bit segment is a far pointer: offset then segment.
      addFixup(use32 ? link::FixupKind::Offset32 : link::FixupKind::Pointer32, v, at);
    } else if (size == 1) {
      addFixup(link::FixupKind::LowByte, v, at);
    } else {
      passError(column + 1u, "an address needs a WORD or DWORD");
    }
  } else if (!v.unknown && size > 0 && size < 8) {
    int64_t lo = -(int64_t{1} << (8 * size - 1));
    int64_t hi = (int64_t{1} << (8 * size)) - 1;
    if (n < lo || n > hi) passError(column + 1u, fmt::format("value {} does not fit in {} byte(s)", n, size));
  }
  if (v.isString && v.str.size() > size) passError(column + 1u, fmt::format("string longer than {} byte(s)", size));
  for (uint32_t i = 0; i < size && i < 8; ++i) buf[i] = static_cast<uint8_t>(static_cast<uint64_t>(n) >> (8 * i));
  emitBytes(buf, size, true);
}

void Assembler::emitReal(std::string_view text, bool negative, bool encoded, uint32_t size, uint16_t column) {
  uint8_t zeros[16] = {};
  if (size != 4 && size != 8 && size != 10) {
    passError(column + 1u, "a real number needs REAL4 (DD), REAL8 (DQ) or REAL10 (DT), not a " +
                               std::to_string(size) + "-byte item");
    emitBytes(zeros, std::min<size_t>(size, sizeof zeros), true);
    return;
  }
  if (encoded && negative) {
    passError(column + 1u, "an encoded real (hex digits and R) takes no sign: write the bytes of the negative value");
    emitBytes(zeros, size, true);
    return;
  }
  const RealBytes real = encoded ? encodeEncodedReal(text, size) : encodeDecimalReal(text, negative, size);
  if (!real.error.empty()) {
    passError(column + 1u, real.error);
    emitBytes(zeros, size, true);
    return;
  }
  emitBytes(real.bytes.data(), size, true);
}

void Assembler::emitStruct(const std::vector<DataItem>* init, StructDef* type, uint16_t column) {
  if (type->isRecord) {
    // RECORD: fields packed from the most significant bit down (MASM 6.1 Programmer's Guide ch. 5).
    int64_t value = 0;
    for (size_t i = 0; i < type->recordFields.size(); ++i) {
      const StructDef::Bits& field = type->recordFields[i];
      const bool given =
          init && i < init->size() && (*init)[i].kind == DataItem::Kind::Value && !(*init)[i].expr.empty();
      const int64_t v = evaluate(given ? (*init)[i].expr : field.initial, true).num;
      const int64_t mask = static_cast<int64_t>((uint64_t{1} << field.width) - 1);  // width is 1 to 32
      if (v & ~mask && v >= 0)
        passError(column + 1u, fmt::format("value {} does not fit in record field '{}'", v, field.symbol->name));
      value |= (v & mask) << field.shift;
    }
    Value r;
    r.num = value;
    emitValue(r, type->size, column);
    return;
  }
  // A structure with a field of its own type (declared inside its own definition) never ends.
  constexpr unsigned kDeepestNesting = 64;
  if (structNesting >= kDeepestNesting) {
    passError(column + 1u, fmt::format("structures nested more than {} deep: does '{}' contain itself?", kDeepestNesting,
                                       type->name));
    structTooDeep = true;  // the levels above stop at once, without an error each
    return;
  }
  ++structNesting;
  struct Leave {
    Assembler& a;
    ~Leave() {
      if (--a.structNesting == 0) a.structTooDeep = false;
    }
  } leave{*this};
  if (init && init->size() > type->fields.size())
    passError(column + 1u, fmt::format("too many initialisers for structure '{}'", type->name));
  uint32_t start = current >= 0 ? segments[static_cast<size_t>(current)].pc : 0;
  for (size_t i = 0; i < type->fields.size(); ++i) {
    const StructField& f = type->fields[i];
    uint32_t fieldStart = start + f.offset;
    if (current >= 0) segments[static_cast<size_t>(current)].pc = fieldStart;
    bool given = init && i < init->size() &&
                 !((*init)[i].kind == DataItem::Kind::Value && (*init)[i].expr.empty());
    if (given) {
      std::vector<DataItem> one{(*init)[i]};
      emitItems(one, f.elementSize, f.structType);
    } else {
      emitItems(f.initialiser, f.elementSize, f.structType);
    }
    if (structTooDeep) break;
    if (current >= 0) {
      auto& seg = segments[static_cast<size_t>(current)];
      uint32_t used = seg.pc - fieldStart;
      if (used > f.size) passError(column + 1u, fmt::format("initialiser for field {} of '{}' is too long", i + 1, type->name));
      while (seg.pc < fieldStart + f.size) {
        uint8_t zero = 0;
        emitBytes(&zero, 1, true);
      }
    }
    if (type->isUnion) break;
  }
  if (current >= 0) {
    auto& seg = segments[static_cast<size_t>(current)];
    seg.pc = start + type->size;
    if (seg.pc > seg.length) seg.length = seg.pc;
  }
}

void Assembler::emitItems(const std::vector<DataItem>& items, uint32_t elementSize, StructDef* type) {
  for (const DataItem& item : items) {
    switch (item.kind) {
      case DataItem::Kind::Undefined:
        emitBytes(nullptr, type ? type->size : elementSize, false);
        break;
      case DataItem::Kind::Dup: {
        Value c = evaluate(item.expr, true);
        if (c.unknown) break;
        if (c.relocatable || c.num < 0 || c.num > 0x1000000) {
          passError(item.expr.column + 1u,
                    c.relocatable ? fmt::format("DUP count must be a constant: {} is an address (a variable or "
                                                "label), not a number known when assembling",
                                                c.symbol ? "'" + c.symbol->name + "'" : std::string("this"))
                                  : fmt::format("DUP count must be a constant from 0 to 16M, not {}", c.num));
          break;
        }
        if (item.items.size() == 1 && item.items[0].kind == DataItem::Kind::Undefined) {
          emitBytes(nullptr, static_cast<size_t>(c.num) * (type ? type->size : elementSize), false);
          break;
        }
        // Nested DUPs multiply: `60000 dup (60000 dup (1))` is 3.6 GB. Once a repetition takes
        // the segment past what it holds (reported once by emitBytes), the others only move the
        // location counter by the same amount.
        if (current < 0) break;
        const SegmentState& seg = segments[static_cast<size_t>(current)];
        for (int64_t i = 0; i < c.num; ++i) {
          const uint32_t before = seg.pc;
          const size_t fixupsBefore = seg.fixups.size();
          const uint64_t uninitialisedBefore = uninitialisedRuns;
          emitItems(item.items, elementSize, type);
          // A repetition that adds no byte (`dup ('')`: Turbo Assembler takes the empty string)
          // leaves everything as it was, so the others would only repeat its diagnostics: 16M of
          // them took 3 GB, and `n dup (n dup (''))` would not end.
          if (seg.pc == before) break;
          const uint64_t rest = static_cast<uint64_t>(c.num - i - 1) * (seg.pc - before);
          if (seg.pc > seg.holds()) {
            emitBytes(nullptr, static_cast<size_t>(std::min<uint64_t>(rest, UINT32_MAX)), false);
            break;
          }
          // The items are evaluated alike in every repetition ($ is the statement's start), so
          // one that made only initialised bytes is copied for the others, and its diagnostics
          // are said once, as MASM says an error once per line. One that made a fixup is
          // repeated, so that each copy has its own; so is one with a `?`, which leaves in place
          // what an earlier ORG'd statement put there, and a structure (a union, and a field
          // longer than its initialiser, skip bytes the same way).
          if (!type && seg.fixups.size() == fixupsBefore && uninitialisedRuns == uninitialisedBefore &&
              seg.data.size() >= seg.pc) {
            repeatLastBytes(seg.pc - before, rest);
            break;
          }
        }
        break;
      }
      case DataItem::Kind::List:
        if (type) emitStruct(&item.items, type, item.expr.column);
        else emitItems(item.items, elementSize, nullptr);
        break;
      case DataItem::Kind::Value: {
        if (type && !type->isRecord) {
          passError(item.expr.column + 1u, fmt::format("a '{}' structure is initialised with <...> or {{...}}", type->name));
          emitBytes(nullptr, type->size, false);
          break;
        }
        if (type) {
          std::vector<DataItem> one{item};
          emitStruct(&one, type, item.expr.column);
          break;
        }
        std::string_view realText;
        bool negative = false, encoded = false;
        if (realInitialiser(item.expr, realText, negative, encoded)) {
          emitReal(realText, negative, encoded, elementSize, item.expr.column);
          break;
        }
        Value v = evaluate(item.expr, true);
        if (v.isString && elementSize == 1 && item.expr.ops.size() == 1) {
          // An empty string adds no byte: Turbo Assembler takes `db '', 13, 10, '$'` silently (TASM
          // 2.0 listing Dekarti TASK3.LST: 0A 0D 24); MASM 6.1 refuses it (A2047), so warn there.
          if (v.str.empty() && options.dialect != Dialect::Tasm)
            passWarning(item.expr.column + 1u, "empty string adds no byte (MASM 6.1 refuses it: A2047 empty (null) string)");
          emitBytes(reinterpret_cast<const uint8_t*>(v.str.data()), v.str.size(), true);
          break;
        }
        emitValue(v, elementSize, item.expr.column);
        break;
      }
    }
  }
}

namespace {
// Counts past 2^48 bytes mean the same as 2^48 (an error): nested DUPs cannot wrap them round.
uint64_t saturatingProduct(uint64_t a, uint64_t b) {
  constexpr uint64_t kMost = uint64_t{1} << 48;
  return a && b > kMost / a ? kMost : std::min(a * b, kMost);
}
uint64_t saturatingSum(uint64_t a, uint64_t b) { return std::min(a + b, uint64_t{1} << 48); }

// Elements and bytes of an initialiser list, for LENGTHOF, SIZEOF and structure field sizes.
void countItems(Assembler& a, const std::vector<DataItem>& items, uint32_t elementSize, StructDef* type,
                uint64_t& elements, uint64_t& bytes) {
  for (const DataItem& item : items) {
    switch (item.kind) {
      case DataItem::Kind::Undefined:
        ++elements;
        bytes += type ? type->size : elementSize;
        break;
      case DataItem::Kind::Dup: {
        Value c = a.evaluate(item.expr, false);
        uint64_t e = 0, b = 0;
        countItems(a, item.items, elementSize, type, e, b);
        uint64_t n = c.num > 0 && c.num <= 0x1000000 ? static_cast<uint64_t>(c.num) : 0;
        elements = saturatingSum(elements, saturatingProduct(e, n));
        bytes = saturatingSum(bytes, saturatingProduct(b, n));
        break;
      }
      case DataItem::Kind::List:
        if (type) {
          ++elements;
          bytes += type->size;
        } else {
          countItems(a, item.items, elementSize, type, elements, bytes);
        }
        break;
      case DataItem::Kind::Value:
        if (!type && elementSize == 1 && item.expr.ops.size() == 1 && item.expr.ops[0].op == Op::String) {
          elements += item.expr.ops[0].text().size();
          bytes += item.expr.ops[0].text().size();
        } else {
          ++elements;
          bytes += type ? type->size : elementSize;
        }
        break;
    }
  }
}
}  // namespace

void Assembler::computeDataLength(Statement& s, Symbol* label) {
  uint64_t elements = 0, bytes = 0;
  std::vector<Diagnostic> saved;
  saved.swap(passDiagnostics);
  const size_t savedErrors = std::exchange(passErrors, 0);
  countItems(*this, dataOf(s), s.elementSize, structTypeOf(s), elements, bytes);
  passDiagnostics.swap(saved);
  passErrors = savedErrors;
  s.number = static_cast<int64_t>(bytes);
  if (!label) return;
  label->lengthOf = static_cast<uint32_t>(elements);
  label->sizeOf = static_cast<uint32_t>(bytes);
  // LENGTH (MASM 5): the DUP count of the first initialiser, else 1.
  label->lengthCount = 1;
  if (!dataOf(s).empty() && dataOf(s)[0].kind == DataItem::Kind::Dup) {
    Value c = evaluate(dataOf(s)[0].expr, false);
    if (!c.unknown && c.num > 0) label->lengthCount = static_cast<uint32_t>(c.num);
  }
}

namespace {
// Whether a data list's bytes are the same in every pass; notes whether it has `?` and values.
bool passIndependent(const std::vector<DataItem>& items, bool& anyUndefined, bool& anyValue) {
  for (const DataItem& item : items) {
    switch (item.kind) {
      case DataItem::Kind::Undefined:
        anyUndefined = true;
        break;
      case DataItem::Kind::Value:
        if (!passIndependent(item.expr)) return false;
        anyValue = true;
        break;
      case DataItem::Kind::Dup:
        if (!passIndependent(item.expr)) return false;
        [[fallthrough]];
      case DataItem::Kind::List:
        if (!passIndependent(item.items, anyUndefined, anyValue)) return false;
        break;
    }
  }
  return true;
}

// Statement::fixedLength of data that only reserves Statement::number bytes (all `?`).
constexpr uint8_t kReservedData = 0xFF;
}  // namespace

bool Assembler::presetSimpleData(Statement& s, Symbol* label) {
  if (s.kind != StmtKind::Data || structTypeOf(s) || dataOf(s).size() != 1) return false;
  uint32_t size = s.elementSize;
  if (size != 1 && size != 2 && size != 4) return false;
  // A lone number, read as evaluate() reads it (parseNumber in the radix in force).
  auto numberOf = [this](const Expr& e, int64_t& out) {
    if (e.ops.size() != 1 || e.ops[0].op != Op::Number) return false;
    auto n = parseNumber(e.ops[0].text(), radix);
    if (!n) return false;
    out = *n;
    return true;
  };
  const DataItem* element = &dataOf(s)[0];
  uint64_t count = 1;
  if (element->kind == DataItem::Kind::Dup) {
    int64_t c = 0;
    if (element->items.size() != 1 || !numberOf(element->expr, c) || c < 1 || c > 0x1000000) return false;
    count = static_cast<uint64_t>(c);
    element = &element->items[0];
  }
  std::optional<int64_t> value;
  if (element->kind == DataItem::Kind::Value) {
    int64_t n = 0;
    if (!numberOf(element->expr, n)) return false;
    value = n;
  } else if (element->kind != DataItem::Kind::Undefined) {
    return false;
  }
  if (value && !simpleDataFits(size, count, *value)) return false;
  presetData(s, label, count, value);
  return true;
}

bool simpleDataFits(uint32_t size, uint64_t count, int64_t value) {
  if (count * size > std::tuple_size_v<decltype(Statement::fixedBytes)>) return false;
  // emitValue's range check: a value that does not fit is reported there.
  int64_t lo = -(int64_t{1} << (8 * size - 1));
  int64_t hi = (int64_t{1} << (8 * size)) - 1;
  return value >= lo && value <= hi;
}

void Assembler::presetData(Statement& s, Symbol* label, uint64_t count, std::optional<int64_t> value) {
  uint32_t size = s.elementSize;
  uint64_t bytes = count * size;
  if (value) {
    for (uint64_t i = 0; i < bytes; ++i)
      s.fixedBytes[i] = static_cast<uint8_t>(static_cast<uint64_t>(*value) >> (8 * (i % size)));
    s.fixedLength = static_cast<uint8_t>(bytes);
  } else {
    s.fixedLength = kReservedData;
  }
  // What computeDataLength would give: one element (or the DUP count of them), LENGTH = the count.
  s.number = static_cast<int64_t>(bytes);
  if (label) {
    label->lengthOf = static_cast<uint32_t>(count);
    label->sizeOf = static_cast<uint32_t>(bytes);
    label->lengthCount = static_cast<uint32_t>(count);
  }
}

bool simpleDataText(std::string_view text, unsigned radix, uint32_t size, uint64_t& count,
                    std::optional<int64_t>& value) {
  if (size != 1 && size != 2 && size != 4) return false;
  size_t pos = 0;
  auto blanks = [&] {
    while (pos < text.size() && isBlank(text[pos])) ++pos;
  };
  // A number token as SimpleParser reads it: a digit, then digits and letters.
  auto number = [&](int64_t& out) {
    if (pos >= text.size() || !isDigit(text[pos])) return false;
    size_t start = pos;
    while (pos < text.size() && (isDigit(text[pos]) || (toUpper(text[pos]) >= 'A' && toUpper(text[pos]) <= 'Z'))) ++pos;
    auto n = parseNumber(text.substr(start, pos - start), radix);
    if (!n) return false;
    out = *n;
    return true;
  };
  // `?` or a number, followed by a blank, `end` or the end.
  auto item = [&](char end) {
    value.reset();
    if (pos < text.size() && text[pos] == '?') {
      ++pos;
    } else {
      int64_t n = 0;
      if (!number(n)) return false;
      value = n;
    }
    return pos == text.size() || isBlank(text[pos]) || text[pos] == end;
  };
  count = 1;
  blanks();
  if (!item('\0')) return false;
  blanks();
  if (pos < text.size()) {
    // `n DUP ( item )`
    if (!value || text.size() - pos < 3 || !iequals(text.substr(pos, 3), "DUP")) return false;
    if (*value < 1 || *value > 0x1000000) return false;
    count = static_cast<uint64_t>(*value);
    pos += 3;
    blanks();
    if (pos >= text.size() || text[pos] != '(') return false;
    ++pos;
    blanks();
    if (!item(')')) return false;
    blanks();
    if (pos >= text.size() || text[pos] != ')') return false;
    ++pos;
    blanks();
    if (pos != text.size()) return false;
  }
  return !value || simpleDataFits(size, count, *value);
}

void Assembler::emitData(const Statement& s) {
  // Data whose bytes cannot change is replayed, as instructions are (instructions.cpp): up to 16
  // initialised bytes are kept in the statement; all-`?` data keeps its length (Statement::number).
  if (s.fixedLength && current >= 0) {
    if (s.fixedLength == kReservedData) emitBytes(nullptr, static_cast<uint32_t>(s.number), false);
    else emitBytes(s.fixedBytes.data(), s.fixedLength, true);
    return;
  }
  if (current < 0 || s.fixedLength) {
    emitItems(dataOf(s), s.elementSize, structTypeOf(s));
    return;
  }
  size_t diagnosticsBefore = passDiagnostics.size();
  uint32_t start = segments[static_cast<size_t>(current)].pc;
  size_t fixupsBefore = segments[static_cast<size_t>(current)].fixups.size();
  emitItems(dataOf(s), s.elementSize, structTypeOf(s));
  const auto& seg = segments[static_cast<size_t>(current)];
  if (s.kind != StmtKind::Data || structTypeOf(s) || passDiagnostics.size() != diagnosticsBefore ||
      seg.fixups.size() != fixupsBefore || seg.pc <= start)
    return;
  bool anyUndefined = false, anyValue = false;
  if (!passIndependent(dataOf(s), anyUndefined, anyValue)) return;
  uint32_t length = seg.pc - start;
  if (anyUndefined && !anyValue && static_cast<int64_t>(length) == s.number && length <= 0x10000) {
    s.fixedLength = kReservedData;
  } else if (anyValue && !anyUndefined && length <= s.fixedBytes.size() && seg.data.size() >= seg.pc) {
    std::copy(seg.data.begin() + start, seg.data.begin() + seg.pc, s.fixedBytes.begin());
    s.fixedLength = static_cast<uint8_t>(length);
  }
}

uint32_t Assembler::dataTypeSize(std::string_view word) {
  bool d = false, f = false;
  return typeKeywordSize(word, d, f);
}

}  // namespace asmlab::masm

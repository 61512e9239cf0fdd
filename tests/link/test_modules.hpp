// Hand-built object modules for the linker tests. Each helper mirrors what MASM writes for the
// construct named in its comment, so expected values can be computed by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/link/omf.hpp"

namespace asmlab::link::test {

inline Segment segment(std::string name, std::string cls, std::vector<uint8_t> data, Align align = Align::Word,
                       Combine combine = Combine::Public) {
  Segment s;
  s.name = std::move(name);
  s.className = std::move(cls);
  s.align = align;
  s.combine = combine;
  s.length = static_cast<uint32_t>(data.size());
  s.data = std::move(data);
  return s;
}

inline Segment stackSegment(uint32_t size) {
  Segment s = segment("STACK", "STACK", {}, Align::Paragraph, Combine::Stack);
  s.length = size;
  return s;
}

inline Public publicAt(std::string name, uint32_t seg, uint32_t offset) {
  Public p;
  p.name = std::move(name);
  p.segment = seg;
  p.offset = offset;
  return p;
}

inline Extern externNamed(std::string name) {
  Extern e;
  e.name = std::move(name);
  return e;
}

inline Fixup fixup(uint32_t seg, uint32_t offset, FixupKind kind, Ref frame, Ref target, int32_t disp = 0,
                   bool selfRelative = false) {
  Fixup f;
  f.segment = seg;
  f.offset = offset;
  f.kind = kind;
  f.frame = frame;
  f.target = target;
  f.displacement = disp;
  f.selfRelative = selfRelative;
  return f;
}

inline Ref seg(uint32_t i) { return {RefKind::Segment, i}; }
inline Ref grp(uint32_t i) { return {RefKind::Group, i}; }
inline Ref ext(uint32_t i) { return {RefKind::Extern, i}; }
inline Ref byTarget() { return {RefKind::Target, 0}; }

inline void setEntry(Module& m, uint32_t segIndex, uint32_t offset) {
  m.isMain = true;
  m.entry = EntryPoint{byTarget(), seg(segIndex), offset};
}

inline uint16_t word(const std::vector<uint8_t>& b, size_t at) {
  return static_cast<uint16_t>(b[at] | (b[at + 1] << 8));
}

}  // namespace asmlab::link::test

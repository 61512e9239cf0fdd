// The map file, laid out like MS LINK's (/MAP) so students can compare them.
#include <algorithm>

#include <fmt/format.h>

#include "asmlab/link/map_writer.hpp"

namespace asmlab::link {

namespace {

// MS LINK /LINENUMBERS: per source file and segment, "line frame:offset" four to a row, in
// address order.
void writeLineNumbers(const LinkedProgram& p, std::string& out) {
  std::vector<const LinkedLine*> lines;
  for (const auto& l : p.lines) lines.push_back(&l);
  std::stable_sort(lines.begin(), lines.end(), [](const LinkedLine* a, const LinkedLine* b) {
    return a->file != b->file ? a->file < b->file : a->segment < b->segment;
  });
  for (size_t i = 0; i < lines.size();) {
    const LinkedLine& first = *lines[i];
    out += fmt::format("\nLine numbers for {} segment {}\n\n", first.file, first.segment);
    size_t column = 0;
    for (; i < lines.size() && lines[i]->file == first.file && lines[i]->segment == first.segment; ++i) {
      out += fmt::format("{:6} {:04X}:{:04X}", lines[i]->line, lines[i]->frame, lines[i]->offset);
      if (++column % 4 == 0) out += '\n';
    }
    if (column % 4) out += '\n';
  }
}

}  // namespace

std::string writeMap(const LinkedProgram& p) {
  std::string out;
  out += fmt::format("\n Start  Stop   Length Name                   Class\n");
  for (const auto& s : p.segments) {
    uint32_t start = s.absolute ? uint32_t{s.frame} * 16 : s.start;
    uint32_t stop = s.length ? start + s.length - 1 : start;
    out += fmt::format(" {:05X}H {:05X}H {:05X}H {:<22} {}{}\n", start, stop, s.length, s.name, s.className,
                       s.absolute ? " (AT)" : "");
  }
  if (!p.groups.empty()) {
    out += "\n Origin   Group\n";
    for (const auto& g : p.groups) out += fmt::format(" {:04X}:0   {}\n", g.frame, g.name);
  }
  out += "\n Detailed map of segments\n\n";
  for (const auto& s : p.segments)
    for (const auto& c : s.contributions)
      out += fmt::format(" {:04X}:{:04X} {:04X} C={:<10} S={:<14} G={:<8} M={}\n", s.frame,
                         c.start - uint32_t{s.frame} * 16, c.length, s.className, s.name,
                         s.group.empty() ? "(none)" : s.group, c.origin);
  auto byName = p.publics;
  std::sort(byName.begin(), byName.end(), [](const LinkedSymbol& a, const LinkedSymbol& b) { return a.name < b.name; });
  auto line = [](const LinkedSymbol& s) {
    return fmt::format(" {:04X}:{:04X}  {:<4}  {}\n", s.frame, s.offset, s.absolute ? "Abs" : "", s.name);
  };
  out += "\n  Address         Publics by Name\n\n";
  for (const auto& s : byName) out += line(s);
  auto byValue = p.publics;
  std::stable_sort(byValue.begin(), byValue.end(), [](const LinkedSymbol& a, const LinkedSymbol& b) {
    uint32_t la = uint32_t{a.frame} * 16 + a.offset, lb = uint32_t{b.frame} * 16 + b.offset;
    return la != lb ? la < lb : a.name < b.name;
  });
  out += "\n  Address         Publics by Value\n\n";
  for (const auto& s : byValue) out += line(s);
  writeLineNumbers(p, out);
  if (p.hasEntry) out += fmt::format("\nProgram entry point at {:04X}:{:04X}\n", p.cs, p.ip);
  else out += "\nNo program entry point\n";
  if (p.hasStack) out += fmt::format("Stack at {:04X}:{:04X}\n", p.ss, p.sp);
  return out;
}

}  // namespace asmlab::link

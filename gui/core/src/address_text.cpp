#include "asmlab/gui/address_text.hpp"

#include <algorithm>

namespace asmlab::gui {
namespace {

std::optional<uint16_t> registerValue(const sim::Machine& m, const char* name) {
  const int index = m.registerIndex(name);
  if (index < 0) return std::nullopt;
  return static_cast<uint16_t>(m.readRegister(static_cast<size_t>(index)));
}

bool reaches(uint16_t segment, uint64_t address) {
  const uint64_t base = uint64_t{segment} << 4;
  return address >= base && address < base + 0x10000;
}

}  // namespace

bool isSegmented(const sim::Machine& machine) {
  return machine.memoryUnitBits() == 8 && machine.registerIndex("CS") >= 0;
}

uint16_t segmentFor(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> known) {
  if (known && reaches(*known, address)) return *known;
  if (const sim::SegmentRange* s = machine.symbols().segmentAt(address); s && reaches(s->paragraph, address)) return s->paragraph;
  for (const char* name : {"CS", "DS", "SS", "ES"})
    if (auto value = registerValue(machine, name); value && reaches(*value, address)) return *value;
  return static_cast<uint16_t>(std::min<uint64_t>(address >> 4, 0xFFFF));
}

QString addressOnly(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment) {
  if (!isSegmented(machine)) return "x" + QString("%1").arg(address, 4, 16, QChar('0')).toUpper();
  const uint16_t paragraph = segmentFor(machine, address, segment);
  return QString("%1:%2").arg(paragraph, 4, 16, QChar('0')).arg(address - (uint64_t{paragraph} << 4), 4, 16, QChar('0')).toUpper();
}

QString labelNear(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment) {
  if (!isSegmented(machine)) {
    auto found = machine.symbols().nearest(address, 0xFF);
    if (!found) return {};
    QString name = QString::fromStdString(found->first);
    return found->second == 0 ? name : QString("%1+%2").arg(name).arg(found->second);
  }
  // On the PC a label counts only in the same segment as the address (a routine of another
  // module lies in another segment).
  const uint64_t base = uint64_t{segmentFor(machine, address, segment)} << 4;
  const sim::SegmentRange* range = machine.symbols().segmentAt(address);
  const uint64_t lowest = range ? std::max(range->start, base) : base;
  auto found = machine.symbols().nearest(address, address - lowest);
  if (!found) return {};
  QString name = QString::fromStdString(found->first);
  if (found->second == 0) return name;
  return found->second < 10 ? QString("%1+%2").arg(name).arg(found->second)
                            : QString("%1+%2h").arg(name, QString::number(found->second, 16).toUpper());
}

QString addressText(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment) {
  const QString label = labelNear(machine, address, segment);
  const QString where = addressOnly(machine, address, segment);
  return label.isEmpty() ? where : where + " " + label;
}

}  // namespace asmlab::gui

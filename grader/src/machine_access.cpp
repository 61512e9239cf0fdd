// Addresses, registers and values as the grader reads and writes them on any machine.
#include <cctype>

#include <fmt/format.h>

#include "run_context.hpp"

namespace asmlab::grader {

namespace {

// The base of an indirect address: the value of a register or of the pointer in memory (a word
// on the LC-3; a little-endian 16-bit offset on the PC, in DS or the segment named).
std::optional<uint64_t> indirectBase(const AddressExpr& address, const sim::Machine& machine, std::string& error) {
  uint64_t pointer = 0;
  if (address.via == AddressExpr::Via::Register) {
    auto ref = findRegister(machine, address.viaRegister);
    if (!ref) {
      error = fmt::format("{}: machine {} has no register {}", address.text, machine.architecture(), address.viaRegister);
      return std::nullopt;
    }
    pointer = readRegister(machine, *ref);
  } else {
    AddressExpr where = AddressExpr::direct(address.pointerLabel, address.pointerOffset, address.text);
    auto at = resolveAddress(where, machine, error);
    if (!at) return std::nullopt;
    pointer = machine.peek(*at);
    if (machine.memoryUnitBits() == 8) pointer |= static_cast<uint64_t>(machine.peek((*at + 1) % machine.memorySize())) << 8;
  }
  if (machine.memoryUnitBits() != 8) return pointer;
  std::string segmentName = address.segment.empty() ? "DS" : address.segment;
  auto segment = findRegister(machine, segmentName);
  if (!segment) {
    error = fmt::format("{}: machine {} has no segment register {}", address.text, machine.architecture(), segmentName);
    return std::nullopt;
  }
  return (readRegister(machine, *segment) << 4) + pointer;
}

}  // namespace

std::optional<uint64_t> resolveAddress(const AddressExpr& address, const sim::Machine& machine, std::string& error) {
  int64_t base = 0;
  if (address.indirect()) {
    auto pointer = indirectBase(address, machine, error);
    if (!pointer) return std::nullopt;
    base = static_cast<int64_t>(*pointer);
  } else if (!address.label.empty()) {
    auto found = machine.symbols().find(address.label);
    if (!found) {
      error = fmt::format("label {} is not defined in the submission", address.label);
      return std::nullopt;
    }
    base = static_cast<int64_t>(*found);
  }
  int64_t result = base + address.offset;
  if (result < 0 || static_cast<uint64_t>(result) >= machine.memorySize()) {
    error = address.indirect() ? fmt::format("address {} is {}, outside memory", address.text, result)
                               : fmt::format("address {} is outside memory", address.text);
    return std::nullopt;
  }
  return static_cast<uint64_t>(result);
}

std::optional<int64_t> registerValue(const RegisterValue& value, const sim::Machine& machine, std::string& error) {
  if (!value.label) return value.value;
  std::string problem;
  auto address = resolveAddress(*value.label, machine, problem);
  if (address) return static_cast<int64_t>(*address);
  error = fmt::format("{}: {} (the value of {})", value.place.describe(), problem, value.name);
  return std::nullopt;
}

std::string describeAddress(const sim::Machine& machine, uint64_t address) {
  std::string text = machine.architecture() == "lc3" ? fmt::format("x{:04X}", address) : fmt::format("{:05X}h", address);
  if (auto name = machine.symbols().describe(address)) text += fmt::format(" ({})", *name);
  return text;
}

std::string formatValue(const sim::Machine& machine, uint64_t value, unsigned bits, bool showChar) {
  unsigned digits = (bits + 3) / 4;
  std::string text = machine.architecture() == "lc3" ? fmt::format("x{:0{}X}", value, digits)
                                                     : fmt::format("{:0{}X}h", value, digits);
  if (bits == 16 && value >= 0x8000) text += fmt::format(" ({})", static_cast<int64_t>(value) - 0x10000);
  else if (showChar && value >= 0x20 && value < 0x7F) text += fmt::format(" '{}'", static_cast<char>(value));
  return text;
}

std::optional<RegisterRef> findRegister(const sim::Machine& machine, const std::string& name) {
  int index = machine.registerIndex(name);
  if (index >= 0) return RegisterRef{index, 0, machine.registers()[static_cast<size_t>(index)].bits};
  if (name.size() == 2) {
    char half = static_cast<char>(std::toupper(static_cast<unsigned char>(name[1])));
    if (half == 'L' || half == 'H') {
      int whole = machine.registerIndex(std::string(1, name[0]) + "X");
      if (whole >= 0) return RegisterRef{whole, half == 'H' ? 8u : 0u, 8};
    }
  }
  return std::nullopt;
}

uint64_t readRegister(const sim::Machine& machine, const RegisterRef& ref) {
  uint64_t mask = ref.bits >= 64 ? ~0ull : ((1ull << ref.bits) - 1);
  return (machine.readRegister(static_cast<size_t>(ref.index)) >> ref.shift) & mask;
}

void writeRegister(sim::Machine& machine, const RegisterRef& ref, uint64_t value) {
  uint64_t mask = ref.bits >= 64 ? ~0ull : ((1ull << ref.bits) - 1);
  uint64_t whole = machine.readRegister(static_cast<size_t>(ref.index));
  whole = (whole & ~(mask << ref.shift)) | ((value & mask) << ref.shift);
  machine.writeRegister(static_cast<size_t>(ref.index), whole);
}

std::string explainStop(const sim::Machine& machine, const sim::StopInfo& stop, const std::string& verdict) {
  std::string where = describeAddress(machine, stop.address);
  if (stop.message.empty()) return fmt::format("{} at {}", verdict, where);
  // Machines name the address in their own notation; add the label there rather than repeat it.
  std::string bare = machine.architecture() == "lc3" ? fmt::format("x{:04X}", stop.address) : fmt::format("{:05X}h", stop.address);
  std::string text = stop.message;
  if (auto at = text.find(bare); at != std::string::npos) {
    if (where != bare) text.replace(at, bare.size(), where);
    return text;
  }
  return fmt::format("{} (at {})", text, where);
}

std::string verdictName(sim::StopReason reason) {
  std::string name(sim::stopReasonName(reason));
  for (auto& c : name) {
    if (c == ' ') c = '-';
  }
  return name;
}

}  // namespace asmlab::grader

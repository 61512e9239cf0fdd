// An architecture-neutral view of a machine's devices for debuggers: each device is a named table
// of rows of text cells (PIT channels, PIC masks and pending IRQs, the interrupt table, the DAC
// palette...). The debugger shows whatever a machine exposes, so it never needs the PC's own
// device classes; a machine without devices worth showing simply does not implement it. Found
// with capability<DeviceInspector>(machine), like the other capabilities.
#pragma once

#include <string>
#include <vector>

namespace asmlab::sim {

struct DeviceTable {
  std::string name;                              // "PIT", "PIC", "PPI port 61h", "IVT", "VGA DAC"
  std::vector<std::string> columns;              // column headings
  std::vector<std::vector<std::string>> rows;    // one entry per column in each row
};

class DeviceInspector {
public:
  virtual ~DeviceInspector() = default;
  // The current state of every inspectable device; reads without side effects.
  virtual std::vector<DeviceTable> deviceTables() const = 0;
};

}  // namespace asmlab::sim

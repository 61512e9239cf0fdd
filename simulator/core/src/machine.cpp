#include "asmlab/sim/machine.hpp"

#include <strings.h>

namespace asmlab::sim {

int Machine::registerIndex(std::string_view name) const {
  const auto& regs = registers();
  for (size_t i = 0; i < regs.size(); ++i) {
    if (regs[i].name.size() == name.size() && strncasecmp(regs[i].name.c_str(), name.data(), name.size()) == 0) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace asmlab::sim

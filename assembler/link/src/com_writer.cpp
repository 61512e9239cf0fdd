// .COM output: DOS copies the file to offset 100h of the PSP segment and jumps there.
#include "asmlab/link/com_writer.hpp"

namespace asmlab::link {

std::vector<uint8_t> writeCom(const LinkedProgram& p) {
  if (p.image.size() <= 0x100) return {};
  return std::vector<uint8_t>(p.image.begin() + 0x100, p.image.end());
}

}  // namespace asmlab::link

// Seeded randomisation of a freshly loaded DOS program (LoadOptions::seed): the registers DOS
// leaves undefined and every byte of conventional memory past the loaded image get values from a
// seeded generator, so a program that reads uninitialised registers or memory (an uninitialised
// variable left out of the image, a stack it never wrote, a heap it assumed zeroed) behaves
// differently from one seed to the next, as it would after other programs ran on a real PC.
#include <cstdint>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "loaders.hpp"

namespace asmlab::toolchain {
namespace {

// SplitMix64 (Steele, Lea and Flood 2014): a fixed generator, the same on every platform.
struct SeededBytes {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

uint16_t le16(const std::vector<uint8_t>& b, size_t at) { return static_cast<uint16_t>(b[at] | (b[at + 1] << 8)); }

// The first linear address past the program as DOS loads it: a .COM image follows the PSP's
// 256 bytes; an .EXE's load module (the file minus its header) starts one paragraph group after
// the PSP (MS-DOS Encyclopedia, article 4, "The EXE file header").
uint32_t imageEnd(const std::vector<uint8_t>& program, uint16_t psp) {
  const uint32_t pspBase = uint32_t{psp} << 4;
  const bool isExe = program.size() >= 0x1C && ((program[0] == 'M' && program[1] == 'Z') || (program[0] == 'Z' && program[1] == 'M'));
  if (!isExe) return pspBase + 0x100 + static_cast<uint32_t>(program.size());
  const uint16_t lastPage = le16(program, 2), pages = le16(program, 4), headerParas = le16(program, 8);
  uint32_t fileSize = uint32_t{pages} * 512;
  if (lastPage != 0) fileSize -= 512 - lastPage;
  return pspBase + 0x100 + (fileSize - uint32_t{headerParas} * 16);
}

}  // namespace

void randomizeDosProgram(x86::pc::PcMachine& machine, const std::vector<uint8_t>& program, uint64_t seed) {
  SeededBytes random{seed};
  const auto& image = machine.image();
  // AX..BP: DOS documents only AL/AH (FCB drive validity) and the segment registers, CS:IP and
  // SS:SP; the others are whatever the loader left.
  for (const char* name : {"AX", "BX", "CX", "DX", "SI", "DI", "BP"}) {
    int index = machine.registerIndex(name);
    if (index >= 0) machine.writeRegister(static_cast<size_t>(index), random.next() & 0xFFFF);
  }
  const uint32_t top = uint32_t{x86::pc::PcMachine::kTopSegment} << 4;
  // A .COM's stack starts with the zero word that makes its final RET reach INT 20h at PSP:0000.
  const uint32_t keepFrom = x86::pc::PcMachine::linear(image.ss, image.sp);
  const uint32_t keepTo = image.ss == image.pspSegment ? keepFrom + 2 : keepFrom;
  uint64_t bits = 0;
  unsigned left = 0;
  for (uint32_t a = imageEnd(program, image.pspSegment); a < top; ++a) {
    if (left == 0) {
      bits = random.next();
      left = 8;
    }
    const auto value = static_cast<uint8_t>(bits);
    bits >>= 8;
    --left;
    if (a >= keepFrom && a < keepTo) continue;
    machine.poke(a, value);
  }
}

}  // namespace asmlab::toolchain

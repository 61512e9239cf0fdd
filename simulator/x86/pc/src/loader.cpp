// The DOS program loader: .COM images and MZ .EXE files, the program segment prefix (PSP), the
// command tail and the environment. MS-DOS Programmer's Reference, "Program segment prefix" and
// "EXE file header".
#include <cctype>
#include <cstring>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "firmware.hpp"

namespace asmlab::x86::pc {

namespace {
uint16_t le16(const std::vector<uint8_t>& b, size_t at) { return static_cast<uint16_t>(b[at] | (b[at + 1] << 8)); }
}  // namespace

bool PcMachine::loadProgram(const std::vector<uint8_t>& file, const std::string& programName,
                            const std::string& commandTail, std::string& error) {
  const uint16_t psp = kPspSegment;
  const uint32_t pspBase = linear(psp, 0);
  const bool isExe = file.size() >= 2 && ((file[0] == 'M' && file[1] == 'Z') || (file[0] == 'Z' && file[1] == 'M'));
  if (commandTail.size() > 126) {
    error = "the command tail is " + std::to_string(commandTail.size()) + " characters long; DOS allows 126";
    return false;
  }
  const uint32_t available = (uint32_t{kTopSegment} - psp) * 16 - 0x100;  // bytes after the PSP
  LoadedImage img;
  img.pspSegment = psp;
  if (!isExe) {
    // .COM: at most 64 KiB minus the PSP and a stack word.
    if (file.size() > 0xFF00 - 2) {
      error = programName + ": a .COM program must be smaller than 65,278 bytes; this one has " +
              std::to_string(file.size());
      return false;
    }
    std::memcpy(memory_.data() + pspBase + 0x100, file.data(), file.size());
    img.cs = img.ss = psp;
    img.ip = 0x100;
    img.sp = 0xFFFE;  // with a zero word pushed: RET at the end reaches INT 20h at PSP:0000
    memory_[pspBase + 0xFFFE] = 0;
    memory_[pspBase + 0xFFFF] = 0;
  } else {
    if (file.size() < 0x1C) { error = programName + ": the MZ header is truncated"; return false; }
    const uint16_t lastPage = le16(file, 2), pages = le16(file, 4), relocations = le16(file, 6);
    const uint16_t headerParas = le16(file, 8), minAlloc = le16(file, 0x0A);
    const uint16_t ss = le16(file, 0x0E), sp = le16(file, 0x10), ip = le16(file, 0x14), cs = le16(file, 0x16);
    const uint16_t relocTable = le16(file, 0x18);
    uint32_t fileSize = uint32_t{pages} * 512;
    if (lastPage != 0) fileSize -= 512 - lastPage;
    const uint32_t headerBytes = uint32_t{headerParas} * 16;
    if (pages == 0 || fileSize > file.size() || headerBytes > fileSize) {
      error = programName + ": the MZ header says the file has " + std::to_string(fileSize) + " bytes and a " +
              std::to_string(headerBytes) + "-byte header, but it has " + std::to_string(file.size());
      return false;
    }
    const uint32_t imageSize = fileSize - headerBytes;
    if (imageSize + uint32_t{minAlloc} * 16 > available) {
      error = programName + ": the program needs " + std::to_string(imageSize + uint32_t{minAlloc} * 16) +
              " bytes of memory; " + std::to_string(available) + " are free";
      return false;
    }
    if (uint32_t{relocTable} + uint32_t{relocations} * 4 > file.size()) {
      error = programName + ": the relocation table runs past the end of the file";
      return false;
    }
    const uint16_t loadSegment = static_cast<uint16_t>(psp + 0x10);
    const uint32_t loadBase = linear(loadSegment, 0);
    std::memcpy(memory_.data() + loadBase, file.data() + headerBytes, imageSize);
    for (uint16_t i = 0; i < relocations; ++i) {
      const uint16_t off = le16(file, relocTable + i * 4u), seg = le16(file, relocTable + i * 4u + 2);
      const uint32_t at = loadBase + (uint32_t{seg} << 4) + off;
      if (at + 1 >= linear(kTopSegment, 0)) {
        error = programName + ": relocation " + std::to_string(i) + " points outside the program";
        return false;
      }
      const uint16_t word = static_cast<uint16_t>(memory_[at] | (memory_[at + 1] << 8));
      const uint16_t fixed = static_cast<uint16_t>(word + loadSegment);
      memory_[at] = static_cast<uint8_t>(fixed);
      memory_[at + 1] = static_cast<uint8_t>(fixed >> 8);
    }
    img.cs = static_cast<uint16_t>(cs + loadSegment);
    img.ip = ip;
    img.ss = static_cast<uint16_t>(ss + loadSegment);
    img.sp = sp;
  }

  // The environment: no variables but COMSPEC, then the program's path (DOS 3+).
  const uint32_t env = linear(kEnvSegment, 0);
  std::string envBlock = std::string("COMSPEC=C:\\COMMAND.COM") + '\0' + '\0' + '\x01' + '\0';
  std::string upperName = "C:\\";
  for (char c : programName.substr(programName.find_last_of("/\\") == std::string::npos ? 0 : programName.find_last_of("/\\") + 1))
    upperName += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  envBlock += upperName + '\0';
  if (envBlock.size() > 0x1FF) envBlock.resize(0x1FF);
  std::memcpy(memory_.data() + env, envBlock.data(), envBlock.size());

  // The PSP.
  uint8_t* p = memory_.data() + pspBase;
  std::memset(p, 0, 0x100);
  p[0] = 0xCD; p[1] = 0x20;                                     // INT 20h
  p[2] = static_cast<uint8_t>(kTopSegment); p[3] = static_cast<uint8_t>(kTopSegment >> 8);  // memory top
  p[5] = 0x9A;  // far call to the DOS dispatcher (CP/M-style entry): INT 21h's vector
  std::memcpy(p + 6, memory_.data() + 0x21 * 4, 4);
  std::memcpy(p + 0x0A, memory_.data() + 0x22 * 4, 4);
  std::memcpy(p + 0x0E, memory_.data() + 0x23 * 4, 4);
  std::memcpy(p + 0x12, memory_.data() + 0x24 * 4, 4);
  p[0x16] = static_cast<uint8_t>(psp); p[0x17] = static_cast<uint8_t>(psp >> 8);  // parent: itself (like COMMAND.COM)
  for (int i = 0; i < 20; ++i) p[0x18 + i] = i < 5 ? static_cast<uint8_t>(i < 3 ? 1 : i) : 0xFF;  // job file table
  p[0x2C] = static_cast<uint8_t>(kEnvSegment); p[0x2D] = static_cast<uint8_t>(kEnvSegment >> 8);
  p[0x32] = 20;
  p[0x34] = 0x18; p[0x36] = static_cast<uint8_t>(psp); p[0x37] = static_cast<uint8_t>(psp >> 8);
  p[0x50] = 0xCD; p[0x51] = 0x21; p[0x52] = 0xCB;              // INT 21h / RETF
  std::memset(p + 0x5D, ' ', 11);                              // unopened FCBs
  std::memset(p + 0x6D, ' ', 11);
  // Command tail: length, text (with its leading blank, as COMMAND.COM passes it), CR.
  std::string tail = commandTail;
  if (!tail.empty() && tail[0] != ' ') tail = " " + tail;
  if (tail.size() > 126) tail.resize(126);
  p[0x80] = static_cast<uint8_t>(tail.size());
  std::memcpy(p + 0x81, tail.data(), tail.size());
  p[0x81 + tail.size()] = 0x0D;
  // Default DTA is PSP:0080.
  firmware_->dta = pspBase + 0x80;
  firmware_->currentPsp = psp;
  // Memory: the program owns everything from its PSP to the top (DOS gives a .COM or an EXE with
  // maximum allocation FFFFh all free memory); 4Ah shrinks it.
  firmware_->arena.clear();
  firmware_->files.clear();
  firmware_->arena[psp] = {static_cast<uint16_t>(kTopSegment - psp), true};

  // Registers at entry: AX says whether the FCB drives are valid (0 = yes).
  RegisterFile r{};
  r.cs = img.cs; r.ip = img.ip; r.ss = img.ss; r.esp = img.sp;
  r.ds = r.es = psp;
  r.flags = 0xF202;  // IF set; bits 12-15 read as ones on the 8086
  r.ecx = 0x00FF;    // as MS-DOS leaves them (not documented; some programs print them)
  r.edx = psp; r.ebp = 0x091C; r.esi = img.ip; r.edi = img.sp;
  cpu_.setRegisters(r);
  image_ = img;
  stopRequested_ = false;
  exitCode_ = 0;
  cpu_.invalidateFastPages();
  return true;
}

}  // namespace asmlab::x86::pc

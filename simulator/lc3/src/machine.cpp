// Construction, registers, memory access for debuggers, program loading, seeded randomisation.
#include <algorithm>

#include "decoded.hpp"
#include "hex.hpp"
#include "micro/datapath.hpp"

namespace asmlab::lc3sim {

namespace {
// splitmix64 (Steele, Lea, Flood 2014): a small, well-mixed generator; the seed fully determines it.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

std::vector<sim::RegisterInfo> makeRegisterInfo() {
  std::vector<sim::RegisterInfo> regs;
  for (int i = 0; i < 8; ++i) regs.push_back({"R" + std::to_string(i), 16, false, {}});
  regs.push_back({"PC", 16, false, {}, true});
  // PSR: bit 15 privilege (1 = user), bits 10-8 priority, bits 2-0 N Z P.
  regs.push_back({"PSR", 16, true, "U----PPP-----NZP"});
  regs.push_back({"SSP", 16, false, {}, true});  // Saved_SSP (meaningful in user mode)
  regs.push_back({"USP", 16, false, {}, true});  // Saved_USP (meaningful in supervisor mode)
  return regs;
}
}  // namespace

Lc3Machine::Lc3Machine(Options options)
    : sim::Machine(0x10000), options_(options), decoded_(new Decoded[0x10000]), supervisorFlags_(0x10000, 0),
      userFlags_(0x10000, 0), programWords_(0x10000, 0) {
  if (options_.memoryLatency < 1) options_.memoryLatency = 1;
  if (options_.memoryLatency > 40) options_.memoryLatency = 40;  // keeps every count within a byte
  rebuildClockTable();
  micro_ = std::make_unique<MicroState>();
  if (microcoded()) {
    microProgram_ = std::make_shared<const MicroProgram>(
        compileMicroProgram(options_.controlStore ? *options_.controlStore : standardControlStore(options_.edition)));
  }
  if (options_.operatingSystem) {
    for (const auto& block : options_.operatingSystem->blocks) {
      for (size_t i = 0; i < block.words.size(); ++i) {
        const uint16_t a = static_cast<uint16_t>(block.origin + i);
        mem_[a] = block.words[i];
        programWords_[a] = 1;
      }
    }
    for (const auto& s : options_.operatingSystem->symbols) {
      if (s.name == "OS_BAD_TRAP") badTrapRoutine_ = s.address;
      else if (s.name == "OS_HALT_BANNER") haltBannerFlag_ = s.address;
      else if (s.name == "OS_USER_ENTRY") bootEntryWord_ = s.address;
      else if (s.name == "OS_USER_PSR") bootPsrWord_ = s.address;
      symbols().add(s.name, s.address);
    }
  }
  reset();
}

Lc3Machine::~Lc3Machine() = default;

void Lc3Machine::loadProgram(const lc3::ObjectImage& image) {
  for (const auto& block : image.blocks) {
    for (size_t i = 0; i < block.words.size(); ++i) {
      const uint16_t a = static_cast<uint16_t>(block.origin + i);
      mem_[a] = block.words[i];
      decoded_[a].op = kUndecoded;
      programWords_[a] = 1;
    }
  }
  for (const auto& s : image.symbols) symbols().add(s.name, s.address);
  if (!entrySet_ && !image.blocks.empty()) {
    // lc3tools takes the first .ORIG as the reset PC unless it is x0000 (an OS image); the machine
    // then boots the OS, which enters user code at x3000.
    const uint16_t origin = image.blocks.front().origin;
    entry_ = origin != 0 ? origin : addr::kUserStart;
    entrySet_ = true;
  }
  reset();
}

void Lc3Machine::setStart(uint16_t pc, Privilege privilege) {
  entry_ = pc;
  entrySet_ = true;
  startPrivilege_ = privilege;
  reset();
}

bool Lc3Machine::startsInSupervisorMode() const {
  if (startPrivilege_ != Privilege::Auto) return startPrivilege_ == Privilege::Supervisor;
  return entry_ < addr::kUserStart || entry_ >= addr::kDeviceStart;
}

void Lc3Machine::reset() {
  regs_.fill(0);
  if (options_.randomSeed) {
    SplitMix64 rng{*options_.randomSeed};
    for (auto& r : regs_) r = static_cast<uint16_t>(rng.next());
    // Only user space is filled: the OS area belongs to the OS, and x3000-xFDFF is where a
    // program's uninitialised variables (.BLKW) and stray pointers land.
    for (uint32_t a = addr::kUserStart; a < addr::kDeviceStart; ++a) {
      uint16_t v = static_cast<uint16_t>(rng.next());
      if (!programWords_[a]) mem_[a] = v;
    }
    invalidateDecodeCache();
  }
  if (haltBannerFlag_) mem_[haltBannerFlag_] = options_.haltBanner ? 1 : 0;
  savedSsp_ = addr::kUserStart;  // the supervisor stack starts at x3000 (grows down into the OS area)
  savedUsp_ = 0;
  mcr_ = 0x8000;
  kbsrEnable_ = 0;
  cc_ = 2;
  if (options_.runBootCode && options_.operatingSystem) {
    if (bootEntryWord_) mem_[bootEntryWord_] = entry_;
    if (bootPsrWord_) mem_[bootPsrWord_] = startsInSupervisorMode() ? 0x0002 : 0x8002;
    pc_ = addr::kOsStart;
    psr_ = 0x0002;
  } else if (startsInSupervisorMode()) {
    // As lc3tools sets up a program outside user space: supervisor mode, priority 0, Z set, and
    // R6 the supervisor stack pointer x3000 (the user stack pointer, saved, is 0).
    pc_ = entry_;
    psr_ = 0x0002;
    regs_[6] = addr::kUserStart;
  } else {
    pc_ = entry_;
    psr_ = 0x8002;  // user mode, priority 0, Z set: the state that the boot code hands over
  }
  *micro_ = MicroState{};  // the control unit starts in state 18 (Appendix C)
  instructions_ = 0;
  clocks_ = 0;
  lastClocks_ = 0;
  stores_ = 0;
  events_ = 0;
  activeException_.clear();
  lastPoll_.valid = false;
  lastStop_ = {};
  lastStopCount_ = UINT64_MAX;
}

void Lc3Machine::prepareFlagTables(bool withBreakpoints) {
  const uint64_t version = breakpoints().version();
  if (withBreakpoints == flagsWithBreakpoints_ && version == flagsVersion_) return;
  const uint8_t* source = breakpoints().flagTable();
  for (uint32_t a = 0; a < 0x10000; ++a) {
    const uint8_t f = static_cast<uint8_t>((withBreakpoints ? source[a] : 0) | (a >= addr::kDeviceStart ? kFlagDevice : 0));
    supervisorFlags_[a] = f;
    const bool privileged = a < addr::kUserStart || a >= addr::kDeviceStart;
    userFlags_[a] = static_cast<uint8_t>(f | (options_.edition == Edition::Third && privileged ? kFlagFetchViolation : 0));
  }
  flagsVersion_ = version;
  flagsWithBreakpoints_ = withBreakpoints;
}

const std::vector<sim::RegisterInfo>& Lc3Machine::registers() const {
  static const std::vector<sim::RegisterInfo> info = makeRegisterInfo();
  return info;
}

uint64_t Lc3Machine::readRegister(size_t index) const {
  if (index < 8) return regs_[index];
  switch (index) {
    case kPC: return pc_;
    case kPSR: return psr();
    case kSavedSSP: return savedSsp_;
    case kSavedUSP: return savedUsp_;
    default: return 0;
  }
}

void Lc3Machine::writeRegister(size_t index, uint64_t value) {
  const uint16_t v = static_cast<uint16_t>(value);
  if (index < 8) {
    regs_[index] = v;
    return;
  }
  switch (index) {
    case kPC: pc_ = v; break;
    case kPSR:
      psr_ = v & 0x8707;
      cc_ = v & 7;
      break;
    case kSavedSSP: savedSsp_ = v; break;
    case kSavedUSP: savedUsp_ = v; break;
    default: break;
  }
  lastPoll_.valid = false;
}

uint32_t Lc3Machine::peek(uint64_t address) const {
  const uint16_t a = static_cast<uint16_t>(address);
  switch (a) {
    case addr::kKBSR: return static_cast<uint16_t>((inputPos_ < input_.size() ? 0x8000 : 0) | kbsrEnable_);
    case addr::kKBDR:
      return inputPos_ < input_.size() ? static_cast<unsigned char>(input_[inputPos_]) : lastKey_;
    case addr::kDSR: return 0x8000;
    case addr::kDDR: return lastDisplay_;
    case addr::kPSR: return psr();
    case addr::kMCR: return mcr_;
    default: return mem_[a];
  }
}

void Lc3Machine::poke(uint64_t address, uint32_t value) {
  const uint16_t a = static_cast<uint16_t>(address);
  const uint16_t v = static_cast<uint16_t>(value);
  switch (a) {
    case addr::kKBSR: kbsrEnable_ = v & 0x4000; break;
    case addr::kKBDR: lastKey_ = v; break;
    case addr::kDSR: break;
    case addr::kDDR: lastDisplay_ = v; break;
    case addr::kPSR: writeRegister(kPSR, v); break;
    case addr::kMCR: mcr_ = v; break;
    default:
      mem_[a] = v;
      decoded_[a].op = kUndecoded;
      break;
  }
  lastPoll_.valid = false;
}

void Lc3Machine::feedInput(std::string_view text) {
  // Drop what has been consumed so the queue does not grow without bound in long sessions.
  if (inputPos_ > 4096 && inputPos_ * 2 > input_.size()) {
    input_.erase(0, inputPos_);
    inputPos_ = 0;
  }
  input_.append(text);
  lastPoll_.valid = false;
}

}  // namespace asmlab::lc3sim

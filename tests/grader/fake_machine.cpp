#include "fake_machine.hpp"

#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "asmlab/grader/spec.hpp"

namespace asmlab::grader::testing {
namespace {

enum Op : uint16_t {
  kHalt = 0x00, kOut = 0x01, kIn = 0x02, kLdi = 0x03, kAdd = 0x04, kSt = 0x05, kLd = 0x06, kJmp = 0x07,
  kBr = 0x08, kBrz = 0x09, kAddi = 0x0A, kPuts = 0x0B, kBrnz = 0x0C, kHostOpen = 0x0D, kIllegal = 0xFF
};

int regNumber(const std::string& token) {
  if (token.size() == 2 && (token[0] == 'R' || token[0] == 'r') && token[1] >= '0' && token[1] <= '7') return token[1] - '0';
  return -1;
}

}  // namespace

ToyProgram assembleToy(const std::string& text) {
  ToyProgram program;
  struct Fixup {
    uint16_t at;
    std::string label;
    int line;
  };
  std::vector<Fixup> fixups;
  std::istringstream in(text);
  std::string line;
  uint16_t pc = 0x3000;
  bool origin = false;
  int number = 0;
  auto fail = [&](const std::string& message) {
    if (program.error.empty()) program.error = fmt::format("line {}: {}", number, message);
  };
  while (std::getline(in, line)) {
    ++number;
    if (auto semi = line.find(';'); semi != std::string::npos) line.erase(semi);
    if (!line.empty() && line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::string> t;
    for (std::string w; words >> w;) t.push_back(w);
    if (t.empty()) continue;
    auto value = [&](const std::string& s) -> std::optional<uint16_t> {
      if (auto n = parseNumber(s)) return static_cast<uint16_t>(*n);
      return std::nullopt;
    };
    auto operand = [&](const std::string& s) {  // a number or a label resolved later
      if (auto n = value(s)) return *n;
      fixups.push_back({pc, s, number});
      return uint16_t{0};
    };
    auto reg = [&](size_t i) {
      int r = i < t.size() ? regNumber(t[i]) : -1;
      if (r < 0) fail("expected a register");
      return static_cast<uint16_t>(std::max(r, 0));
    };
    auto emit = [&](uint16_t w) { program.words[pc++] = w; };
    const std::string& op = t[0];
    if (op.back() == ':') {
      program.labels[op.substr(0, op.size() - 1)] = pc;
    } else if (op == ".ORIG") {
      pc = value(t.at(1)).value_or(0x3000);
      if (!origin) program.entry = pc;
      origin = true;
    } else if (op == "HALT") {
      emit(kHalt << 8);
    } else if (op == "OUT" || op == "IN" || op == "JMP") {
      emit(static_cast<uint16_t>(((op == "OUT" ? kOut : op == "IN" ? kIn : kJmp) << 8) | reg(1)));
    } else if (op == "RET") {
      emit(static_cast<uint16_t>((kJmp << 8) | 7));
    } else if (op == "ADD") {
      emit(static_cast<uint16_t>((kAdd << 8) | (reg(1) << 4) | reg(2)));
    } else if (op == "LDI" || op == "ADDI" || op == "ST" || op == "LD" || op == "BRZ" || op == "BRNZ") {
      Op code = op == "LDI" ? kLdi : op == "ADDI" ? kAddi : op == "ST" ? kSt : op == "LD" ? kLd : op == "BRZ" ? kBrz : kBrnz;
      emit(static_cast<uint16_t>((code << 8) | reg(1)));
      if (t.size() < 3) fail("missing operand");
      else emit(operand(t[2]));
    } else if (op == "BR" || op == "PUTS") {
      emit(static_cast<uint16_t>((op == "BR" ? kBr : kPuts) << 8));
      if (t.size() < 2) fail("missing operand");
      else emit(operand(t[1]));
    } else if (op == "WORD") {
      for (size_t i = 1; i < t.size(); ++i) emit(operand(t[i]));
    } else if (op == "STRING") {
      std::string s = line.substr(line.find('"') + 1);
      s = s.substr(0, s.rfind('"'));
      for (char c : s) emit(static_cast<uint16_t>(c == '~' ? '\n' : c));
      emit(0);
    } else if (op == "HOSTOPEN") {
      emit(kHostOpen << 8);
    } else if (op == "ILLEGAL") {
      emit(kIllegal << 8);
    } else {
      fail("unknown instruction " + op);
    }
  }
  for (const auto& f : fixups) {
    auto it = program.labels.find(f.label);
    if (it == program.labels.end()) {
      number = f.line;
      fail("undefined label " + f.label);
    } else {
      program.words[f.at] = it->second;
    }
  }
  return program;
}

struct FakeMachine::Snapshot : sim::MachineSnapshot {
  State state;
  uint64_t instructionCount() const override { return state.instructions; }
};

FakeMachine::FakeMachine(const ToyProgram& program) : Machine(65536) {
  for (const auto& [address, word] : program.words) state_.memory[address] = word;
  for (const auto& [name, address] : program.labels) symbols().add(name, address);
  // Boot stub: BR entry at x0200, as an OS would start the user program.
  state_.memory[0x0200] = kBr << 8;
  state_.memory[0x0201] = program.entry;
  state_.regs[9] = 0x8002;
}

const std::vector<sim::RegisterInfo>& FakeMachine::registers() const {
  static const std::vector<sim::RegisterInfo> info{{"R0", 16, false, ""}, {"R1", 16, false, ""}, {"R2", 16, false, ""},
                                                   {"R3", 16, false, ""}, {"R4", 16, false, ""}, {"R5", 16, false, ""},
                                                   {"R6", 16, false, ""}, {"R7", 16, false, ""}, {"PC", 16, false, ""},
                                                   {"PSR", 16, true, "U-------NZP"}};
  return info;
}

void FakeMachine::writeRegister(size_t index, uint64_t value) {
  if (index == 8) state_.pc = static_cast<uint16_t>(value);
  state_.regs.at(index) = static_cast<uint16_t>(value);
}

sim::StopInfo FakeMachine::execute() {
  uint16_t word = state_.memory[state_.pc];
  uint16_t op = word >> 8, r = word & 0x0F, s = (word >> 4) & 0x0F;
  uint16_t at = state_.pc;
  auto operand = [&] { return state_.memory[static_cast<uint16_t>(at + 1)]; };
  auto& regs = state_.regs;
  switch (op) {
    case kHalt:
      ++state_.instructions;
      return {sim::StopReason::Halted, at, "halted", 0};
    case kOut: state_.output += static_cast<char>(regs[r] & 0xFF); state_.pc++; break;
    case kIn:
      if (state_.input.empty()) {
        if (state_.inputClosed) return {sim::StopReason::WaitingForInput, at, "waiting for a key", 0};
        ++state_.instructions;  // polls: an instruction that does not advance
        return {sim::StopReason::Running, at, "", 0};
      }
      regs[r] = static_cast<uint8_t>(state_.input.front());
      state_.input.pop_front();
      state_.pc++;
      break;
    case kLdi: regs[r] = operand(); state_.pc += 2; break;
    case kAdd: regs[s] = static_cast<uint16_t>(regs[s] + regs[r]); state_.pc++; break;
    case kAddi: regs[r] = static_cast<uint16_t>(regs[r] + operand()); state_.pc += 2; break;
    case kSt: state_.memory[operand()] = regs[r]; state_.pc += 2; break;
    case kLd: regs[r] = state_.memory[operand()]; state_.pc += 2; break;
    case kJmp: state_.pc = regs[r]; break;
    case kBr: state_.pc = operand(); break;
    case kBrz: state_.pc = regs[r] == 0 ? operand() : static_cast<uint16_t>(at + 2); break;
    case kBrnz: state_.pc = regs[r] != 0 ? operand() : static_cast<uint16_t>(at + 2); break;
    case kPuts:
      for (uint16_t a = operand(); state_.memory[a] != 0; ++a) state_.output += static_cast<char>(state_.memory[a]);
      state_.pc += 2;
      break;
    case kHostOpen: {
      // Stands for a simulator bug that lets a program reach the host: prints Y if it could open
      // a host file, N if not.
      int fd = ::open("/etc/hostname", O_RDONLY);
      state_.output += fd >= 0 ? 'Y' : 'N';
      if (fd >= 0) ::close(fd);
      state_.pc++;
      break;
    }
    default:
      return {sim::StopReason::Exception, at, fmt::format("illegal opcode x{:04X} at x{:04X}", word, at), 0};
  }
  ++state_.instructions;
  return {sim::StopReason::Running, state_.pc, "", 0};
}

sim::StopInfo FakeMachine::run(const sim::RunLimits& limits) {
  uint64_t start = state_.instructions;
  bool first = true;
  for (;;) {
    if (state_.instructions - start >= limits.maxInstructions) {
      return state_.stop = {sim::StopReason::InstructionLimit, state_.pc, "", 0};
    }
    if (!first && limits.stopAtBreakpoints && (breakpoints().flagsAt(state_.pc) & sim::kFlagExecute)) {
      if (breakpoints().executeHit(state_.pc, *this)) return state_.stop = {sim::StopReason::Breakpoint, state_.pc, "", 0};
    }
    first = false;
    sim::StopInfo stop = execute();
    if (state_.output.size() > limits.maxOutputBytes) {
      state_.output.resize(limits.maxOutputBytes);
      return state_.stop = {sim::StopReason::OutputLimit, state_.pc, "output limit", 0};
    }
    if (stop.reason != sim::StopReason::Running) return state_.stop = stop;
  }
}

sim::StopInfo FakeMachine::step() {
  sim::StopInfo stop = execute();
  if (stop.reason == sim::StopReason::Running) stop.reason = sim::StopReason::Step;
  return state_.stop = stop;
}

std::unique_ptr<sim::MachineSnapshot> FakeMachine::saveSnapshot() const {
  auto s = std::make_unique<Snapshot>();
  s->state = state_;
  return s;
}

void FakeMachine::restoreSnapshot(const sim::MachineSnapshot& snapshot) {
  state_ = dynamic_cast<const Snapshot&>(snapshot).state;
  ++snapshotsRestored;
}

BuiltProgram buildToy(const Spec& spec, const std::filesystem::path& submission) {
  BuiltProgram built;
  std::filesystem::path file = submission;
  if (std::filesystem::is_directory(submission)) file = submission / spec.build.submission.at(0);
  std::ifstream in(file);
  if (!in) {
    built.diagnostics = fmt::format("{}: cannot open {}", submission.filename().string(), spec.build.submission.at(0));
    return built;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  if (source.rfind("#CRASH", 0) == 0) {
    // Dies of the signal at once in every build. Under ASan its own handler would catch it and
    // print a symbolised report first, which took longer than the batch test's timeout on a
    // loaded machine, so the crash was reported as a timeout.
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
  }
  if (source.rfind("#SPIN", 0) == 0) {
    for (;;) {
      __asm__ __volatile__("");  // an endless loop the optimiser may not remove
    }
  }
  if (source.rfind("#HOG", 0) == 0) {
    std::vector<std::unique_ptr<char[]>> hog;
    for (;;) {
      hog.emplace_back(new char[1 << 20]);
      hog.back()[0] = 1;
    }
  }
  ToyProgram program = assembleToy(source);
  if (!program.error.empty()) {
    built.diagnostics = fmt::format("{}:{}", file.filename().string(), program.error);
    return built;
  }
  built.ok = true;
  built.entry = program.entry;
  built.newMachine = [program] { return std::make_unique<FakeMachine>(program); };
  return built;
}

}  // namespace asmlab::grader::testing

// `asmlab run FILE... [--input TEXT | --input-file F] [--max-instructions N] [--edition 2|3] [--seed N]
//  [--break LABEL|ADDR]... [--trace] [--trace-file F] [--json]`: loads a program through the
// toolchain loader, runs it with the input closed after the scripted text, and ends with a verdict
// and its exit code (docs/cli.md, "asmlab run").
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/output_file.hpp"
#include "asmlab/lc3/disassembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/sim/stop.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "asmlab/toolchain/program_settings.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"
#include "command.hpp"
#include "lc3_keys.hpp"
#include "options.hpp"

namespace asmlab::cli {
namespace {

struct RunRequest {
  std::vector<std::string> files;
  std::string input;
  bool inputGiven = false;
  std::string inputFile;
  uint64_t maxInstructions = 100'000'000;
  uint64_t maxOutput = 16u << 20;
  int edition = 3;
  std::optional<uint64_t> seed;
  std::vector<std::string> breaks;
  bool trace = false;
  // "instructions" (also for a bare --trace); "cycles": and one line per clock (8086, --timing
  // cycle); "micro": one line per clock of the LC-3 micro engine.
  std::string traceMode;
  std::string traceFile;
  std::string engine = "fast";
  std::string microcode;
  bool json = false;
  bool noHaltBanner = false;
  unsigned memoryLatency = 5;
  bool strict = false;
  bool caseSensitiveLabels = false;
  std::string start;      // LC-3: label or address to start at
  std::string privilege;  // LC-3: user or supervisor
  // 8086 (IBM PC) options.
  std::string keysFile, mouseFile;
  uint64_t maxClocks = 0;  // 0 = no clock limit
  bool screenText = false;
  std::vector<std::string> devices;  // --devices: names (or parts of names) of device tables, or "all"
  std::string screenshot, speakerLog, wav;
  std::vector<std::string> screenshotsAt;  // CLOCK:FILE
  std::string cpu = "8086";
  std::string timing = "manual";
  std::string dialect = "masm";
  bool masm510 = false;
  size_t errorLimit = Diagnostics::kDefaultErrorLimit;
  bool multiPass = false;
  std::vector<std::string> includePaths, libraryPaths;
  std::string dosDir;
  unsigned emu8086StepDelay = 0;
  std::string args;
  std::string spec;                     // --spec: the asmlab.yaml to read (default: beside the program)
  toolchain::ExplicitSettings given;    // what the command line chose itself
  std::vector<std::string> warnings;    // -W names
};

// Reads a whole text file; false with a message on stderr.
bool readText(const std::string& path, std::string& out, const char* option) {
  std::string error;
  if (!lc3::readFileBytes(path, out, error)) {
    std::cerr << "asmlab run: " << option << " " << path << ": " << error << "\n";
    return false;
  }
  return true;
}

// The PC-specific setup: input scripts. Returns false (after a message) on a bad script.
bool setUpPc(x86::pc::PcMachine& pc, const RunRequest& req) {
  for (const auto& [file, option] : {std::pair{req.keysFile, "--keys"}, std::pair{req.mouseFile, "--mouse"}}) {
    if (file.empty()) continue;
    std::string text;
    if (!readText(file, text, option)) return false;
    std::vector<x86::pc::InputEvent> events;
    std::string error;
    if (!x86::pc::parseInputScript(text, file, events, error)) {
      std::cerr << error << "\n";
      return false;
    }
    pc.addInputEvents(events);
  }
  return true;
}

// The device tables (the debugger's Devices pane) whose names contain one of `which` (any case),
// or all of them for "all", as columns of text.
void printDeviceTables(const sim::DeviceInspector& inspector, const std::vector<std::string>& which) {
  auto lower = [](std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  for (const auto& table : inspector.deviceTables()) {
    const bool wanted = std::any_of(which.begin(), which.end(), [&](const std::string& w) {
      return lower(w) == "all" || lower(table.name).find(lower(w)) != std::string::npos;
    });
    if (!wanted) continue;
    std::vector<size_t> widths(table.columns.size());
    for (size_t i = 0; i < widths.size(); ++i) widths[i] = table.columns[i].size();
    for (const auto& row : table.rows)
      for (size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
    auto line = [&](const std::vector<std::string>& cells) {
      std::string text;
      for (size_t i = 0; i < cells.size() && i < widths.size(); ++i)
        text += fmt::format("{}{:<{}}", i ? "  " : "", cells[i], i + 1 < cells.size() ? widths[i] : 0);
      std::cout << text << "\n";
    };
    std::cout << "== " << table.name << "\n";
    line(table.columns);
    for (const auto& row : table.rows) line(row);
  }
}

// What the PC leaves behind at the end: the text screen, the devices, a screenshot, the speaker
// log and WAV.
int finishPc(x86::pc::PcMachine& pc, const RunRequest& req, const InputFiles& inputs, int code) {
  if (!req.devices.empty()) printDeviceTables(pc, req.devices);
  if (req.screenText) {
    if (pc.video().graphicsMode()) std::cout << "(the screen is in graphics mode " << fmt::format("{:02X}h", pc.video().mode()) << ")\n";
    else std::cout << pc.video().dumpText();
  }
  std::string error;
  auto fail = [&](const char* option) {
    std::cerr << "asmlab run: " << option << ": " << error << "\n";
    return sim::exit_code::kUsage;
  };
  if (!req.screenshot.empty() &&
      !writeOutputFileWith(req.screenshot, [&](const std::string& t, std::string& e) { return pc.video().writePng(t, e); },
                           inputs, error))
    return fail("--screenshot");
  if (!req.speakerLog.empty() && !writeOutputFile(req.speakerLog, pc.speaker().logText(), inputs, error))
    return fail("--speaker-log");
  if (!req.wav.empty() &&
      !writeOutputFileWith(req.wav,
                           [&](const std::string& t, std::string& e) {
                             return pc.speaker().writeWav(t, pc.clockCount(), pc.clocksPerSecond(), e);
                           },
                           inputs, error))
    return fail("--wav");
  return code;
}

// --input understands \n \r \t \\ \0 and \xHH so that scripted keystrokes fit on a command line.
std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    switch (c) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '0': out += '\0'; break;
      case '\\': out += '\\'; break;
      case 'x':
        if (i + 2 < s.size() + 0 && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
          out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
          i += 2;
          break;
        }
        [[fallthrough]];
      default:
        out += '\\';
        out += c;
    }
  }
  return out;
}

// A breakpoint given as a label, xNNNN, 0xNNNN, a decimal address, or (8086) SEG:OFF in hex.
std::optional<uint64_t> parseAddress(const std::string& text, const sim::Machine& machine) {
  if (auto a = machine.symbols().find(text)) return a;
  auto parseHex = [](const std::string& digits) -> std::optional<uint64_t> {
    if (digits.empty() || digits.size() > 8) return std::nullopt;
    for (char c : digits) {
      if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
    }
    return std::stoull(digits, nullptr, 16);
  };
  // MASM makes names upper case (/Cu, its default): `--break again` finds AGAIN.
  std::string upper = text;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (auto a = machine.symbols().find(upper)) return a;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    auto hexPart = [&](std::string part) -> std::optional<uint64_t> {
      if (!part.empty() && (part.back() == 'h' || part.back() == 'H')) part.pop_back();
      auto v = parseHex(part);
      return v && *v <= 0xFFFF ? v : std::nullopt;
    };
    auto segment = hexPart(text.substr(0, colon)), offset = hexPart(text.substr(colon + 1));
    if (!segment || !offset) return std::nullopt;
    return (*segment << 4) + *offset;  // the 8086's linear address (Intel 8086 manual, 2.3)
  }
  if (text.size() > 1 && (text[0] == 'x' || text[0] == 'X')) return parseHex(text.substr(1));
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return parseHex(text.substr(2));
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return std::stoull(text);
  }
  return std::nullopt;
}

std::string hexValue(uint64_t v, unsigned bits) {
  return bits <= 16 ? fmt::format("x{:04X}", v) : fmt::format("x{:08X}", v);
}

// 8086 under the cycle model, `--trace cycles`: one line per clock, printed after the line of the
// instruction they belong to (from its first byte taken to the next instruction's).
class ClockLines : public x86::ClockSink {
public:
  void clock(const x86::ClockRecord& record) override { lines_.push_back(x86::formatClock(record)); }
  void print(std::ostream& out) {
    for (const auto& line : lines_) out << "            " << line << '\n';
    lines_.clear();
  }

private:
  std::vector<std::string> lines_;
};

// One trace line: count, address, the instruction's bytes (8086) or word (LC-3), its disassembly,
// the clocks it took as the machine counts them, then the registers it changed. 8086 addresses
// are CS:IP as the instruction found them. With --trace cycles, the instruction's clocks follow.
class Tracer {
public:
  Tracer(sim::Machine& m, std::ostream& out, ClockLines* clocks) : machine_(m), out_(out), clocks_(clocks) {
    const auto& regs = machine_.registers();
    for (size_t i = 0; i < regs.size(); ++i) {
      if (regs[i].name == "CS") cs_ = i;
      if (regs[i].name == "IP") ip_ = i;
    }
    snapshot(before_);
  }
  void operator()(const sim::TraceEvent& e) {
    std::vector<uint64_t> now;
    snapshot(now);
    const auto& regs = machine_.registers();
    const bool pc = cs_ && ip_;
    std::string changes;
    for (size_t i = 0; i < regs.size(); ++i) {
      if (now[i] == before_[i] || regs[i].name == "PC" || regs[i].name == "IP") continue;
      changes += pc ? fmt::format(" {}={:0{}X}", regs[i].name, now[i], (regs[i].bits + 3) / 4)
                    : fmt::format(" {}={}", regs[i].name, hexValue(now[i], regs[i].bits));
    }
    unsigned length = 1;
    const std::string text = machine_.disassemble(e.address, &length);
    if (pc) {
      std::string bytes;
      for (unsigned i = 0; i < length; ++i) bytes += fmt::format("{}{:02X}", i ? " " : "", machine_.peek(e.address + i));
      out_ << fmt::format("{:>10}  {:04X}:{:04X}  {:<20}  {:<28} {:>4}{}\n", e.instructionIndex + 1, before_[*cs_],
                          before_[*ip_], bytes, text, e.clocks, changes);
    } else {
      out_ << fmt::format("{:>10}  {}  {}  {:<24} {:>4}{}\n", e.instructionIndex + 1, hexValue(e.address, 16),
                          hexValue(machine_.peek(e.address), 16), text, e.clocks, changes);
    }
    if (clocks_ != nullptr) clocks_->print(out_);
    before_ = std::move(now);
  }

private:
  void snapshot(std::vector<uint64_t>& v) {
    v.resize(machine_.registers().size());
    for (size_t i = 0; i < v.size(); ++i) v[i] = machine_.readRegister(i);
  }
  sim::Machine& machine_;
  std::ostream& out_;
  ClockLines* clocks_;
  std::vector<uint64_t> before_;
  std::optional<size_t> cs_, ip_;
};

// One line per clock of the micro engine (--trace micro): the clock, the state and the next one,
// the signals asserted, the bus and the registers loaded; the decode clock names the instruction.
class MicroTracer {
public:
  MicroTracer(const lc3sim::Lc3Machine& m, std::ostream& out) : machine_(m), out_(out) {
    out_ << "     clock  state  signals, bus, registers loaded\n";
  }
  void operator()(const lc3sim::MicroClockEvent& e) {
    out_ << lc3sim::formatMicroClock(e);
    if (e.row && e.row->ird) {
      const uint16_t ir = machine_.microView().ir;
      const uint16_t at = static_cast<uint16_t>(machine_.programCounter() - 1);
      out_ << "  ; " << lc3::disassemble(ir, at, [this](uint16_t t) { return machine_.symbols().nameAt(t); });
    }
    out_ << "\n";
  }

private:
  const lc3sim::Lc3Machine& machine_;
  std::ostream& out_;
};

// Every file the run reads, and a check that no file it writes is one of them.
InputFiles runInputs(const RunRequest& req) {
  InputFiles inputs(req.files);
  for (const auto& path : {req.inputFile, req.keysFile, req.mouseFile, req.microcode}) inputs.add(path);
  return inputs;
}

int runProgram(const RunRequest& req) {
  const InputFiles inputs = runInputs(req);
  {
    std::vector<std::string> outputs{req.traceFile, req.screenshot, req.speakerLog, req.wav};
    for (const auto& s : req.screenshotsAt) outputs.push_back(s.substr(s.find(':') + 1));
    if (auto problem = checkOutputs(outputs, inputs); !problem.empty()) {
      std::cerr << "asmlab run: error: " << problem << "; nothing run\n";
      return sim::exit_code::kUsage;
    }
  }
  Diagnostics diagnostics;
  auto settings = toolchain::programSettings(req.files, req.spec, req.given, diagnostics);
  if (!settings) {
    diagnostics.render(std::cerr);
    return sim::exit_code::kUsage;
  }
  if (!settings->summary.empty()) std::cerr << "asmlab: " << settings->summary << "\n";
  toolchain::LoadOptions options;
  options.lc3Microcoded = req.engine == "micro";
  if (!req.microcode.empty()) {
    Diagnostics storeDiagnostics;
    auto store = lc3sim::loadControlStore(req.microcode, storeDiagnostics);
    if (!storeDiagnostics.all().empty()) storeDiagnostics.render(std::cerr);
    if (!store) return sim::exit_code::kAssemblyError;
    options.lc3ControlStore = std::make_shared<const lc3sim::ControlStore>(std::move(*store));
    options.lc3Microcoded = true;
  }
  options.lc3Edition = req.edition;
  options.seed = req.seed;
  options.lc3HaltBanner = !req.noHaltBanner;
  options.lc3MemoryLatency = req.memoryLatency;
  options.lc3Strict = req.strict;
  options.lc3CaseSensitiveLabels = req.caseSensitiveLabels;
  options.lc3Start = req.start;
  options.lc3Privilege = req.privilege;
  options.x86Cpu = req.cpu;
  options.x86Timing = req.timing;
  options.masmDialect = req.dialect;
  options.masm510 = req.masm510;
  options.errorLimit = req.errorLimit;
  options.tasmMultiPass = req.multiPass;
  options.includePaths = req.includePaths;
  options.libraryPaths = req.libraryPaths;
  options.dosDirectory = req.dosDir;
  options.commandTail = req.args;
  toolchain::applySettings(*settings, req.given, options);
  // A run is about the program's behaviour: labels nobody jumps to are not news unless asked for.
  const WarningFlags warnings = parseWarningFlags(req.warnings);
  options.warningsAsErrors = warnings.error;
  options.warnUnusedLabels = warnings.unusedLabel.value_or(false);
  options.warnFallIntoData = warnings.fallIntoData.value_or(true);
  auto machine = toolchain::loadProgram(req.files, options, diagnostics);
  if (diagnostics.all().size() != 0) diagnostics.render(std::cerr);
  if (!machine) return sim::exit_code::kAssemblyError;

  std::string input = req.input;
  if (!req.inputFile.empty()) {
    std::string error;
    if (!lc3::readFileBytes(req.inputFile, input, error)) {
      std::cerr << "asmlab run: " << req.inputFile << ": " << error << "\n";
      return sim::exit_code::kUsage;
    }
  }
  auto* pc = dynamic_cast<x86::pc::PcMachine*>(machine.get());
  auto* lc3 = dynamic_cast<lc3sim::Lc3Machine*>(machine.get());
  if (pc != nullptr && (req.engine == "micro" || !req.microcode.empty() || req.traceMode == "micro")) {
    std::cerr << "asmlab run: --engine micro, --microcode and --trace micro are for LC-3 programs\n";
    return sim::exit_code::kUsage;
  }
  if (lc3 != nullptr && req.traceMode == "micro" && !lc3->microcoded()) {
    std::cerr << "asmlab run: --trace micro shows the micro engine's clocks; add --engine micro\n";
    return sim::exit_code::kUsage;
  }
  if (pc == nullptr &&
      (!req.mouseFile.empty() || req.screenText || !req.screenshot.empty() || !req.speakerLog.empty() ||
       !req.wav.empty() || !req.screenshotsAt.empty() || !req.devices.empty())) {
    std::cerr << "asmlab run: --mouse, --screen-text, --screenshot, --speaker-log, --wav and --devices are for "
                 "8086 (PC) programs\n";
    return sim::exit_code::kUsage;
  }
  // The LC-3's key script: typed at its clocks, or when the program waits (as a spec's keys).
  std::vector<Lc3Key> lc3Keys;
  if (lc3 != nullptr && !req.keysFile.empty()) {
    std::string text, error;
    if (!readText(req.keysFile, text, "--keys")) return sim::exit_code::kUsage;
    if (!parseLc3Keys(text, req.keysFile, lc3Keys, error)) {
      std::cerr << error << "\n";
      return sim::exit_code::kUsage;
    }
  }
  size_t nextKey = 0;
  auto keyTimed = [&] { return nextKey < lc3Keys.size() && lc3Keys[nextKey].clock.has_value(); };
  auto typeKey = [&] { machine->feedInput(std::string_view(&lc3Keys[nextKey++].character, 1)); };
  // Screenshots at chosen clocks, in clock order.
  std::vector<std::pair<uint64_t, std::string>> shots;
  for (const auto& s : req.screenshotsAt) {
    const auto colon = s.find(':');
    uint64_t clock = 0;
    try {
      if (colon == std::string::npos || colon == 0 || colon + 1 == s.size()) throw std::invalid_argument(s);
      size_t used = 0;
      clock = std::stoull(s.substr(0, colon), &used);
      if (used != colon) throw std::invalid_argument(s);
    } catch (const std::exception&) {
      std::cerr << "asmlab run: --screenshot-at " << s << ": expected CLOCK:FILE, e.g. 4772727:one-second.png\n";
      return sim::exit_code::kUsage;
    }
    shots.emplace_back(clock, s.substr(colon + 1));
  }
  std::sort(shots.begin(), shots.end());
  if (pc != nullptr && !setUpPc(*pc, req)) return sim::exit_code::kUsage;
  machine->feedInput(input);
  if (lc3Keys.empty()) machine->closeInput();

  for (const auto& b : req.breaks) {
    auto address = parseAddress(b, *machine);
    if (!address || *address >= machine->memorySize()) {
      std::string hint = closestMatch(b, machine->symbols().names());
      std::cerr << "asmlab run: --break " << b << ": no such label or address"
                << (hint.empty() ? "" : "; did you mean " + hint + "?") << "\n";
      return sim::exit_code::kUsage;
    }
    machine->breakpoints().addExecute(*address, {}, b);
  }

  PendingOutputFile traceFile;
  std::ostream* traceOut = &std::cerr;
  if (!req.traceFile.empty()) {
    std::string error;
    if (!traceFile.open(req.traceFile, inputs, error)) {
      std::cerr << "asmlab run: --trace-file: " << error << "\n";
      return sim::exit_code::kUsage;
    }
    traceOut = &traceFile.stream();
  }
  // The program's output is written as it is produced; while tracing, after every instruction so
  // that it interleaves correctly with a trace on the terminal.
  size_t printed = 0;
  auto flushOutput = [&] {
    if (!req.json && machine->output().size() > printed) {
      std::fwrite(machine->output().data() + printed, 1, machine->output().size() - printed, stdout);
      std::fflush(stdout);
      printed = machine->output().size();
    }
  };
  std::unique_ptr<Tracer> tracer;
  ClockLines clockLines;
  const bool traceClocks = req.traceMode == "cycles";
  if (traceClocks) {
    if (pc == nullptr || pc->cpu().timingModel() != x86::TimingModel::Cycle) {
      std::cerr << "asmlab run: --trace cycles needs an 8086 or 8088 program run with --timing cycle\n";
      return sim::exit_code::kUsage;
    }
    pc->cpu().setClockSink(&clockLines);
  }
  std::unique_ptr<MicroTracer> microTracer;
  if (req.traceMode == "micro") {
    microTracer = std::make_unique<MicroTracer>(*lc3, *traceOut);
    lc3->setClockTraceSink([&](const lc3sim::MicroClockEvent& e) {
      (*microTracer)(e);
      flushOutput();
    });
  } else if (req.trace || !req.traceFile.empty()) {
    tracer = std::make_unique<Tracer>(*machine, *traceOut, traceClocks ? &clockLines : nullptr);
    machine->setTraceSink([&](const sim::TraceEvent& e) {
      (*tracer)(e);
      flushOutput();
    });
  }

  // Run in slices so the program's output appears as it is produced. A screenshot is written when
  // the clock reaches its moment (the run stops there: a halted CPU's idle jump stops exactly at it).
  sim::StopInfo stop;
  const uint64_t slice = 1u << 24;
  size_t nextShot = 0;
  auto writeScreenshot = [&](const std::string& path) {
    std::string error;
    if (writeOutputFileWith(path, [&](const std::string& t, std::string& e) { return pc->video().writePng(t, e); }, inputs,
                            error))
      return true;
    std::cerr << "asmlab run: --screenshot-at: " << error << "\n";
    return false;
  };
  auto takeShotsDue = [&]() -> bool {
    for (; pc != nullptr && nextShot < shots.size() && shots[nextShot].first <= machine->clockCount(); ++nextShot) {
      if (!writeScreenshot(shots[nextShot].second)) return false;
    }
    return true;
  };
  for (;;) {
    if (!takeShotsDue()) return sim::exit_code::kUsage;
    sim::RunLimits limits;
    const uint64_t done = machine->instructionCount();
    limits.maxInstructions = std::min(slice, req.maxInstructions - std::min(done, req.maxInstructions));
    limits.maxOutputBytes = req.maxOutput;
    uint64_t clockEnd = req.maxClocks == 0 ? UINT64_MAX : req.maxClocks;
    const bool shotPending = pc != nullptr && nextShot < shots.size();
    if (shotPending) clockEnd = std::min(clockEnd, shots[nextShot].first);
    // Keys due are typed; the input closes (a program waiting for more stops) only when no timed
    // key is next, so a polling program sees each timed key at its clock.
    while (keyTimed() && *lc3Keys[nextKey].clock <= machine->clockCount()) typeKey();
    if (!lc3Keys.empty() && !keyTimed() && !machine->inputClosed()) machine->closeInput();
    if (keyTimed()) clockEnd = std::min(clockEnd, *lc3Keys[nextKey].clock);
    if (clockEnd != UINT64_MAX) limits.maxClocks = clockEnd > machine->clockCount() ? clockEnd - machine->clockCount() : 0;
    stop = machine->run(limits);
    flushOutput();
    if (shotPending && machine->clockCount() >= shots[nextShot].first && stop.reason == sim::StopReason::ClockLimit &&
        (req.maxClocks == 0 || machine->clockCount() < req.maxClocks))
      continue;  // the screenshot's moment, not the user's limit: take it and go on
    if (keyTimed() && stop.reason == sim::StopReason::ClockLimit && machine->clockCount() >= *lc3Keys[nextKey].clock &&
        (req.maxClocks == 0 || machine->clockCount() < req.maxClocks))
      continue;  // a key's moment: typed above
    if (nextKey < lc3Keys.size() && stop.reason == sim::StopReason::WaitingForInput) {
      typeKey();  // the program waits for the next key
      continue;
    }
    if (stop.reason != sim::StopReason::InstructionLimit || machine->instructionCount() >= req.maxInstructions) break;
  }
  if (!takeShotsDue()) return sim::exit_code::kUsage;
  // Moments the run never reached: a program that ended leaves its last screen, which is what the
  // monitor would still show then; a run cut short by a limit says so.
  const bool ended = stop.reason == sim::StopReason::Halted || stop.reason == sim::StopReason::WaitingForInput ||
                     stop.reason == sim::StopReason::Exception;
  for (; pc != nullptr && nextShot < shots.size(); ++nextShot) {
    if (!ended) {
      std::cerr << fmt::format("asmlab run: --screenshot-at {}: not written, the run stopped at clock {} ({})\n",
                               shots[nextShot].first, machine->clockCount(), sim::stopReasonName(stop.reason));
      continue;
    }
    if (!writeScreenshot(shots[nextShot].second)) return sim::exit_code::kUsage;
    std::cerr << fmt::format("asmlab run: --screenshot-at {}: the program stopped at clock {}; {} shows its last screen\n",
                             shots[nextShot].first, machine->clockCount(), shots[nextShot].second);
  }
  if (stop.reason == sim::StopReason::ClockLimit) {
    stop.message = fmt::format("the program did not finish within --max-clocks {}", req.maxClocks);
  }
  if (stop.reason == sim::StopReason::InstructionLimit) {
    stop.message = fmt::format("the program did not finish within --max-instructions {}", req.maxInstructions);
  }
  if (!req.traceFile.empty()) {
    machine->setTraceSink({});
    std::string error;
    if (!traceFile.commit(error)) {
      std::cerr << "asmlab run: --trace-file: " << error << "\n";
      return sim::exit_code::kUsage;
    }
  }
  const int code = sim::exitCodeFor(stop.reason);
  std::string where = machine->symbols().describe(stop.address).value_or("");

  if (req.json) {
    nlohmann::json j;
    j["verdict"] = std::string(sim::stopReasonName(stop.reason));
    j["exit_code"] = code;
    j["message"] = stop.message;
    j["address"] = stop.address;
    if (!where.empty()) j["location"] = where;
    j["instructions"] = machine->instructionCount();
    j["clocks"] = machine->clockCount();
    j["architecture"] = std::string(machine->architecture());
    j["output"] = machine->output();
    if (pc != nullptr) {
      j["exit_status"] = stop.exitCode;
      if (!pc->video().graphicsMode()) j["screen_text"] = pc->video().dumpText();
      j["speaker_log"] = pc->speaker().logText();
    }
    j["notes"] = machine->notes();
    nlohmann::json regs = nlohmann::json::object();
    for (size_t i = 0; i < machine->registers().size(); ++i) regs[machine->registers()[i].name] = machine->readRegister(i);
    j["registers"] = regs;
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    if (!machine->output().empty() && machine->output().back() != '\n') std::cout << std::endl;
    std::string detail = stop.reason == sim::StopReason::Halted ? std::string() : stop.message;
    if (stop.reason == sim::StopReason::Breakpoint) {
      const std::string address = pc != nullptr ? fmt::format("{:04X}:{:04X}", pc->cpu().seg(x86::CS), pc->cpu().ip())
                                                : hexValue(stop.address, 16);
      detail = fmt::format("{}{}", address, where.empty() ? "" : " (" + where + ")");
    }
    std::cerr << fmt::format("asmlab: {} after {} instructions ({} clocks){}{}\n", sim::stopReasonName(stop.reason),
                             machine->instructionCount(), machine->clockCount(), detail.empty() ? "" : ": ", detail);
    // The 3rd edition's access control violation, in a program that nothing said was for it: the
    // 2nd edition has no access control (nor do its course simulators, lc3sim and LC3Simulate),
    // and course code relies on that.
    if (pc == nullptr && stop.reason == sim::StopReason::Exception && options.lc3Edition == 3 &&
        !req.given.lc3Edition && !settings->lc3Edition &&
        stop.message.find("access control violation") != std::string::npos)
      std::cerr << "asmlab: the 2nd edition has no access control (nor lc3sim, LC3Simulate): --edition 2, or "
                   "`edition: 2` in asmlab.yaml, runs the program as they do\n";
  }
  if (pc != nullptr) {
    // A DOS program's own exit code (INT 21h 4Ch) is the process's exit code when it halted.
    if (stop.reason == sim::StopReason::Halted && !req.json) std::cerr << fmt::format("asmlab: exit code {}\n", stop.exitCode);
    if (!req.json)
      for (const auto& note : machine->notes()) std::cerr << "asmlab: note: " << note << "\n";

    // A program that printed nothing through DOS may have written the screen through the video
    // BIOS (INT 10h teletype, as emu8086's PRINT does), which stdout does not show.
    if (!req.json && !req.screenText && machine->output().empty() && !pc->video().graphicsMode() &&
        pc->video().dumpText().find_first_not_of(" \n") != std::string::npos)
      std::cerr << "asmlab: the program wrote to the screen (the video BIOS), not through DOS: --screen-text prints "
                   "the screen\n";
    return finishPc(*pc, req, inputs, code);
  }
  return code;
}

const char* const kRunHelp = R"(
Verdicts and exit codes:
  0  halted              the program ended (LC-3 HALT clears MCR[15])
  1  assembly error      the program did not assemble or load (errors on stderr)
  2  usage               bad command line, unreadable input file, unknown --break label
  3  limit               --max-instructions (default 100000000) or --max-clocks ran out: a runaway loop
  4  waiting for input   the program waits for a key but the scripted input is used up
  5  exception           illegal opcode, privilege or access violation, TRAP without routine;
                         8086: divide error, invalid opcode, HLT with interrupts disabled
  6  breakpoint          a --break address was reached
  7  output limit        the program printed --max-output bytes (PC: DOS and video BIOS)
The program's console output goes to stdout; the verdict line and any trace to stderr.
8086 programs (.com, .exe, or OMF .obj files linked on the fly) run on a simulated IBM PC with DOS;
their INT 21h 4Ch exit code is printed as "asmlab: exit code N" (and as exit_status in --json).
Key and mouse scripts: docs/pc-platform.md, "Input scripts".)";

CommandRegistration runCommand("run", [](CLI::App& app) -> std::function<int()> {
  auto req = std::make_shared<RunRequest>();
  auto* cmd = app.add_subcommand("run", "Run an LC-3 or 8086 (DOS) program and report how it ended");
  cmd->footer(kRunHelp);
  // Not required() here: `--trace FILE` can take the program as its value (see the callback).
  auto* filesOpt = cmd->add_option("files", req->files, "Program files: LC-3 source (.asm with .ORIG), object (.obj) or words as text (.bin, .hex); DOS .com/.exe, or OMF .obj files to link")
      ->check(CLI::ExistingFile);
  auto* inputOpt = cmd->add_option("--input", req->input, "Keyboard input, given in full (escapes \\n \\r \\t \\\\ \\xHH)");
  cmd->add_option("--input-file", req->inputFile, "Read the keyboard input from a file")->excludes(inputOpt);
  cmd->add_option("--max-instructions", req->maxInstructions, "Stop after this many instructions (default 100000000)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-output", req->maxOutput, "Stop after this many bytes of output (default 16 MiB)")
      ->check(CLI::PositiveNumber);
  auto* editionOpt = cmd->add_option("--edition", req->edition, "Patt & Patel edition semantics: 2 or 3 (default: asmlab.yaml's, else 3)")
      ->check(CLI::IsMember({2, 3}));
  cmd->add_option("--seed", req->seed, "Fill registers and free memory from a PRNG with this seed (default: zeros)");
  cmd->add_option("--break", req->breaks, "Stop when execution reaches LABEL, an address (xNNNN) or, on the 8086, SEG:OFF (hex); repeatable");
  cmd->add_option("--memory-latency", req->memoryLatency, "Clocks per memory access for the clock count (default 5)")
      ->check(CLI::Range(1u, 40u));
  auto* traceOpt = cmd->add_option("--trace", req->traceMode,
                                   "Print one line per instruction with its clocks to stderr (or --trace-file); "
                                   "--trace cycles adds one line per clock (8086, --timing cycle); --trace micro: one "
                                   "line per clock of the LC-3 micro engine")
                       ->expected(0, 1);
  cmd->add_option("--engine", req->engine, "LC-3: fast (default) or micro (the microcoded engine, one clock at a time)")
      ->check(CLI::IsMember({"fast", "micro"}));
  cmd->add_option("--microcode", req->microcode,
                  "LC-3: run the micro engine with this control store (docs/lc3-microarchitecture.md)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--trace-file", req->traceFile, "Write the trace to this file");
  cmd->add_flag("--json", req->json, "Print the result as JSON on stdout (verdict, exit code, counts, output, registers)");
  auto* errorLimitOpt =
      cmd->add_option("--error-limit", req->errorLimit,
                      "List at most N assembly errors, count the rest (0: all); default: asmlab.yaml's, else 20")
          ->capture_default_str();
  cmd->add_flag("--no-halt-banner", req->noHaltBanner, "HALT stops without printing \"--- Halting the LC-3 ---\"");
  cmd->add_flag("--strict", req->strict, "LC-3 sources: reject what only the course tools accept (see asmlab asm --help)");
  cmd->add_flag("--case-sensitive-labels", req->caseSensitiveLabels,
                "LC-3 sources: labels that differ in case are different labels");
  cmd->add_option("--start", req->start,
                  "LC-3: start at this label or address (default: the first .ORIG, as the course simulator)");
  cmd->add_option("--privilege", req->privilege,
                  "LC-3: start in user or supervisor mode (default: user in x3000-xFDFF, supervisor elsewhere)")
      ->check(CLI::IsMember({"user", "supervisor"}));
  cmd->add_option("--keys", req->keysFile,
                  "Keyboard script: keys at clocks or when the program waits (docs/pc-platform.md; the LC-3 types "
                  "each key's character)");
  cmd->add_option("--max-clocks", req->maxClocks,
                  "Stop after this many clocks (8086: 4,772,727 per simulated second; LC-3: Appendix C's)")
      ->check(CLI::PositiveNumber);
  auto* pcGroup = cmd->add_option_group("8086 (PC)", "Options for 8086 programs");
  pcGroup->add_option("--mouse", req->mouseFile, "Mouse script: moves and clicks at clocks or when the program waits");
  pcGroup->add_flag("--screen-text", req->screenText, "Print the text screen (80x25) to stdout at the end");
  pcGroup->add_option("--devices", req->devices,
                      "Print the device tables (the debugger's Devices pane) whose names contain this at the end, e.g. "
                      "robot, thermometer, PIT; `all` for every one; repeatable");
  pcGroup->add_option("--screenshot", req->screenshot, "Write the screen as a PNG at the end");
  pcGroup->add_option("--screenshot-at", req->screenshotsAt, "CLOCK:FILE: write the screen as a PNG at that clock; repeatable");
  pcGroup->add_option("--speaker-log", req->speakerLog, "Write every speaker change (clock, tone frequency) to this file");
  pcGroup->add_option("--wav", req->wav, "Write what the speaker played as a WAV file");
  auto* cpuOpt = pcGroup->add_option("--cpu", req->cpu, "CPU model: 8086, 8088, 80186, 80286, 80386; default: asmlab.yaml's, else the one the source's .186-.486/P186-P586 needs, else 8086");
  pcGroup->add_option("--timing", req->timing,
                      "Clock counting: manual (default; the Intel manual's clocks) or cycle (8086/8088: prefetch "
                      "queue and bus, clock by clock)")
      ->check(CLI::IsMember({"manual", "cycle"}));
  auto* dialectOpt = pcGroup->add_option("--dialect", req->dialect, "8086 sources: masm or tasm (Turbo Assembler, MASM or Ideal mode); default: asmlab.yaml's, else tasm for a source with TASM-only directives, else masm")
      ->check(CLI::IsMember({"masm", "tasm"}));
  pcGroup->add_flag("--m510", req->masm510, "8086 sources: MASM 5.1 compatibility (ML /Zm, OPTION M510)");
  pcGroup->add_flag("--multi-pass", req->multiPass,
                    "8086 sources under --dialect tasm: TASM /m (forward jumps without one-pass NOP padding)");
  pcGroup->add_option("-I,--include", req->includePaths, "8086 sources: directory searched for INCLUDE files");
  pcGroup->add_option("-L,--libpath", req->libraryPaths, "8086 sources: directory searched for INCLUDELIB libraries");
  pcGroup->add_option("--dos-dir", req->dosDir, "Let DOS file functions use this directory (off by default)");
  pcGroup->add_option("--args", req->args, "The program's command tail (PSP:0080h)");
  auto* stepDelayOpt =
      pcGroup
          ->add_option("--emu8086-step-delay", req->emu8086StepDelay,
                       "emu8086 programs: the milliseconds of their devices' time each instruction takes, as emu8086's "
                       "step delay (default: asmlab.yaml's, else 0: the CPU's clock)")
          ->check(CLI::Range(0u, 10000u));
  addWarningOption(*cmd, req->warnings);
  cmd->add_option("--spec", req->spec,
                  "Settings file (asmlab.yaml: edition, cpu, dialect, include and library folders); default: the one "
                  "beside the program")
      ->check(CLI::ExistingFile);
  return [req, cmd, inputOpt, traceOpt, filesOpt, editionOpt, cpuOpt, dialectOpt, errorLimitOpt,
          stepDelayOpt]() -> int {
    req->inputGiven = inputOpt->count() > 0;
    req->trace = traceOpt->count() > 0;
    if (req->trace && req->traceMode.empty()) req->traceMode = "instructions";
    if (req->trace && req->traceMode != "instructions" && req->traceMode != "cycles" && req->traceMode != "micro") {
      // `--trace prog.asm`: the word after --trace was the program, not a trace mode. It goes
      // back among the files where it was on the command line.
      std::error_code ec;
      if (!std::filesystem::is_regular_file(req->traceMode, ec)) {
        std::cerr << "asmlab run: --trace " << req->traceMode << ": the trace is `--trace` (instructions), `--trace cycles` or `--trace micro`\n";
        return sim::exit_code::kUsage;
      }
      size_t before = 0;
      for (const CLI::Option* o : cmd->parse_order()) {
        if (o == traceOpt) break;
        if (o == filesOpt) ++before;
      }
      req->files.insert(req->files.begin() + static_cast<std::ptrdiff_t>(std::min(before, req->files.size())), req->traceMode);
      req->traceMode = "instructions";
    }
    if (req->files.empty()) {
      std::cerr << "asmlab run: which program? (asmlab run FILE...; asmlab run --help)\n";
      return sim::exit_code::kUsage;
    }
    if (editionOpt->count() > 0) req->given.lc3Edition = req->edition;
    if (cpuOpt->count() > 0) req->given.x86Cpu = req->cpu;
    if (dialectOpt->count() > 0) req->given.masmDialect = req->dialect;
    if (errorLimitOpt->count() > 0) req->given.errorLimit = req->errorLimit;
    if (stepDelayOpt->count() > 0) req->given.emu8086StepDelayMs = req->emu8086StepDelay;
    req->input = unescape(req->input);
    return runProgram(*req);
  };
});

}  // namespace
}  // namespace asmlab::cli

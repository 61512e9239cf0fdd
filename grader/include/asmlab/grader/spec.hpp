// A grading specification (docs/grading.md), as parsed from YAML. Values that name memory keep
// their label form; they are resolved against the submission's symbols when a test runs, because
// each submission places its labels differently.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"

namespace asmlab::grader {

// Where something was written in the spec, for errors found after parsing.
struct SpecPlace {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  std::string describe() const;  // "spec.yaml:12:5"
};

// `LABEL`, `LABEL+3`, `LABEL-1` or an absolute address; or an address read when the test runs
// through a register or a pointer in memory: `[R3]`, `[R3]+8`, `[BUFFER_PTR]+2`, on the PC
// `[SI]`, `[ES:DI]`, `[MSG_PTR]` (an offset in DS unless a segment register is named).
struct AddressExpr {
  std::string label;  // empty = absolute (or, for an indirect address, the base is the pointer)
  int64_t offset = 0;
  std::string text;   // as written, for messages
  enum class Via : uint8_t { None, Register, Memory } via = Via::None;
  std::string viaRegister;    // Via::Register: the register holding the address
  std::string pointerLabel;   // Via::Memory: where the pointer is (label, empty = absolute) ...
  int64_t pointerOffset = 0;  // ... plus this
  std::string segment;        // PC: the segment register of an indirect offset (default DS)
  bool indirect() const { return via != Via::None; }
  // LABEL+offset (an absolute address when the label is empty).
  static AddressExpr direct(std::string label, int64_t offset, std::string text) {
    AddressExpr a;
    a.label = std::move(label);
    a.offset = offset;
    a.text = std::move(text);
    return a;
  }
};

// Consecutive memory units starting at an address.
struct MemoryValues {
  AddressExpr at;
  std::vector<int64_t> values;
  bool isString = false;  // written as {string: ...}: shown as text in messages
};

// A register's value: a number, or a label expression (`ROW0+28`) resolved against the
// submission's symbols when the test runs (then `value` is unused).
struct RegisterValue {
  std::string name;
  int64_t value = 0;
  std::optional<AddressExpr> label;
  SpecPlace place;  // of the value, for an unknown label
};

struct RandomMemory {
  AddressExpr at;
  uint64_t count = 1;
  int64_t min = 0;
  int64_t max = 0xFFFF;
};

struct Setup {
  std::vector<RegisterValue> registers;
  std::vector<MemoryValues> memory;
  std::vector<std::string> randomRegisters;
  std::vector<RandomMemory> randomMemory;
};

struct Start {
  // entry: the program's entry (the first run) or the program started again at its entry, keeping
  // memory and registers (a later run); call: a subroutine; at: an address; resume: a later run
  // goes on from where the previous run stopped.
  enum class Kind : uint8_t { Entry, Call, At, Resume } kind = Kind::Entry;
  std::string call;                  // label of the subroutine
  std::vector<RegisterValue> args;
  std::vector<int64_t> push;         // stack words pushed before the return address (PC)
  bool far = false;                  // PC: push CS:IP instead of IP
  std::optional<AddressExpr> returnTrap;
  std::optional<AddressExpr> at;     // Kind::At: where execution starts
  // LC-3: run in supervisor (true) or user (false) mode; unset = the mode the run starts in.
  std::optional<bool> supervisor;
};

struct Check;
struct CompiledRegex;  // grader/src/compiled_regex.hpp

struct InputEvent {
  enum class When { Start, Waiting, Instruction, Clock } when = When::Waiting;
  uint64_t at = 0;  // instruction or clock count
  std::string keys;
  bool hasMouse = false;
  int mouseX = 0, mouseY = 0;
  unsigned mouseButtons = 0;
  int scanCode = -1;
  SpecPlace place;
  // Checks of the moment after this step: the output the program wrote since the step was typed
  // (until it waited for the next one, or stopped) and the machine state then.
  std::vector<Check> expect;
};

struct Limits {
  uint64_t instructions = 10'000'000;
  uint64_t clocks = 0;  // 0 = none
  uint64_t output = 65536;
};

struct Region {
  AddressExpr from, to;  // inclusive
};

// An RGB image read from a PNG file (0xRRGGBB per pixel, alpha dropped).
struct RgbImage {
  unsigned width = 0, height = 0;
  std::vector<uint32_t> pixels;
};
// Reads a PNG; false with a message when the file is missing or not a PNG.
bool readPng(const std::string& path, RgbImage& image, std::string& error);

// A clock count scoped to one instruction, to each call of a subroutine or to every instruction of
// a kind, and the LC-3 micro engine's state sequences (docs/grading.md, "Clocks and microcode").
struct ScopedClockCheck {
  enum class Scope { Instruction, Subroutine, Opcode } scope = Scope::Instruction;
  AddressExpr at;                 // the instruction or the subroutine's first instruction
  std::string opcodeName;         // Opcode: as written ("LDR", "JSRR", "RET")
  uint16_t wordMask = 0, wordValue = 0;  // Opcode: the instruction words it covers
  std::optional<uint64_t> equals;  // clocks: every execution takes exactly this many
  // states: the expected states of one execution; a state repeated M times (a memory state
  // waiting for R) is kept as one entry with `times` = 0 for "M".
  struct State {
    unsigned state = 0;
    unsigned times = 1;  // 0 = the memory latency M
  };
  std::vector<State> states;
  unsigned execution = 1;  // states: which execution is compared (1 = the first)
};

// How often a subroutine was called (calls: {FILL_BOX: 2, DISPLAY_BOARD: {min: 1}}).
struct CallCount {
  std::string label;
  std::optional<uint64_t> min, max;  // exact: min == max
  SpecPlace place;
};

struct Check {
  enum class Kind {
    Output,
    Registers,
    Preserved,
    Memory,
    MemoryUnchanged,
    Screen,
    Pixels,
    Pixel,
    Speaker,
    PortWrites,
    Stop,
    ExitCode,
    Instructions,
    Clocks,
    String,
    Calls,
    AnyOf,
    States
  } kind = Kind::Output;
  double points = -1;  // <0: share of the test's points
  std::string message;
  SpecPlace place;

  // output
  enum class OutputMode { Equals, Contains, NotContains, Regex, Similar } outputMode = OutputMode::Equals;
  std::vector<std::string> texts;
  std::string textSource;  // golden file name when read from a file
  double minSimilarity = 0.9;
  bool similarByCharacters = false;  // similar: edit distance over characters instead of lines
  bool ignoreCase = false;
  bool ignoreWhitespace = false;     // runs of blanks are one, trailing blanks and blank lines vanish
  bool ignoreAllWhitespace = false;  // ignore_whitespace: all: every blank and line end vanishes
  bool ignorePunctuation = false;    // ASCII punctuation characters vanish
  std::shared_ptr<const CompiledRegex> compiledRegex;  // regex mode, with its case option

  // string: the text in memory at an address (often read through a register or a pointer),
  // compared as an output check compares (equals, contains, regex, similar, and the options).
  AddressExpr stringAt;
  int64_t terminator = 0;            // the unit that ends the string ('$' for DOS strings)
  uint64_t maxLength = 1000;         // units read at most when no terminator is found

  std::vector<CallCount> calls;      // calls
  std::vector<Check> alternatives;   // any_of: the best alternative that passes scores

  std::vector<RegisterValue> registers;          // registers
  std::vector<std::string> preserved;            // preserved
  bool preservedAllBut = false;
  std::vector<MemoryValues> memory;              // memory
  std::vector<Region> regions;                   // memory_unchanged

  // screen (text) and pixels
  unsigned row = 0, column = 0, rows = 1, columns = 80;
  std::string screenText;
  std::string screenRegex;
  unsigned x = 0, y = 0, width = 0, height = 0;
  std::string imagePath;  // resolved PNG path
  std::shared_ptr<const RgbImage> image;  // read when the spec is loaded (grading reads no host files)
  double tolerance = 0;
  uint32_t rgb = 0;

  // speaker
  std::vector<double> notes;
  double toleranceHz = 5;
  uint64_t minNotes = 0;

  // port_writes: the values a program wrote to a port no device decodes (emu8086's traffic
  // lights at port 4), repeats in a row counted once; a word port takes its high byte from port+1.
  uint16_t port = 0;
  bool portWord = false;
  std::vector<int64_t> portValues;
  bool portExact = false;  // the whole sequence, not only its beginning

  std::string stopVerdict;  // stop
  int exitCode = 0;         // exit_code
  std::optional<uint64_t> min, max;  // instructions / clocks
  std::shared_ptr<const ScopedClockCheck> scoped;  // clocks of an instruction, subroutine or opcode; states

  std::string describe() const;  // short name for reports: "output equals golden.txt"
};

struct BoardSpec {
  AddressExpr memory;
  std::vector<uint64_t> cells;  // per move
  int64_t empty = ' ', player = 'X', program = 'O';
};

struct PlaySpec {
  std::vector<std::string> moves;
  std::string moveSuffix;
  std::optional<BoardSpec> board;
  std::string programWins, playerWins, draw, rejected;  // regexes ("" = not used)
  bool failOnPlayerWins = true, failOnHang = true, failOnIllegal = true, failOnCrash = true;
  unsigned maxDepth = 0;  // 0 = number of moves
  Limits limits{2'000'000, 0, 65536};
  uint64_t maxGames = 1'000'000;
};

// How a run must end for its test to score (require: halted, [halted, returned], no-exception).
struct Requirement {
  std::vector<std::string> verdicts;  // any of these; empty = not required
  bool noException = false;           // any verdict but exception
  SpecPlace place;
  bool any() const { return noException || !verdicts.empty(); }
  std::string describe() const;       // "halted", "halted or returned", "no exception"
};

// One run of the machine within a test: its initial state, where it starts, its input, its
// limits and the checks of what it left. A test has one run, or several on the same machine
// (`runs:`), each starting from the state the previous one left.
struct RunSpec {
  Setup setup;
  Start start;
  std::vector<InputEvent> input;
  Limits limits;
  std::vector<Check> checks;
  Requirement require;
  // The run ends (verdict `reached`) when execution reaches this address: e.g. a program's
  // start-up code run as far as its main loop, before later runs call its subroutines.
  std::optional<AddressExpr> until;
  SpecPlace place;
};

struct TestSpec {
  std::string name;
  // Run on a machine loaded with seeded randomisation (registers and free memory) from `seed`
  // instead of the spec's common machine (docs/grading.md, "Seeded variations").
  bool randomize = false;
  std::string description;
  double points = 1;
  std::string visibility = "visible";
  uint64_t seed = 1;
  std::vector<RunSpec> runs;  // at least one; exhaustive play uses the first run's setup and input
  std::optional<PlaySpec> play;
  SpecPlace place;
};

struct BuildSpec {
  std::vector<std::string> submission;            // file names the student submits
  std::vector<std::filesystem::path> sources;     // course sources (absolute)
  std::vector<std::filesystem::path> modules;
  std::vector<std::filesystem::path> libraries;
  int edition = 3;
  bool caseSensitiveLabels = false;               // LC-3: `Loop` and `LOOP` are two labels
  bool strict = false;                            // LC-3: reject the course tools' relaxed syntax
  std::string cpu = "8086";                       // PC: 8086, 8088, 80186, 80286, 80386
  bool cpuGiven = false;                          // the spec names the cpu (emu8086's 80186 code does not raise it)
  std::string timing = "manual";                  // PC: manual (the Intel manual's clocks) or cycle (8086/8088)
  std::string dialect = "masm";                   // PC: masm or tasm (Turbo Assembler, MASM or Ideal mode)
  bool masm510 = false;                           // PC: MASM 5.1 compatibility (OPTION M510, ML /Zm)
  size_t errorLimit = 20;                         // build errors listed (0: all; the rest are counted)
  bool multiPass = false;                         // PC, tasm: TASM /m (no one-pass NOP padding of forward jumps)
  unsigned emu8086StepDelayMs = 0;                // PC: emu8086's devices' ms per instruction (0: the clock)
  std::vector<std::filesystem::path> includePaths;  // PC: INCLUDE search folders (absolute)
  std::vector<std::filesystem::path> libraryPaths;  // PC: INCLUDELIB search folders (absolute)
  // Fill registers and free memory from a PRNG before the program starts, so that programs that
  // read uninitialised state behave differently per seed (--seed on the command line).
  bool randomize = false;
  uint64_t randomSeed = 1;
  bool haltBanner = true;  // LC-3: HALT prints "--- Halting the LC-3 ---" (halt_banner: false)
  std::string start;       // LC-3: where the program starts (a label or an address); "" = its first .ORIG
  std::string privilege;   // LC-3: "user" or "supervisor"; "" = the course simulator's rule
  // LC-3: run on the microcoded engine, with the control store from a file: one of the submission's
  // files (a microcode assignment) or a course file (docs/lc3-microarchitecture.md).
  bool microcoded = false;
  std::string microcodeSubmission;       // a name in `submission`
  std::filesystem::path microcode;       // a course file (absolute)
};

struct Spec {
  std::string name;
  std::string machine = "lc3";
  std::filesystem::path file;  // the spec file
  std::filesystem::path dir;   // its directory
  BuildSpec build;
  std::vector<TestSpec> tests;
  double maxScore() const;
};

// Parses a spec file; on error returns nullopt with located diagnostics (`file:line:col: error:`).
std::optional<Spec> loadSpec(const std::filesystem::path& file, Diagnostics& diagnostics);
// Parses spec text (file name used in messages; relative paths resolve against `dir`).
std::optional<Spec> parseSpec(const std::string& text, const std::string& fileName,
                              const std::filesystem::path& dir, Diagnostics& diagnostics);

// Parses a number in assembler syntax: 12, #-3, x3000, 0x3000, b101, 'A'. Returns nullopt if not one.
std::optional<int64_t> parseNumber(std::string_view text);
// Parses `LABEL`, `LABEL+n`, `LABEL-n` or a number.
std::optional<AddressExpr> parseAddress(std::string_view text);

}  // namespace asmlab::grader

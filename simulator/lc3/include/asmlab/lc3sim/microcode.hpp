// The LC-3's control store and its microinstructions (Patt & Patel, Appendix C): 64 rows, each
// with the microsequencer's fields (IRD, COND, J) and the datapath's control signals. The
// standard stores of both editions, the names and encodings of every field, and the text file
// format that courses hand out (docs/lc3-microarchitecture.md) are here; the engine that executes
// a store one clock at a time is part of Lc3Machine (Options::engine = Engine::Micro).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"

namespace asmlab::lc3sim {

enum class Edition : uint8_t;

// The datapath control fields, in the order of the control word (3rd edition, Table C.1 as the
// sources agree; docs/lc3-microarchitecture.md says which facts rest on what).
enum class MicroField : uint8_t {
  LdMar, LdMdr, LdIr, LdBen, LdReg, LdCc, LdPc, LdPriv, LdSavedSsp, LdSavedUsp, LdVector, LdPriority, LdAcv,
  GatePc, GateMdr, GateAlu, GateMarmux, GateVector, GatePcMinus1, GatePsr, GateSp,
  PcMux, DrMux, Sr1Mux, Addr1Mux, Addr2Mux, SpMux, MarMux, TableMux, VectorMux, PsrMux, Aluk,
  MioEn, RW, SetPriv,
  Count
};
inline constexpr size_t kMicroFieldCount = static_cast<size_t>(MicroField::Count);

// Encodings of the multi-valued fields.
namespace mux {
enum PcMux : uint8_t { kPcPlus1 = 0, kPcBus = 1, kPcAdder = 2 };
enum DrMux : uint8_t { kDrIr11 = 0, kDrR7 = 1, kDrR6 = 2 };
enum Sr1Mux : uint8_t { kSr1Ir11 = 0, kSr1Ir8 = 1, kSr1R6 = 2 };
enum Addr1Mux : uint8_t { kAddr1Pc = 0, kAddr1BaseR = 1 };
enum Addr2Mux : uint8_t { kAddr2Zero = 0, kAddr2Offset6 = 1, kAddr2Offset9 = 2, kAddr2Offset11 = 3 };
enum SpMux : uint8_t { kSpPlus1 = 0, kSpMinus1 = 1, kSpSavedSsp = 2, kSpSavedUsp = 3 };
enum MarMux : uint8_t { kMarZext8 = 0, kMarAdder = 1 };
enum TableMux : uint8_t { kTableTrap = 0, kTableInterrupt = 1 };  // Table x00 / x01
enum VectorMux : uint8_t { kVectorIntv = 0, kVectorPrivilege = 1, kVectorIllegal = 2, kVectorAccess = 3 };
enum PsrMux : uint8_t { kPsrIndividual = 0, kPsrBus = 1 };
enum Aluk : uint8_t { kAdd = 0, kAnd = 1, kNot = 2, kPassA = 3 };
enum RW : uint8_t { kRead = 0, kWrite = 1 };
}  // namespace mux

// The microsequencer's branch conditions (COND, 3 bits) and the bit of J each one sets.
enum class MicroCond : uint8_t {
  Always = 0,           // next = J
  MemoryReady = 1,      // R: J | 2
  Branch = 2,           // BEN: J | 4
  AddressingMode = 3,   // IR[11]: J | 1
  Privilege = 4,        // PSR[15] (user): J | 8
  Interrupt = 5,        // INT: J | 16
  AccessViolation = 6,  // ACV (3rd edition): J | 32
};

struct MicroFieldInfo {
  std::string_view name;     // "LD.MAR", "PCMUX"
  uint8_t bits = 1;
  // Names of the values for the trace and the debugger; empty = undefined encoding.
  std::array<std::string_view, 4> values{};
};
const MicroFieldInfo& microFieldInfo(MicroField field);
std::string_view microCondName(uint8_t cond);  // "R", "BEN", "IR[11]", "PSR[15]", "INT", "ACV"

struct MicroInstruction {
  bool ird = false;
  uint8_t cond = 0;  // MicroCond
  uint8_t j = 0;     // 0-63
  std::array<uint8_t, kMicroFieldCount> fields{};

  uint8_t operator[](MicroField f) const { return fields[static_cast<size_t>(f)]; }
  uint8_t& operator[](MicroField f) { return fields[static_cast<size_t>(f)]; }
  bool operator==(const MicroInstruction&) const = default;
};

inline constexpr unsigned kMicroStates = 64;
inline constexpr unsigned kFetchState = 18;  // the initial state and the start of every fetch

struct ControlStore {
  std::array<MicroInstruction, kMicroStates> rows{};
  std::string name;  // "standard (3rd edition)" or the file it came from
  bool operator==(const ControlStore& other) const { return rows == other.rows; }
};

// Patt & Patel's control store for the edition (states of Figure C.2 and the interrupt and
// exception states; docs/lc3-microarchitecture.md lists each state).
const ControlStore& standardControlStore(Edition edition);
// The standard state's register transfers, "MAR<-PC, PC<-PC+1, [INT]", or "" when unused.
std::string_view standardStateDescription(Edition edition, unsigned state);

// The row's next state for given inputs (the microsequencer of Figure C.5).
struct SequencerInputs {
  bool ready = false, ben = false, ir11 = false, user = false, interrupt = false, accessViolation = false;
  uint8_t opcode = 0;  // IR[15:12]
};
uint8_t nextMicroState(const MicroInstruction& row, const SequencerInputs& in);

// Problems that make a row unusable when it executes: two gates driving the bus, or a mux code
// with no input behind it. Empty when the row is sound.
std::string microInstructionProblem(const MicroInstruction& row);

// The signals the row asserts and the multiplexers whose choice matters this clock, in control
// word order: "LD.MAR", "GatePC", "PCMUX=PC+1", "COND=INT", ...
std::vector<std::string> assertedSignals(const MicroInstruction& row);

// --- the control-store file (docs/lc3-microarchitecture.md, "Control-store files") -----------

// A column of a control-store file: a microsequencer field or a datapath field, and which bit of
// it (MSB first); `width` bits of the field when a column name stands for the whole field.
struct ControlColumn {
  enum class Kind : uint8_t { Ird, Cond, J, Field } kind = Kind::Field;
  MicroField field = MicroField::LdMar;
  int bit = -1;  // -1 = the whole field, MSB first; else one bit
};
// The default column order: IRD, COND (3), J (6), then every datapath field in MicroField order
// at its width: 52 bits.
std::vector<ControlColumn> defaultControlColumns();
unsigned controlColumnWidth(const std::vector<ControlColumn>& columns);

// Reads a control store. Errors and warnings are located in the file; nullopt when it has errors.
std::optional<ControlStore> parseControlStore(std::shared_ptr<const SourceFile> file, Diagnostics& diagnostics);
// Reads it from disk (the diagnostics name the file).
std::optional<ControlStore> loadControlStore(const std::string& path, Diagnostics& diagnostics);
// The store as a file in the default layout, one commented line per state.
std::string formatControlStore(const ControlStore& store, Edition edition);

}  // namespace asmlab::lc3sim

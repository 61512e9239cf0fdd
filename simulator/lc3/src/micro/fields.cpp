// Names and encodings of the control fields, the microsequencer's next-state rule (Figure C.5),
// and which signals of a row matter (for the trace, the debugger and the row checks).
#include <array>

#include "asmlab/lc3sim/microcode.hpp"

namespace asmlab::lc3sim {
namespace {

using F = MicroField;

constexpr std::array<MicroFieldInfo, kMicroFieldCount> kFields = {{
    {"LD.MAR", 1, {}},
    {"LD.MDR", 1, {}},
    {"LD.IR", 1, {}},
    {"LD.BEN", 1, {}},
    {"LD.REG", 1, {}},
    {"LD.CC", 1, {}},
    {"LD.PC", 1, {}},
    {"LD.Priv", 1, {}},
    {"LD.SavedSSP", 1, {}},
    {"LD.SavedUSP", 1, {}},
    {"LD.Vector", 1, {}},
    {"LD.Priority", 1, {}},
    {"LD.ACV", 1, {}},
    {"GatePC", 1, {}},
    {"GateMDR", 1, {}},
    {"GateALU", 1, {}},
    {"GateMARMUX", 1, {}},
    {"GateVector", 1, {}},
    {"GatePC-1", 1, {}},
    {"GatePSR", 1, {}},
    {"GateSP", 1, {}},
    {"PCMUX", 2, {"PC+1", "BUS", "ADDER", ""}},
    {"DRMUX", 2, {"IR[11:9]", "R7", "R6", ""}},
    {"SR1MUX", 2, {"IR[11:9]", "IR[8:6]", "R6", ""}},
    {"ADDR1MUX", 1, {"PC", "BaseR"}},
    {"ADDR2MUX", 2, {"ZERO", "offset6", "PCoffset9", "PCoffset11"}},
    {"SPMUX", 2, {"SP+1", "SP-1", "Saved.SSP", "Saved.USP"}},
    {"MARMUX", 1, {"ZEXT[7:0]", "ADDER"}},
    {"TableMUX", 1, {"x00", "x01"}},
    {"VectorMUX", 2, {"INTV", "x00", "x01", "x02"}},
    {"PSRMUX", 1, {"individual", "BUS"}},
    {"ALUK", 2, {"ADD", "AND", "NOT", "PASSA"}},
    {"MIO.EN", 1, {}},
    {"R.W", 1, {"RD", "WR"}},
    {"Set.Priv", 1, {"0", "1"}},
}};

bool on(const MicroInstruction& row, F f) { return row[f] != 0; }

bool adderUsed(const MicroInstruction& row) {
  return (on(row, F::GateMarmux) && row[F::MarMux] == mux::kMarAdder) ||
         (on(row, F::LdPc) && row[F::PcMux] == mux::kPcAdder);
}

bool sr1Used(const MicroInstruction& row) {
  return on(row, F::GateAlu) || (adderUsed(row) && row[F::Addr1Mux] == mux::kAddr1BaseR) ||
         on(row, F::LdSavedSsp) || on(row, F::LdSavedUsp) ||
         (on(row, F::GateSp) && row[F::SpMux] <= mux::kSpMinus1);
}

// Whether the value of a multi-valued field steers something this clock.
bool fieldUsed(const MicroInstruction& row, F f) {
  switch (f) {
    case F::PcMux: return on(row, F::LdPc);
    case F::DrMux: return on(row, F::LdReg);
    case F::Sr1Mux: return sr1Used(row);
    case F::Addr1Mux:
    case F::Addr2Mux: return adderUsed(row);
    case F::SpMux: return on(row, F::GateSp);
    case F::MarMux: return on(row, F::GateMarmux);
    case F::TableMux: return on(row, F::LdVector);
    case F::VectorMux: return on(row, F::LdVector) && row[F::TableMux] == mux::kTableInterrupt;
    case F::PsrMux: return on(row, F::LdCc) || on(row, F::LdPriv) || on(row, F::LdPriority);
    case F::Aluk: return on(row, F::GateAlu);
    case F::RW: return on(row, F::MioEn);
    case F::SetPriv: return on(row, F::LdPriv) && row[F::PsrMux] == mux::kPsrIndividual;
    default: return false;
  }
}

bool isValueField(F f) { return !kFields[static_cast<size_t>(f)].values[0].empty(); }

}  // namespace

const MicroFieldInfo& microFieldInfo(MicroField field) { return kFields[static_cast<size_t>(field)]; }

std::string_view microCondName(uint8_t cond) {
  static constexpr std::array<std::string_view, 8> kNames = {"", "R", "BEN", "IR[11]", "PSR[15]", "INT", "ACV", ""};
  return kNames[cond & 7];
}

uint8_t nextMicroState(const MicroInstruction& row, const SequencerInputs& in) {
  if (row.ird) return in.opcode & 0xF;  // 00 || IR[15:12]
  uint8_t bit = 0;
  switch (static_cast<MicroCond>(row.cond)) {
    case MicroCond::MemoryReady: bit = in.ready ? 2 : 0; break;
    case MicroCond::Branch: bit = in.ben ? 4 : 0; break;
    case MicroCond::AddressingMode: bit = in.ir11 ? 1 : 0; break;
    case MicroCond::Privilege: bit = in.user ? 8 : 0; break;
    case MicroCond::Interrupt: bit = in.interrupt ? 16 : 0; break;
    case MicroCond::AccessViolation: bit = in.accessViolation ? 32 : 0; break;
    default: break;
  }
  return static_cast<uint8_t>((row.j | bit) & 63);
}

std::string microInstructionProblem(const MicroInstruction& row) {
  std::string gates;
  int drivers = 0;
  for (F g : {F::GatePc, F::GateMdr, F::GateAlu, F::GateMarmux, F::GateVector, F::GatePcMinus1, F::GatePsr, F::GateSp}) {
    if (!on(row, g)) continue;
    gates += (drivers++ ? " and " : "") + std::string(microFieldInfo(g).name);
  }
  if (drivers > 1) return gates + " both drive the bus";
  if (row.cond == 7 && !row.ird) return "COND=111 is not a condition";
  for (size_t i = 0; i < kMicroFieldCount; ++i) {
    const F f = static_cast<F>(i);
    if (!isValueField(f) || !fieldUsed(row, f)) continue;
    const auto& info = microFieldInfo(f);
    if (row[f] >= info.values.size() || info.values[row[f]].empty()) {
      return std::string(info.name) + "=" + std::to_string(row[f] >> 1) + std::to_string(row[f] & 1) +
             " selects no input";
    }
  }
  return {};
}

std::vector<std::string> assertedSignals(const MicroInstruction& row) {
  std::vector<std::string> out;
  for (size_t i = 0; i < kMicroFieldCount; ++i) {
    const F f = static_cast<F>(i);
    const auto& info = microFieldInfo(f);
    if (!isValueField(f)) {
      if (row[f]) out.emplace_back(info.name);
    } else if (fieldUsed(row, f)) {
      const uint8_t v = row[f];
      const std::string_view name = v < info.values.size() ? info.values[v] : std::string_view{};
      out.push_back(std::string(info.name) + "=" + (name.empty() ? "?" : std::string(name)));
    }
  }
  if (row.ird) out.emplace_back("IRD");
  else if (row.cond != 0) out.push_back("COND=" + (row.cond == 7 ? std::string("111") : std::string(microCondName(row.cond))));
  return out;
}

}  // namespace asmlab::lc3sim

// Patt & Patel's control store for both editions, state by state (Appendix C, Figure C.2 and the
// interrupt and exception states). Each row is written as the register transfers of the figure
// and the signals that perform them; docs/lc3-microarchitecture.md lists the sources of each
// state and the choices made where they disagree.
#include <initializer_list>
#include <utility>

#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/lc3sim/microcode.hpp"

namespace asmlab::lc3sim {
namespace {

using F = MicroField;
using C = MicroCond;
using namespace mux;

struct State {
  unsigned number;
  std::string_view rtl;
  std::initializer_list<std::pair<F, uint8_t>> signals;
  C cond = C::Always;
  uint8_t j = kFetchState;
  bool ird = false;
};

struct Built {
  ControlStore store;
  std::array<std::string_view, kMicroStates> rtl{};
};

void put(Built& b, const State& s) {
  MicroInstruction& row = b.store.rows[s.number];
  row = {};
  for (const auto& [field, value] : s.signals) row[field] = value;
  row.cond = static_cast<uint8_t>(s.cond);
  row.j = s.j;
  row.ird = s.ird;
  b.rtl[s.number] = s.rtl;
}

// The states both editions share (the fetch, the operate instructions, the data movement states
// that do not test ACV, RTI and the interrupt entry's common part).
void putCommon(Built& b, bool third) {
  put(b, {0, "[BEN]", {}, C::Branch, kFetchState});
  put(b, {1, "DR<-SR1+OP2, set CC",
          {{F::LdReg, 1}, {F::LdCc, 1}, {F::GateAlu, 1}, {F::DrMux, kDrIr11}, {F::Sr1Mux, kSr1Ir8}, {F::Aluk, kAdd}}});
  put(b, {5, "DR<-SR1&OP2, set CC",
          {{F::LdReg, 1}, {F::LdCc, 1}, {F::GateAlu, 1}, {F::DrMux, kDrIr11}, {F::Sr1Mux, kSr1Ir8}, {F::Aluk, kAnd}}});
  put(b, {9, "DR<-NOT(SR), set CC",
          {{F::LdReg, 1}, {F::LdCc, 1}, {F::GateAlu, 1}, {F::DrMux, kDrIr11}, {F::Sr1Mux, kSr1Ir8}, {F::Aluk, kNot}}});
  put(b, {12, "PC<-BaseR",
          {{F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1BaseR}, {F::Sr1Mux, kSr1Ir8}, {F::Addr2Mux, kAddr2Zero}}});
  if (third) {
    put(b, {14, "DR<-PC+off9",
            {{F::LdReg, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1Pc}, {F::Addr2Mux, kAddr2Offset9},
             {F::DrMux, kDrIr11}}});
  } else {
    put(b, {14, "DR<-PC+off9, set CC",
            {{F::LdReg, 1}, {F::LdCc, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1Pc},
             {F::Addr2Mux, kAddr2Offset9}, {F::DrMux, kDrIr11}}});
  }
  put(b, {22, "PC<-PC+off9", {{F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1Pc}, {F::Addr2Mux, kAddr2Offset9}}});
  put(b, {16, "M[MAR]<-MDR, [R]", {{F::MioEn, 1}, {F::RW, kWrite}}, C::MemoryReady, 16});
  put(b, {24, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 24});
  put(b, {25, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 25});
  put(b, {29, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 29});
  put(b, {27, "DR<-MDR, set CC", {{F::LdReg, 1}, {F::LdCc, 1}, {F::GateMdr, 1}, {F::DrMux, kDrIr11}}});
  put(b, {32, "BEN<-IR[11]&N+IR[10]&Z+IR[9]&P, [IR[15:12]]", {{F::LdBen, 1}}, C::Always, 0, true});

  // RTI (states 8, 36, 38, 39, 40, 42, 34, 51/59) and its privilege check.
  put(b, {8, "MAR<-R6, [PSR[15]]",
          {{F::LdMar, 1}, {F::GateAlu, 1}, {F::Aluk, kPassA}, {F::Sr1Mux, kSr1R6}}, C::Privilege, 36});
  put(b, {36, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 36});
  put(b, {38, "PC<-MDR", {{F::LdPc, 1}, {F::PcMux, kPcBus}, {F::GateMdr, 1}}, C::Always, 39});
  put(b, {39, "MAR, R6<-R6+1",
          {{F::LdMar, 1}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::Sr1Mux, kSr1R6}, {F::GateSp, 1}, {F::SpMux, kSpPlus1}},
          C::Always, 40});
  put(b, {40, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 40});
  put(b, {42, "PSR<-MDR",
          {{F::LdPriv, 1}, {F::LdPriority, 1}, {F::LdCc, 1}, {F::PsrMux, kPsrBus}, {F::GateMdr, 1}}, C::Always, 34});
  put(b, {34, "R6<-R6+1, [PSR[15]]",
          {{F::LdReg, 1}, {F::DrMux, kDrR6}, {F::Sr1Mux, kSr1R6}, {F::GateSp, 1}, {F::SpMux, kSpPlus1}}, C::Privilege, 51});
  put(b, {51, "nothing (back to supervisor code)", {}});
  put(b, {59, "Saved.SSP<-R6, R6<-Saved.USP",
          {{F::LdSavedSsp, 1}, {F::Sr1Mux, kSr1R6}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::GateSp, 1},
           {F::SpMux, kSpSavedUsp}}});

  // Exception and interrupt entry: privilege violation (44), illegal opcode (13), interrupt (49),
  // then the stack switch (45) and the push of PSR (37, 41) and PC (43, then edition-specific).
  put(b, {44, "Table<-x01, Vector<-x00, MDR<-PSR, PSR[15]<-0",
          {{F::LdVector, 1}, {F::TableMux, kTableInterrupt}, {F::VectorMux, kVectorPrivilege}, {F::LdMdr, 1},
           {F::GatePsr, 1}, {F::LdPriv, 1}, {F::PsrMux, kPsrIndividual}, {F::SetPriv, 0}},
          C::Always, 45});
  put(b, {13, "Table<-x01, Vector<-x01, MDR<-PSR, PSR[15]<-0, [PSR[15]]",
          {{F::LdVector, 1}, {F::TableMux, kTableInterrupt}, {F::VectorMux, kVectorIllegal}, {F::LdMdr, 1},
           {F::GatePsr, 1}, {F::LdPriv, 1}, {F::PsrMux, kPsrIndividual}, {F::SetPriv, 0}},
          C::Privilege, 37});
  put(b, {49, "Table<-x01, Vector<-INTV, MDR<-PSR, PSR[10:8]<-Priority, PSR[15]<-0, [PSR[15]]",
          {{F::LdVector, 1}, {F::TableMux, kTableInterrupt}, {F::VectorMux, kVectorIntv}, {F::LdMdr, 1}, {F::GatePsr, 1},
           {F::LdPriv, 1}, {F::LdPriority, 1}, {F::PsrMux, kPsrIndividual}, {F::SetPriv, 0}},
          C::Privilege, 37});
  put(b, {45, "Saved.USP<-R6, R6<-Saved.SSP",
          {{F::LdSavedUsp, 1}, {F::Sr1Mux, kSr1R6}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::GateSp, 1},
           {F::SpMux, kSpSavedSsp}},
          C::Always, 37});
  put(b, {37, "MAR, R6<-R6-1",
          {{F::LdMar, 1}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::Sr1Mux, kSr1R6}, {F::GateSp, 1}, {F::SpMux, kSpMinus1}},
          C::Always, 41});
  put(b, {41, "M[MAR]<-MDR (PSR), [R]", {{F::MioEn, 1}, {F::RW, kWrite}}, C::MemoryReady, 41});
}

// 2nd edition (2004): fetch 18-33-35-32, TRAP through R7 (15-28-30), the push of PC in 47-48
// and the vector read in 50-52-54; no access-control states.
Built buildSecond() {
  Built b;
  putCommon(b, false);
  put(b, {18, "MAR<-PC, PC<-PC+1, [INT]",
          {{F::LdMar, 1}, {F::GatePc, 1}, {F::LdPc, 1}, {F::PcMux, kPcPlus1}}, C::Interrupt, 33});
  put(b, {33, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 33});
  put(b, {35, "IR<-MDR", {{F::LdIr, 1}, {F::GateMdr, 1}}, C::Always, 32});
  const std::initializer_list<std::pair<F, uint8_t>> marPcOffset9 = {
      {F::LdMar, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1Pc}, {F::Addr2Mux, kAddr2Offset9}};
  const std::initializer_list<std::pair<F, uint8_t>> marBaseOffset6 = {
      {F::LdMar, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1BaseR}, {F::Sr1Mux, kSr1Ir8},
      {F::Addr2Mux, kAddr2Offset6}};
  put(b, {2, "MAR<-PC+off9", marPcOffset9, C::Always, 25});
  put(b, {3, "MAR<-PC+off9", marPcOffset9, C::Always, 23});
  put(b, {10, "MAR<-PC+off9", marPcOffset9, C::Always, 24});
  put(b, {11, "MAR<-PC+off9", marPcOffset9, C::Always, 29});
  put(b, {6, "MAR<-B+off6", marBaseOffset6, C::Always, 25});
  put(b, {7, "MAR<-B+off6", marBaseOffset6, C::Always, 23});
  put(b, {23, "MDR<-SR", {{F::LdMdr, 1}, {F::GateAlu, 1}, {F::Aluk, kPassA}, {F::Sr1Mux, kSr1Ir11}}, C::Always, 16});
  put(b, {26, "MAR<-MDR", {{F::LdMar, 1}, {F::GateMdr, 1}}, C::Always, 25});
  put(b, {31, "MAR<-MDR", {{F::LdMar, 1}, {F::GateMdr, 1}}, C::Always, 23});
  // JSR: R7 is written in state 4, before the target is read (so JSRR R7 jumps to the return address).
  put(b, {4, "R7<-PC, [IR[11]]", {{F::LdReg, 1}, {F::DrMux, kDrR7}, {F::GatePc, 1}}, C::AddressingMode, 20});
  put(b, {20, "PC<-BaseR",
          {{F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1BaseR}, {F::Sr1Mux, kSr1Ir8}, {F::Addr2Mux, kAddr2Zero}}});
  put(b, {21, "PC<-PC+off11",
          {{F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1Pc}, {F::Addr2Mux, kAddr2Offset11}}});
  put(b, {15, "MAR<-ZEXT(IR[7:0])", {{F::LdMar, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarZext8}}, C::Always, 28});
  put(b, {28, "MDR<-M[MAR], R7<-PC, [R]",
          {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}, {F::LdReg, 1}, {F::DrMux, kDrR7}, {F::GatePc, 1}},
          C::MemoryReady, 28});
  put(b, {30, "PC<-MDR", {{F::LdPc, 1}, {F::PcMux, kPcBus}, {F::GateMdr, 1}}});
  put(b, {43, "MDR<-PC-1", {{F::LdMdr, 1}, {F::GatePcMinus1, 1}}, C::Always, 47});
  put(b, {47, "MAR, R6<-R6-1",
          {{F::LdMar, 1}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::Sr1Mux, kSr1R6}, {F::GateSp, 1}, {F::SpMux, kSpMinus1}},
          C::Always, 48});
  put(b, {48, "M[MAR]<-MDR (PC), [R]", {{F::MioEn, 1}, {F::RW, kWrite}}, C::MemoryReady, 48});
  put(b, {50, "MAR<-Table'Vector", {{F::LdMar, 1}, {F::GateVector, 1}}, C::Always, 52});
  put(b, {52, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 52});
  put(b, {54, "PC<-MDR", {{F::LdPc, 1}, {F::PcMux, kPcBus}, {F::GateMdr, 1}}});
  b.store.name = "standard (2nd edition)";
  return b;
}

// 3rd edition (2019): ACV latched with every fetch and data MAR load and tested before the
// access (33, 35, 17, 19, 23); fetch 18-33-28-30-32; TRAP through the supervisor stack
// (15, 47, then the interrupt push 37-41-43-46-52 and the vector read 54-53-55).
Built buildThird() {
  Built b;
  putCommon(b, true);
  put(b, {18, "MAR<-PC, PC<-PC+1, set ACV, [INT]",
          {{F::LdMar, 1}, {F::LdAcv, 1}, {F::GatePc, 1}, {F::LdPc, 1}, {F::PcMux, kPcPlus1}}, C::Interrupt, 33});
  put(b, {33, "[ACV]", {}, C::AccessViolation, 28});
  put(b, {28, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 28});
  put(b, {30, "IR<-MDR", {{F::LdIr, 1}, {F::GateMdr, 1}}, C::Always, 32});
  const std::initializer_list<std::pair<F, uint8_t>> marPcOffset9 = {
      {F::LdMar, 1}, {F::LdAcv, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1Pc},
      {F::Addr2Mux, kAddr2Offset9}};
  const std::initializer_list<std::pair<F, uint8_t>> marBaseOffset6 = {
      {F::LdMar, 1}, {F::LdAcv, 1}, {F::GateMarmux, 1}, {F::MarMux, kMarAdder}, {F::Addr1Mux, kAddr1BaseR},
      {F::Sr1Mux, kSr1Ir8}, {F::Addr2Mux, kAddr2Offset6}};
  put(b, {2, "MAR<-PC+off9, set ACV", marPcOffset9, C::Always, 35});
  put(b, {3, "MAR<-PC+off9, set ACV", marPcOffset9, C::Always, 23});
  put(b, {10, "MAR<-PC+off9, set ACV", marPcOffset9, C::Always, 17});
  put(b, {11, "MAR<-PC+off9, set ACV", marPcOffset9, C::Always, 19});
  put(b, {6, "MAR<-B+off6, set ACV", marBaseOffset6, C::Always, 35});
  put(b, {7, "MAR<-B+off6, set ACV", marBaseOffset6, C::Always, 23});
  put(b, {35, "[ACV]", {}, C::AccessViolation, 25});
  put(b, {17, "[ACV]", {}, C::AccessViolation, 24});
  put(b, {19, "[ACV]", {}, C::AccessViolation, 29});
  put(b, {23, "MDR<-SR, [ACV]", {{F::LdMdr, 1}, {F::GateAlu, 1}, {F::Aluk, kPassA}, {F::Sr1Mux, kSr1Ir11}},
          C::AccessViolation, 16});
  put(b, {26, "MAR<-MDR, set ACV", {{F::LdMar, 1}, {F::LdAcv, 1}, {F::GateMdr, 1}}, C::Always, 35});
  put(b, {31, "MAR<-MDR, set ACV", {{F::LdMar, 1}, {F::LdAcv, 1}, {F::GateMdr, 1}}, C::Always, 23});
  // JSR: R7 is written together with the PC, so JSRR R7 jumps to the old R7.
  put(b, {4, "[IR[11]]", {}, C::AddressingMode, 20});
  put(b, {20, "R7<-PC, PC<-BaseR",
          {{F::LdReg, 1}, {F::DrMux, kDrR7}, {F::GatePc, 1}, {F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1BaseR},
           {F::Sr1Mux, kSr1Ir8}, {F::Addr2Mux, kAddr2Zero}}});
  put(b, {21, "R7<-PC, PC<-PC+off11",
          {{F::LdReg, 1}, {F::DrMux, kDrR7}, {F::GatePc, 1}, {F::LdPc, 1}, {F::PcMux, kPcAdder}, {F::Addr1Mux, kAddr1Pc},
           {F::Addr2Mux, kAddr2Offset11}}});
  // TRAP: state 15 increments the PC once more so that the PC-1 pushed in state 43 is the
  // instruction after the TRAP; state 47 names the trap vector table and enters supervisor mode.
  put(b, {15, "MDR<-PSR, PC<-PC+1", {{F::LdMdr, 1}, {F::GatePsr, 1}, {F::LdPc, 1}, {F::PcMux, kPcPlus1}}, C::Always, 47});
  put(b, {47, "Table<-x00, Vector<-IR[7:0], PSR[15]<-0, [PSR[15]]",
          {{F::LdVector, 1}, {F::TableMux, kTableTrap}, {F::LdPriv, 1}, {F::PsrMux, kPsrIndividual}, {F::SetPriv, 0}},
          C::Privilege, 37});
  put(b, {43, "MDR<-PC-1", {{F::LdMdr, 1}, {F::GatePcMinus1, 1}}, C::Always, 46});
  put(b, {46, "MAR, R6<-R6-1",
          {{F::LdMar, 1}, {F::LdReg, 1}, {F::DrMux, kDrR6}, {F::Sr1Mux, kSr1R6}, {F::GateSp, 1}, {F::SpMux, kSpMinus1}},
          C::Always, 52});
  put(b, {52, "M[MAR]<-MDR (PC), [R]", {{F::MioEn, 1}, {F::RW, kWrite}}, C::MemoryReady, 52});
  put(b, {54, "MAR<-Table'Vector", {{F::LdMar, 1}, {F::GateVector, 1}}, C::Always, 53});
  put(b, {53, "MDR<-M[MAR], [R]", {{F::LdMdr, 1}, {F::MioEn, 1}, {F::RW, kRead}}, C::MemoryReady, 53});
  put(b, {55, "PC<-MDR", {{F::LdPc, 1}, {F::PcMux, kPcBus}, {F::GateMdr, 1}}});
  // Access control violations, entered from the ACV tests: 48 (store, from 23), 56 (LDI pointer,
  // from 17), 57 (load, from 35), 60 (fetch, from 33), 61 (STI pointer, from 19). ACV implies user
  // mode, so each goes straight to the stack switch in 45.
  for (unsigned s : {48u, 56u, 57u, 60u, 61u}) {
    put(b, {s, "Table<-x01, Vector<-x02, MDR<-PSR, PSR[15]<-0",
            {{F::LdVector, 1}, {F::TableMux, kTableInterrupt}, {F::VectorMux, kVectorAccess}, {F::LdMdr, 1},
             {F::GatePsr, 1}, {F::LdPriv, 1}, {F::PsrMux, kPsrIndividual}, {F::SetPriv, 0}},
            C::Always, 45});
  }
  b.store.name = "standard (3rd edition)";
  return b;
}

const Built& built(Edition edition) {
  static const Built second = buildSecond();
  static const Built third = buildThird();
  return edition == Edition::Second ? second : third;
}

}  // namespace

const ControlStore& standardControlStore(Edition edition) { return built(edition).store; }

std::string_view standardStateDescription(Edition edition, unsigned state) {
  return state < kMicroStates ? built(edition).rtl[state] : std::string_view{};
}

}  // namespace asmlab::lc3sim

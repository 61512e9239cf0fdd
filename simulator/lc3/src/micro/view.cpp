// The micro engine seen from outside: the datapath and the clock about to run (computed without
// side effects: no memory is read), and the trace line of an executed clock.
#include "datapath.hpp"
#include "../hex.hpp"

namespace asmlab::lc3sim {

MicroView Lc3Machine::microView() const {
  MicroView v;
  if (!microcoded()) return v;
  const MicroState& ms = *micro_;
  const CompiledRow& r = microProgram_->rows[ms.state];
  v.state = ms.state;
  v.row = microProgram_->store.rows[ms.state];
  v.problem = microProgram_->problems[ms.state];
  v.atInstructionBoundary = ms.atBoundary;
  v.ir = ms.ir;
  v.mar = ms.mar;
  v.mdr = ms.mdr;
  v.ben = ms.ben;
  v.acv = ms.acv;
  v.vector = ms.vector;
  v.table = ms.table;

  const uint16_t ir = ms.ir;
  v.sr1Out = regs_[sr1Index(r.sr1, ir)];
  v.sr2Out = aluOperandB(ir, regs_);
  v.aluOut = alu(r.aluk, v.sr1Out, ir, regs_);
  v.adderOut = addressAdder(r, pc_, v.sr1Out, ir);
  v.marmuxOut = r.marMux == mux::kMarAdder ? v.adderOut : static_cast<uint16_t>(ir & 0xFF);
  v.spmuxOut = spMux(r.spMux, v.sr1Out, savedSsp_, savedUsp_);
  v.pcMinus1 = static_cast<uint16_t>(pc_ - 1);
  v.psr = psr();
  v.busDriven = r.gate != kGateNone;
  switch (r.gate) {
    case kGatePc: v.bus = pc_; break;
    case kGateMdr: v.bus = ms.mdr; break;
    case kGateAlu: v.bus = v.aluOut; break;
    case kGateMarmux: v.bus = v.marmuxOut; break;
    case kGateVector: v.bus = static_cast<uint16_t>(ms.table << 8 | ms.vector); break;
    case kGatePcMinus1: v.bus = v.pcMinus1; break;
    case kGatePsr: v.bus = v.psr; break;
    case kGateSp: v.bus = v.spmuxOut; break;
    default: break;
  }
  v.pcmuxOut = r.pcMux == mux::kPcPlus1 ? static_cast<uint16_t>(pc_ + 1) : r.pcMux == mux::kPcBus ? v.bus : v.adderOut;
  v.memoryLatency = options_.memoryLatency;
  v.memoryAccess = r.memory != kMemoryNone;
  v.memoryWrite = r.memory == kMemoryWrite;
  v.memoryClock = v.memoryAccess ? ms.memoryClocks + 1u : 0;
  v.ready = v.memoryAccess && v.memoryClock >= options_.memoryLatency;
  v.interrupt = interruptDue();

  SequencerInputs in;
  in.ready = v.ready;
  in.ben = ms.ben;
  in.ir11 = (ir & 0x0800) != 0;
  in.user = (psr_ & 0x8000) != 0;
  in.interrupt = v.interrupt;
  in.accessViolation = ms.acv;
  in.opcode = static_cast<uint8_t>(ir >> 12);
  v.nextState = v.row.ird && illegalInstruction(ir) ? 13 : nextMicroState(v.row, in);
  return v;
}

std::string formatMicroClock(const MicroClockEvent& e) {
  std::string signals;
  if (e.row) {
    for (const std::string& s : assertedSignals(*e.row)) signals += (signals.empty() ? "" : " ") + s;
  }
  if (e.memoryAccess) signals += e.ready ? " (R)" : " (R=0)";
  char head[48];
  std::snprintf(head, sizeof head, "%10llu  %2u->%-2u  ", static_cast<unsigned long long>(e.clock), e.state,
                e.nextState);
  std::string line = head;
  line += signals.empty() ? "-" : signals;
  line += e.busDriven ? "  bus=x" + hex4(e.bus) : "  bus=-";
  for (const auto& c : e.changes) {
    line += "  " + c.name + "=";
    if (c.name == "CC") {
      line += (c.value & 4) ? 'N' : 'n';
      line += (c.value & 2) ? 'Z' : 'z';
      line += (c.value & 1) ? 'P' : 'p';
    } else if (c.name == "BEN" || c.name == "ACV") {
      line += std::to_string(c.value);
    } else {
      line += "x" + hex4(c.value);
    }
  }
  return line;
}

}  // namespace asmlab::lc3sim

// Counting subroutine calls with breakpoints that never stop: one on each call instruction that
// can reach a watched subroutine, one on each subroutine's first instruction.
#include "call_counter.hpp"

#include <algorithm>
#include <set>

#include "run_context.hpp"

namespace asmlab::grader {
namespace {

int64_t signExtend(uint64_t value, unsigned bits) {
  const uint64_t sign = 1ull << (bits - 1);
  return static_cast<int64_t>((value ^ sign) - sign);
}

// LC-3 JSR (bit 11 set, PC-relative: its target is known) and JSRR (bits 11-9 and 5-0 zero, a
// base register) words, Patt & Patel 3rd ed. A.3. A data word that looks like one is harmless: it
// is only counted if it runs.
std::vector<uint64_t> lc3CallSites(const sim::Machine& m, const std::set<uint64_t>& targets) {
  std::vector<uint64_t> sites;
  for (uint64_t a = 0; a < 0xFE00; ++a) {  // below the device registers, whose reads are state
    const uint32_t w = m.peek(a);
    if ((w >> 12) != 0x4) continue;
    if (w & 0x0800) {
      const uint64_t target = (a + 1 + static_cast<uint64_t>(signExtend(w & 0x7FF, 11))) & 0xFFFF;
      if (targets.count(target)) sites.push_back(a);
    } else if ((w & 0x0E3F) == 0) {
      sites.push_back(a);
    }
  }
  return sites;
}

// 8086 CALL forms (Intel 8086 Family User's Manual, CALL): E8 rel16 and 9A ptr16:16 with their
// targets known, FF /2 and FF /3 through a register or memory. Scanned over the code segment the
// run starts in; a byte inside another instruction never starts one, so it is never counted.
std::vector<uint64_t> x86CallSites(const sim::Machine& m, const std::set<uint64_t>& targets) {
  std::vector<uint64_t> sites;
  auto cs = findRegister(m, "CS");
  if (!cs) return sites;
  const uint64_t base = readRegister(m, *cs) << 4;
  const uint64_t size = m.memorySize();
  auto byte = [&](uint64_t offset) { return m.peek((base + (offset & 0xFFFF)) % size); };
  for (uint64_t offset = 0; offset < 0x10000; ++offset) {
    const uint32_t op = byte(offset);
    if (op == 0xE8) {
      const uint64_t rel = byte(offset + 1) | (byte(offset + 2) << 8);
      if (targets.count((base + ((offset + 3 + rel) & 0xFFFF)) % size)) sites.push_back((base + offset) % size);
    } else if (op == 0x9A) {
      const uint64_t target = ((byte(offset + 3) | (byte(offset + 4) << 8)) << 4) + (byte(offset + 1) | (byte(offset + 2) << 8));
      if (targets.count(target % size)) sites.push_back((base + offset) % size);
    } else if (op == 0xFF) {
      const uint32_t reg = (byte(offset + 1) >> 3) & 7;
      if (reg == 2 || reg == 3) sites.push_back((base + offset) % size);
    }
  }
  return sites;
}

}  // namespace

void CallCounter::watch(sim::Machine& m, const std::vector<std::string>& labels) {
  state_ = std::make_shared<State>();
  std::set<uint64_t> targets;
  // The subroutines first, so that at an address that is both, the arrival is judged before a
  // call made there is noted.
  for (const auto& label : labels) {
    auto address = m.symbols().find(label);
    if (!address || state_->counts.count(label)) continue;
    state_->counts[label] = 0;
    targets.insert(*address);
    std::shared_ptr<State> state = state_;
    breakpoints_.push_back(m.breakpoints().addExecute(*address, [state, label](const sim::Machine& machine) {
      const uint64_t now = machine.instructionCount();
      if (state->lastCall != UINT64_MAX && now == state->lastCall + 1) {
        auto [counted, fresh] = state->countedAt.try_emplace(label, now);
        if (fresh || counted->second != now) {
          counted->second = now;
          ++state->counts[label];
        }
      }
      return false;
    }, "call count " + label));
  }
  if (targets.empty()) return;
  std::vector<uint64_t> sites = m.architecture() == "lc3" ? lc3CallSites(m, targets) : x86CallSites(m, targets);
  std::shared_ptr<State> state = state_;
  // A run that starts on a call (a subroutine under test that begins with one) may not stop at a
  // breakpoint on its very first instruction: note that call now.
  if (std::find(sites.begin(), sites.end(), m.programCounter()) != sites.end()) state->lastCall = m.instructionCount();
  for (uint64_t site : sites) {
    breakpoints_.push_back(m.breakpoints().addExecute(site, [state](const sim::Machine& machine) {
      state->lastCall = machine.instructionCount();
      return false;
    }, "call site"));
  }
}

std::optional<uint64_t> CallCounter::count(const std::string& label) const {
  if (!state_) return std::nullopt;
  auto found = state_->counts.find(label);
  if (found == state_->counts.end()) return std::nullopt;
  return found->second;
}

void CallCounter::stop(sim::Machine& m) {
  for (int id : breakpoints_) m.breakpoints().remove(id);
  breakpoints_.clear();
}

}  // namespace asmlab::grader

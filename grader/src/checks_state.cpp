// Checks on the machine state a run leaves: registers, preserved registers, memory, the stop
// verdict and the instruction and clock counts. Device checks are in checks_devices.cpp.
#include <fmt/format.h>

#include "call_counter.hpp"
#include "checks_devices.hpp"
#include "micro_probe.hpp"
#include "run_context.hpp"

namespace asmlab::grader {
namespace {

uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

CheckResult registersCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  std::vector<std::string> wrong;
  for (const auto& want : check.registers) {
    auto ref = findRegister(ctx.machine, want.name);
    if (!ref) {
      wrong.push_back(fmt::format("machine has no register {}", want.name));
      continue;
    }
    std::string error;
    auto value = registerValue(want, ctx.machine, error);
    if (!value) {
      wrong.push_back(error);
      continue;
    }
    uint64_t expected = static_cast<uint64_t>(*value) & mask(ref->bits);
    uint64_t actual = readRegister(ctx.machine, *ref);
    if (expected != actual) {
      wrong.push_back(fmt::format("{}: expected {}, got {}", want.name, formatValue(ctx.machine, expected, ref->bits),
                                  formatValue(ctx.machine, actual, ref->bits)));
    }
  }
  r.passed = wrong.empty();
  for (const auto& w : wrong) r.message += (r.message.empty() ? "" : "; ") + w;
  return r;
}

CheckResult preservedCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto& regs = ctx.machine.registers();
  std::vector<std::string> names;
  if (check.preservedAllBut) {
    // Every general register except those listed (and the program counter and flags).
    for (const auto& info : regs) {
      std::string upper = info.name;
      for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (info.isFlags || upper == "PC" || upper == "IP" || upper == "PSR") continue;
      bool excluded = std::any_of(check.preserved.begin(), check.preserved.end(), [&](const std::string& n) {
        return editDistance(n, info.name) == 0;
      });
      if (!excluded) names.push_back(info.name);
    }
  } else {
    names = check.preserved;
  }
  std::vector<std::string> changed;
  for (const auto& name : names) {
    auto ref = findRegister(ctx.machine, name);
    if (!ref) {
      changed.push_back(fmt::format("machine has no register {}", name));
      continue;
    }
    uint64_t before = (ctx.initialRegisters.at(static_cast<size_t>(ref->index)) >> ref->shift) & mask(ref->bits);
    uint64_t after = readRegister(ctx.machine, *ref);
    if (before != after) {
      changed.push_back(fmt::format("{} changed from {} to {}", name, formatValue(ctx.machine, before, ref->bits),
                                    formatValue(ctx.machine, after, ref->bits)));
    }
  }
  r.passed = changed.empty();
  for (const auto& c : changed) r.message += (r.message.empty() ? "not preserved: " : "; ") + c;
  return r;
}

CheckResult memoryCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto& m = ctx.machine;
  uint64_t unitMask = mask(m.memoryUnitBits());
  std::vector<std::string> wrong;
  for (const auto& mv : check.memory) {
    std::string error;
    auto at = resolveAddress(mv.at, m, error);
    if (!at) {
      wrong.push_back(error);
      continue;
    }
    for (size_t i = 0; i < mv.values.size(); ++i) {
      uint64_t address = *at + i;
      uint64_t expected = static_cast<uint64_t>(mv.values[i]) & unitMask;
      uint64_t actual = address < m.memorySize() ? m.peek(address) : 0;
      if (expected != actual) {
        std::string where = mv.values.size() == 1 ? mv.at.text : fmt::format("{}[{}]", mv.at.text, i);
        wrong.push_back(fmt::format("{} = {}: expected {}, got {}", where, describeAddress(m, address),
                                    formatValue(m, expected, m.memoryUnitBits()), formatValue(m, actual, m.memoryUnitBits())));
        if (wrong.size() >= 8) break;
      }
    }
  }
  r.passed = wrong.empty();
  for (const auto& w : wrong) r.message += (r.message.empty() ? "" : "; ") + w;
  return r;
}

CheckResult unchangedCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto& m = ctx.machine;
  std::vector<std::string> changed;
  size_t total = 0;
  for (const auto& region : check.regions) {
    std::string error;
    auto from = resolveAddress(region.from, m, error);
    auto to = from ? resolveAddress(region.to, m, error) : std::nullopt;
    if (!from || !to) {
      changed.push_back(error);
      continue;
    }
    for (uint64_t a = *from; a <= *to && a < m.memorySize(); ++a) {
      uint32_t before = ctx.initialMemory.at(a), after = m.peek(a);
      if (before == after) continue;
      if (++total <= 5) {
        changed.push_back(fmt::format("{} changed from {} to {}", describeAddress(m, a),
                                      formatValue(m, before, m.memoryUnitBits()), formatValue(m, after, m.memoryUnitBits())));
      }
    }
  }
  r.passed = changed.empty();
  for (const auto& c : changed) r.message += (r.message.empty() ? "" : "; ") + c;
  if (total > 5) r.message += fmt::format("; {} locations changed in all", total);
  return r;
}

CheckResult boundCheck(const Check& check, uint64_t actual, const char* what, CheckResult r) {
  r.passed = (!check.min || actual >= *check.min) && (!check.max || actual <= *check.max);
  if (!r.passed) {
    if (check.max && actual > *check.max) r.message = fmt::format("{} {}: more than the maximum {}", actual, what, *check.max);
    else r.message = fmt::format("{} {}: fewer than the minimum {}", actual, what, *check.min);
  }
  return r;
}

CheckResult callsCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  std::vector<std::string> wrong;
  for (const auto& call : check.calls) {
    std::optional<uint64_t> count = ctx.calls ? ctx.calls->count(call.label) : std::nullopt;
    if (!count) {
      wrong.push_back(fmt::format("{}: label {} is not defined in the submission", call.place.describe(), call.label));
      continue;
    }
    auto times = [](uint64_t n) { return n == 1 ? std::string("once") : fmt::format("{} times", n); };
    if (call.min && call.max && *call.min == *call.max && *count != *call.min) {
      wrong.push_back(fmt::format("{} was called {}, expected {}", call.label, times(*count), times(*call.min)));
    } else if (call.min && *count < *call.min) {
      wrong.push_back(fmt::format("{} was called {}, expected at least {}", call.label, times(*count), times(*call.min)));
    } else if (call.max && *count > *call.max) {
      wrong.push_back(fmt::format("{} was called {}, expected at most {}", call.label, times(*count), times(*call.max)));
    }
  }
  r.passed = wrong.empty();
  for (const auto& w : wrong) r.message += (r.message.empty() ? "" : "; ") + w;
  return r;
}

// The alternative that earns most; its message, or every alternative's when none passes.
CheckResult anyOfCheck(const Check& check, const RunContext& ctx, double maxScore) {
  CheckResult best{check.describe(), false, 0, maxScore, {}};
  std::vector<CheckResult> results;
  for (const auto& alternative : check.alternatives) {
    results.push_back(evaluateCheck(alternative, ctx, alternative.points >= 0 ? alternative.points : maxScore));
  }
  size_t bestIndex = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].score > results[bestIndex].score + 1e-12) bestIndex = i;
  }
  best.score = std::min(results[bestIndex].score, maxScore);
  best.passed = best.score >= maxScore - 1e-9;
  if (best.passed) return best;
  if (best.score > 0) {
    best.message = fmt::format("alternative {} ({}) earned {:g} of {:g}; ", bestIndex + 1, check.alternatives[bestIndex].describe(),
                               roundScore(best.score), roundScore(maxScore));
  }
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].passed) continue;
    best.message += fmt::format("{}alternative {}: {}", i == 0 || best.message.empty() ? "" : "; ", i + 1, results[i].message);
  }
  return best;
}

}  // namespace

std::string_view RunContext::output() const {
  std::string_view all = machine.output();
  size_t start = std::min(outputStart, all.size());
  size_t end = outputEnd == std::string::npos ? all.size() : std::min(outputEnd, all.size());
  return all.substr(start, end > start ? end - start : 0);
}

bool needsInitialMemory(const Check& check) {
  if (check.kind == Check::Kind::MemoryUnchanged) return true;
  return std::any_of(check.alternatives.begin(), check.alternatives.end(), needsInitialMemory);
}

CheckResult evaluateCheck(const Check& check, const RunContext& ctx, double maxScore) {
  CheckResult r{check.describe(), false, 0, maxScore, {}};
  using K = Check::Kind;
  switch (check.kind) {
    case K::Output: return evaluateOutput(check, ctx.output(), maxScore);
    case K::String: return evaluateString(check, ctx, maxScore);
    case K::AnyOf: return anyOfCheck(check, ctx, maxScore);
    case K::Calls: r = callsCheck(check, ctx, r); break;
    case K::Registers: r = registersCheck(check, ctx, r); break;
    case K::Preserved: r = preservedCheck(check, ctx, r); break;
    case K::Memory: r = memoryCheck(check, ctx, r); break;
    case K::MemoryUnchanged: r = unchangedCheck(check, ctx, r); break;
    case K::Screen: r = screenCheck(check, ctx, r); break;
    case K::Pixels: r = pixelsCheck(check, ctx, r); break;
    case K::Pixel: r = pixelCheck(check, ctx, r); break;
    case K::Speaker: r = speakerCheck(check, ctx, r); break;
    case K::PortWrites:
      r = portWritesCheck(check, ctx, r);
      break;
    case K::Stop:
      r.passed = ctx.verdict == check.stopVerdict;
      if (!r.passed) {
        r.message = fmt::format("expected the program to stop by '{}', but it stopped by '{}': {}", check.stopVerdict,
                                ctx.verdict, explainStop(ctx.machine, ctx.stop, ctx.verdict));
      }
      break;
    case K::ExitCode:
      r.passed = ctx.verdict == "halted" && ctx.stop.exitCode == check.exitCode;
      if (!r.passed) {
        r.message = ctx.verdict != "halted" ? fmt::format("the program did not exit (it stopped by '{}')", ctx.verdict)
                                            : fmt::format("exit code: expected {}, got {}", check.exitCode, ctx.stop.exitCode);
      }
      break;
    case K::States: r = evaluateScoped(check, ctx.probe, ctx.machine, r); break;
    case K::Instructions:
    case K::Clocks:
      if (check.scoped) {
        r = evaluateScoped(check, ctx.probe, ctx.machine, r);
        break;
      }
      // Efficiency counts only for a run that finished: a crash is not fast.
      if (ctx.verdict != "halted" && ctx.verdict != "returned") {
        r.message = fmt::format("the program did not finish (it stopped by '{}'), so its speed is not measured", ctx.verdict);
        break;
      }
      r = check.kind == K::Instructions ? boundCheck(check, ctx.instructions, "instructions", r)
                                        : boundCheck(check, ctx.clocks, "clocks", r);
      break;
  }
  if (r.passed) r.score = maxScore;
  return r;
}

}  // namespace asmlab::grader

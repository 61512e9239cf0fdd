#include "program_runner.hpp"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/source.hpp"
#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3sim/os.hpp"

namespace asmlab::testing {

namespace {
std::string programsDir() { return std::string(ASMLAB_SOURCE_DIR) + "/programs/lc3/"; }
}  // namespace

std::string readProgramFile(const std::string& relativePath) {
  std::ifstream in(programsDir() + relativePath, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read programs/lc3/" << relativePath;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

uint16_t AssembledProgram::symbol(const std::string& name) const {
  for (const auto& s : image.symbols) {
    if (s.name == name) return s.address;
  }
  ADD_FAILURE() << "the program has no label " << name;
  return 0;
}

AssembledProgram assembleProgram(const std::string& relativePath) {
  AssembledProgram program;
  std::string error;
  auto source = SourceFile::load(programsDir() + relativePath, error);
  if (!source) {
    ADD_FAILURE() << error;
    return program;
  }
  Diagnostics diagnostics;
  lc3::Assembly assembly = lc3::assemble(source, diagnostics);
  program.diagnostics = diagnostics.renderToString();
  program.ok = !diagnostics.hasErrors();
  program.image = std::move(assembly.image);
  return program;
}

std::unique_ptr<lc3sim::Lc3Machine> bootProgram(const AssembledProgram& program, lc3sim::Edition edition) {
  lc3sim::Options options;
  options.edition = edition;
  // ASMLAB_TEST_LC3_ENGINE=micro: the same games on the micro engine (ctest runs both).
  const char* engine = std::getenv("ASMLAB_TEST_LC3_ENGINE");
  options.engine = engine && std::strcmp(engine, "micro") == 0 ? lc3sim::Engine::Micro : lc3sim::Engine::Fast;
  options.operatingSystem = &lc3sim::builtinOperatingSystem(edition);
  auto machine = std::make_unique<lc3sim::Lc3Machine>(options);
  machine->loadProgram(program.image);
  machine->reset();
  return machine;
}

}  // namespace asmlab::testing

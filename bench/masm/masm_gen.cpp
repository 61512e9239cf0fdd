// Writes a generated benchmark program to a file, for measuring the whole `asmlab asm` command:
//   build/release/bench/masm/asmlab_masm_gen large 200000 /tmp/large.asm
//   /usr/bin/time -f '%U s user %S s sys %M KB' build/release/cli/asmlab asm /tmp/large.asm -o /tmp/large.obj
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "generated_sources.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s small|large LINES OUTPUT.asm\n", argv[0]);
    return 2;
  }
  const std::string model = argv[1];
  const size_t lines = std::strtoull(argv[2], nullptr, 10);
  if ((model != "small" && model != "large") || lines == 0) {
    std::fprintf(stderr, "%s: the model is small or large, and LINES a positive number\n", argv[0]);
    return 2;
  }
  const std::string text =
      model == "small" ? asmlab::bench::generateSmallModel(lines) : asmlab::bench::generateLargeModel(lines);
  std::ofstream out(argv[3], std::ios::binary);
  out << text;
  if (!out.flush()) {
    std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[3]);
    return 1;
  }
  return 0;
}

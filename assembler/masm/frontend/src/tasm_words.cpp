// The statements only Turbo Assembler knows (Turbo Assembler User's Guide, appendix of directives:
// those not in MASM 6.1), for the advice to assemble with `--dialect tasm`.
#include "asmlab/masm/assembler.hpp"
#include "name_map.hpp"

namespace asmlab::masm {

bool isTasmOnlyDirective(std::string_view word) {
  static const FoldedWordTable<bool> words = [] {
    FoldedWordTable<bool> t;
    for (const char* w : {"IDEAL", "MASM51", "NOMASM51", "QUIRKS", "MODEL", "CODESEG", "DATASEG", "UDATASEG", "CONST",
                          "FARDATA", "UFARDATA", "STACK", "STARTUPCODE", "EXITCODE", "P8086", "P8087", "P186", "P286",
                          "P286N", "P286P", "P287", "PNO87", "P386", "P386N", "P386P", "P387", "P486", "P486N", "P586", "P586N",
                          "LOCALS", "NOLOCALS", "JUMPS", "NOJUMPS", "GLOBAL", "ARG", "USES", "DISPLAY", "ERRIF",
                          "ERRIFB", "ERRIFNB", "ERRIFDEF", "ERRIFNDEF", "ERRIFE", "ERRIF1", "ERRIF2", "WARN", "NOWARN",
                          "SMART", "NOSMART", "EMUL", "NOEMUL", "MULTERRS", "NOMULTERRS", "PUSHSTATE", "POPSTATE",
                          "EVENDATA", "LARGESTACK", "SMALLSTACK", "%NOLIST", "%LIST", "%TITLE", "%SUBTTL",
                          "%NEWPAGE", "%PAGESIZE", "%MACS", "%NOMACS", "%CONDS", "%NOCONDS", "%INCL", "%NOINCL",
                          "%CTLS", "%NOCTLS", "%SYMS", "%NOSYMS", "%LINUM", "%PCNT", "%BIN", "%TEXT", "%TABSIZE",
                          "%TRUNC", "%NOTRUNC", "%CREF", "%NOCREF", "%DEPTH", "%PUSHLCTL", "%POPLCTL"})
      t.insert(w, true);
    return t;
  }();
  return words.find(word) != nullptr;
}

std::string_view tasmDialectHint() {
  return "assemble the source as Turbo Assembler code with '--dialect tasm'";
}

}  // namespace asmlab::masm

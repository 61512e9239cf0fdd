// The assembler's state shared by its translation units: symbols, segments, statements, passes.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "asmlab/link/omf.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/x86/encoder.hpp"
#include "expr.hpp"
#include "line_origins.hpp"
#include "macro_layer.hpp"
#include "name_map.hpp"
#include "replay.hpp"
#include "symbol_index.hpp"
#include "tasm.hpp"
#include "text_util.hpp"

namespace asmlab::masm {

namespace enc = asmlab::x86::enc;

enum class SymKind : uint8_t {
  Undefined, Label, Variable, Constant, Segment, Group, External, StructType, StructField, RecordType, RecordField,
  TypeAlias,
};

struct StructDef;

struct Symbol {
  std::string name;             // spelling used in the object file
  SymKind kind = SymKind::Undefined;
  int segment = -1;             // Label/Variable: index into Assembler::segments
  int64_t value = 0;            // offset, constant, field offset or record shift
  uint32_t typeSize = 0;        // element size of a variable / external / field / typedef
  bool far = false;             // Label/External: FAR
  bool isProc = false;
  bool isPublic = false;
  bool externDef = false;       // EXTERNDEF: public if defined here, external otherwise
  bool redefinable = false;     // `=`
  bool offsetEquate = false;    // emu8086's `name = $`: the offset, a number (not memory)
  int index = -1;               // Segment: segment index; Group: group index; External: extern index
  StructDef* structType = nullptr;
  uint32_t lengthCount = 1;     // LENGTH: elements of the first initialiser
  uint32_t lengthOf = 1;        // LENGTHOF: all elements
  uint32_t sizeOf = 0;          // SIZEOF
  uint32_t width = 0;           // RecordField: bits; RecordType: total bits
  unsigned passDefined = 0;
  // The logical line (Assembler::statementLines) of its definition as a label (kNoDefinition:
  // none); Assembler::definedAt() gives the place. An index, not a SourceLocation: a large
  // program has tens of thousands of labels.
  static constexpr uint32_t kNoDefinition = UINT32_MAX;
  uint32_t definedLine = kNoDefinition;
};
static_assert(sizeof(Symbol) <= 96, "one Symbol per name of the program: keep it small");

struct StructField {
  Symbol* symbol = nullptr;
  uint32_t offset = 0;
  uint32_t size = 0;            // bytes of the whole field
  uint32_t elementSize = 0;
  StructDef* structType = nullptr;
  std::vector<DataItem> initialiser;
};

struct StructDef {
  std::string name;
  uint32_t size = 0;
  bool isUnion = false;
  bool isRecord = false;
  std::vector<StructField> fields;
  // RECORD: its fields, most significant first. Width and shift are kept here, not read from the
  // field's symbol, which a later wrong statement may redefine.
  struct Bits {
    Symbol* symbol = nullptr;
    uint32_t width = 0;
    uint32_t shift = 0;
    Expr initial;
  };
  std::vector<Bits> recordFields;
};

struct SegmentState {
  std::string name;
  std::string className;
  link::Align align = link::Align::Paragraph;
  link::Combine combine = link::Combine::Private;
  bool use32 = false;
  uint16_t atFrame = 0;
  bool predefined = false;       // defined by .MODEL, not opened yet
  int group = -1;
  Symbol* symbol = nullptr;
  // per pass
  static constexpr uint32_t kNoLine = UINT32_MAX;
  uint32_t overflowLine = kNoLine;  // the statement line that took the segment past what it holds
  bool unassumedWarned = false;     // reached without an ASSUME (emu8086's programs), said this pass
  uint32_t pc = 0;
  uint32_t length = 0;
  std::vector<uint8_t> data;  // initialised prefix, never longer than holds()
  std::vector<link::Fixup> fixups;

  // A 16-bit segment holds 64K; a 32-bit one, the 1M a real-mode PC addresses. Bytes past that
  // are an error and are not stored: `ORG 0FFFFFFFh` then `DB 1` is one error, not 256 MB.
  uint32_t holds() const { return use32 ? 0x100000u : 0x10000u; }
};

// The value of an expression during a pass.
struct Value {
  // Fields in decreasing size, so that the Value (copied on every evaluation step) has no holes.
  int64_t num = 0;
  std::string_view str;           // String: points into the expression (lives as long as it)
  std::string_view undefinedName; // first undefined symbol, for the message (into the expression)
  Symbol* symbol = nullptr;
  StructDef* structType = nullptr;
  // Relocatable part (Address, OFFSET x, SEG x, segment and group names)
  link::Ref target;               // Segment, Group or Extern
  int segment = -1;               // segment of an Address in this module (-1: external/none)
  uint32_t size = 0;              // type attribute in bytes
  uint16_t undefinedColumn = 0;
  enum class Kind : uint8_t { Constant, Address, Register, Type } kind = Kind::Constant;
  bool relocatable = false;
  bool segmentValue = false;      // the frame number of `target` (SEG x, @data, dseg)
  bool memory = false;            // a memory reference
  std::array<enc::Reg, 2> regs{enc::Reg::None, enc::Reg::None};
  uint8_t scale = 1;              // applies to regs[1]
  enc::Reg reg = enc::Reg::None;  // Register
  enc::Reg segOverride = enc::Reg::None;
  enc::Distance distance = enc::Distance::Automatic;
  bool codeLabel = false;
  bool unknown = false;           // mentions a symbol not defined (yet)
  bool isString = false;
  bool bracketedConstant = false;  // `[5]`: a constant in brackets (MASM: the constant; emu8086: memory)
  bool near = false, far = false; // Type values NEAR / FAR
  // `group:name`, `segment:name`: the frame the offset is relative to, named (MASM 6.1
  // Programmer's Guide, ch. 3, "Segment override": OFFSET DGROUP:var); otherwise frameFor's.
  bool frameNamed = false;
  uint16_t frameIndex = 0;
  link::RefKind frameKind = link::RefKind::Target;
};
static_assert(sizeof(Value) <= 96, "keep Value small: it is copied on every evaluation step");

enum class StmtKind : uint8_t {
  Instruction, Data, Label, Equal, Equ, SegmentBegin, SegmentEnd, Org, Even, Align, ProcBegin, ProcEnd, Assume,
  CpuChange, Jumps, LabelDirective, End, StructData, Radix, ListControl, FpuChange,
  // Consecutive instructions whose bytes pass 1 found fixed, one statement for later passes
  // (fixed_runs.cpp): `number` is the offset of their bytes in Assembler::runBytes,
  // `elementSize` how many, `extra` the offset of their lengths in Assembler::runLengths.
  FixedRun,
};

// An instruction's encoding choices that come from the state at its line in pass 1 (dialect,
// SMART, OPTION M510), fixed for every later pass; kForwardTarget is learnt by pass 1 itself.
enum StatementChoice : uint8_t {
  kChoiceAccumulatorAx = 1,   // `op AX,imm` in the accumulator form (TASM; MASM 5.1 under M510)
  kChoiceAccumulatorEax = 2,  // ... and `op EAX,imm` (MASM 5.1)
  kChoiceSmartLea = 4,        // TASM SMART and MASM 6: `LEA reg,variable` is `MOV reg,OFFSET variable`
  kChoiceOnePass = 8,         // TASM without /m: a forward jump keeps its longest form's room
  kForwardTarget = 16,        // pass 1 met the jump before its target
  kChoiceSmart8086 = 32,      // TASM SMART: PUSH of a constant and shifts by 2..255 on the 8086 as sequences
};

struct Statement {
  // Members ordered by size so that the statement list (one per source statement, walked every
  // pass) has no padding holes: 64 bytes.
  StmtKind kind = StmtKind::Instruction;
  enc::RepPrefix rep = enc::RepPrefix::None;
  mutable uint8_t choices = 0;    // Instruction: StatementChoice bits
  mutable enc::JumpForm jumpForm = enc::JumpForm::None;
  // Instruction whose bytes cannot change from pass to pass (operands of registers and numbers
  // only, no fixup, no error): its encoding, kept by the first pass for the later ones (when it
  // fits fixedBytes; longer ones are encoded again). Its operands are then given back.
  mutable uint8_t fixedLength = 0;
  bool lock : 1 = false;
  bool branch : 1 = false;        // Instruction: a jump or call (operands may be targets)
  // Instruction: its upper-case mnemonic, Assembler::mnemonicOf() (an index: one statement per
  // source statement, and there are a few hundred mnemonics).
  uint16_t mnemonic = 0;
  uint32_t line = 0;              // index into Assembler::statementLines
  // Data, ASSUME, LABEL: index into Assembler::statementExtras (data items, ASSUMEs, types).
  // Instruction: its replay record (ReplayCache::records, kNone: none), set by the passes.
  mutable uint32_t extra = UINT32_MAX;
  Symbol* label = nullptr;
  // In Assembler::operandStore (added with Assembler::addOperand). [[no_unique_address]] lets
  // elementSize sit in its tail padding (12 bytes used of 16).
  [[no_unique_address]] Operands operands;
  uint32_t elementSize = 0;
  int procScope = -1;
  int atScope = 0;
  // Align amount, CPU, radix, flags; SegmentBegin: the segment; Instruction: the mnemonic's column.
  int64_t number = 0;
  // Eight bytes hold every 8086 instruction (at most LOCK, a segment override, opcode, ModR/M,
  // disp16, imm16) and short data definitions.
  mutable std::array<uint8_t, 8> fixedBytes{};
};
static_assert(sizeof(Statement) <= 64, "keep Statement small: there is one per source statement");
// The statement list is freed without visiting each statement.
static_assert(std::is_trivially_destructible_v<Statement>);

// Kept out of line so that a Statement is trivially destructible and small: only data
// definitions, ASSUMEs and LABEL of a type have these (the statement list is walked every pass
// and freed at the end).
struct StatementExtra {
  std::vector<DataItem> data;
  std::vector<std::pair<enc::Reg, Expr>> assumes;  // ASSUME
  bool assumeNothing = false;
  StructDef* structType = nullptr;                 // Data, StructData, LabelDirective: the type
};

struct ListingLine {
  uint32_t statement = UINT32_MAX;
  std::string text;
  SourceLocation location;
  bool fromFile = true;
  int segment = -1;
  uint32_t offset = 0;
  std::vector<uint8_t> bytes;
  bool listed = true;
  uint8_t macroListing = 1;  // Assembler::MacroListing in force for an expansion line
};

enum class Model : uint8_t { None, Tiny, Small, Compact, Medium, Large, Huge, Flat };

// The coprocessor a processor directive selects with it (MASM 6.1 Reference: .8086 and .186
// enable the 8087 instructions, .286 the 80287's, .386 and later the 80387's).
constexpr enc::Fpu impliedFpu(enc::Cpu cpu) {
  return cpu == enc::Cpu::I80386 ? enc::Fpu::I80387 : cpu == enc::Cpu::I80286 ? enc::Fpu::I80287 : enc::Fpu::I8087;
}

class Assembler : public MacroHost {
public:
  Assembler(const Options& options, Diagnostics& diags);
  AssemblyResult run(std::shared_ptr<const SourceFile> source);

  // MacroHost
  std::optional<int64_t> evaluateConstant(std::string_view expression, const LogicalLine& where) override;
  bool isSymbolDefined(std::string_view name) override;
  std::string formatNumber(int64_t value) override;
  void message(std::string text) override { result_.messages.push_back(std::move(text)); }
  void processNestedLine(const LogicalLine& line) override;
  void handleLogicalLine(const LogicalLine& line);

  // ---- shared state (used by the per-topic translation units) ----
  const Options& options;
  Diagnostics& diags;
  MacroLayer macros;
  AssemblyResult result_;

  // Every symbol lives in this pool until the assembly ends: it never moves (replay records and
  // statements hold pointers) and is freed in bulk, a chunk at a time.
  static constexpr size_t kSymbolChunk = 512;
  std::vector<std::unique_ptr<Symbol[]>> symbolChunks;
  size_t symbolsInChunk = kSymbolChunk;
  Symbol* newSymbol() {
    if (symbolsInChunk == kSymbolChunk) {
      symbolChunks.push_back(std::make_unique<Symbol[]>(kSymbolChunk));
      symbolsInChunk = 0;
    }
    return &symbolChunks.back()[symbolsInChunk++];
  }
  // The global symbols in the order they were created, with structure fields' per-structure
  // copies (`fieldKey` "\x03struct.field", looked up through their StructDef, never by name).
  // Until session 3 this was an unordered_map of folded names; the EXTERNDEF pass still walks
  // that map's order (globalsInMapOrder()) so the externals keep their numbers.
  struct GlobalEntry {
    static constexpr uint32_t kOrdinary = UINT32_MAX;
    Symbol* symbol;
    uint32_t fieldKey = kOrdinary;  // a field's key in fieldKeys; an ordinary global's is fold(symbol->name)
    bool isField() const { return fieldKey != kOrdinary; }
  };
  std::vector<GlobalEntry> globals;
  std::vector<std::string> fieldKeys;
  std::string globalKey(const GlobalEntry& g) const { return g.isField() ? fieldKeys[g.fieldKey] : fold(g.symbol->name); }
  std::vector<Symbol*> globalsInMapOrder() const;
  // Every name looked up: globals (scope -1), procedure-local (MASM 6) labels under their
  // procedure's scope (>= 0) and @@ (TASM LOCALS) labels under -2 - scope.
  SymbolIndex symbolIndex;
  std::vector<Symbol*> localOwners;  // in definition order, for the listing
  ExprStore exprs;  // every expression's operations and texts, for the whole assembly
  std::vector<std::unique_ptr<StructDef>> structs;
  std::vector<SegmentState> segments;
  std::vector<link::Group> groups;
  std::vector<Symbol*> groupSymbols;
  std::vector<Symbol*> externals;
  std::vector<Statement> statements;
  std::deque<StatementExtra> statementExtras;  // a deque: references stay valid as it grows
  StatementExtra& extraOf(Statement& s) {
    if (s.extra == UINT32_MAX) {
      s.extra = static_cast<uint32_t>(statementExtras.size());
      statementExtras.emplace_back();
    }
    return statementExtras[s.extra];
  }
  const StatementExtra& extraOf(const Statement& s) const {
    static const StatementExtra none;
    return s.extra == UINT32_MAX ? none : statementExtras[s.extra];
  }
  const std::vector<DataItem>& dataOf(const Statement& s) const { return extraOf(s).data; }
  StructDef* structTypeOf(const Statement& s) const { return extraOf(s).structType; }
  void setStructType(Statement& s, StructDef* type) {
    if (type || s.extra != UINT32_MAX) extraOf(s).structType = type;
  }
  OperandStore operandStore;
  // Adds an operand to `s`, whose operands must be the last added (false when it has three).
  bool addOperand(Statement& s, const Expr& e) { return operandStore.add(s.operands, e); }
  std::vector<ListingLine> lines;
  // Where each logical line came from, as indexes (no shared pointers per line), run-length
  // encoded (line_origins.hpp); the files and macro expansions it names are kept alive in
  // originFiles / originExpansions.
  LineOrigins statementLines;
  std::vector<std::shared_ptr<const SourceFile>> originFiles;
  std::vector<std::shared_ptr<const ExpansionInfo>> originExpansions;
  const std::shared_ptr<const SourceFile>& originFile(uint32_t lineIndex) const;
  SourceLocation originLocation(uint32_t lineIndex) const;
  LogicalLine originLine(uint32_t lineIndex) const;  // for diagnostics (no text)
  SourceLocation definedAt(const Symbol& s) const {
    return s.definedLine == Symbol::kNoDefinition ? SourceLocation{} : originLocation(s.definedLine);
  }
  void markDefinedHere(Symbol& s) {
    if (currentStatement) s.definedLine = statementLine();
  }
  std::string atDefinition(const Symbol& s) const;  // " (at FILE:LINE)", or "" when not known
  uint32_t currentLine = 0;

  // state during a pass
  unsigned pass = 1;
  bool finalPass = false;
  bool changed = false;
  int current = -1;                          // current segment
  std::vector<int> segmentStack;
  std::array<link::Ref, 6> assumes{};        // ES CS SS DS FS GS
  std::array<bool, 6> assumed{};
  int procScope = -1;
  std::vector<Symbol*> procStack;
  int atScope = 0;
  unsigned radix = 10;
  enc::Cpu cpu = enc::Cpu::I8086;
  bool cpu32 = false;                        // .386 or later in force
  enc::Fpu fpu = enc::Fpu::I8087;            // .8087 (default), .287, .387, .NO87
  bool jumps = false;                        // conditional jumps extended (OPTION LJMP, TASM JUMPS)
  bool listingOn = true;
  // Which macro expansion lines the listing shows: .LALL/.LISTMACROALL all, .XALL/.LISTMACRO (the
  // default) those that make code or data, .SALL/.NOLISTMACRO none (MASM 6.1 reference, ".LISTMACRO").
  enum class MacroListing : uint8_t { None, CodeOnly, All };
  MacroListing macroListing = MacroListing::CodeOnly;
  const Statement* currentStatement = nullptr;
  uint32_t statementStart = 0;               // pc at the start of the current statement ($)
  std::vector<Diagnostic> passDiagnostics;
  size_t passErrors = 0;  // errors among passDiagnostics
  uint64_t uninitialisedRuns = 0;  // emitBytes calls that reserved bytes (`?`), for repeatLastBytes
  void clearPassDiagnostics() { truncatePassDiagnostics(0); }
  void truncatePassDiagnostics(size_t size) {
    for (size_t i = size; i < passDiagnostics.size(); ++i) passErrors -= passDiagnostics[i].severity == Severity::Error;
    passDiagnostics.resize(size);
  }
  std::vector<Value> evalStack;
  std::vector<Value> relocScratch;
  // Options::lineNumbers (output.cpp): the statement last recorded, in which pass, and the files
  // named so far (index = Module::lineFiles index).
  const Statement* lineStatement = nullptr;
  unsigned linePass = 0;
  std::vector<const SourceFile*> lineSources;
  void recordLine();
  uint32_t lineFile(const SourceFile* file);
  std::vector<std::pair<size_t, std::string_view>> operandPieces;  // processLine's, reused

  // pass-1-only state
  Model model = Model::None;
  bool modelFar = false;                     // code is far by default (MEDIUM, LARGE, HUGE)
  bool use32Segments = false;                // .386 before .MODEL
  bool forceUse16 = false;                   // OPTION SEGMENT:USE16
  bool scoped = true;                        // OPTION SCOPED (MASM 6 default)
  bool tasmLocals = false;
  TasmState tasmState;                       // --dialect tasm: Ideal mode, ARG/LOCAL (tasm.hpp)
  // A TASM local symbol (LOCALS): its name starts with the local prefix (@@ unless LOCALS names one).
  bool isTasmLocal(std::string_view name) const { return tasmLocals && name.starts_with(tasmState.localPrefix); }
  bool dotName = false;                      // OPTION DOTNAME: names may start with a dot
  // MASM 5.1 compatibility (OPTION M510, Options::masm510; MASM 6.1 Programmer's Guide appendix A).
  bool masm510 = false;
  bool oldStructs = false;                   // OPTION OLDSTRUCTS: `.` is `+` after a non-structure
  bool offsetSegment = false;                // OPTION OFFSET:SEGMENT: offsets relative to the segment
  bool languageDefined = false;              // .MODEL ..., C / OPTION LANGUAGE
  enum class ProcVisibility : uint8_t { Public, Private, PrivateWithoutLanguage };
  ProcVisibility procVisibility = ProcVisibility::Public;  // OPTION PROC
  void setMasm510(bool on);
  int procCounter = 0;
  StructDef* openStruct = nullptr;
  std::vector<StructDef*> structStack;
  bool ended = false;
  std::optional<Expr> entryExpr;
  uint32_t entryLine = 0;
  int64_t fileLineOfEnd = 0;

  // ---- helpers ----
  std::string fold(std::string_view name) const;
  // A name folded for lookup without allocating (names longer than the buffer use `spill`).
  struct FoldedKey {
    char buffer[64];
    std::string spill;
    std::string_view text;
    uint64_t hash;  // SymbolIndex::nameHash(text)
  };
  std::string_view foldInto(std::string_view name, FoldedKey& key) const;
  std::string spelling(std::string_view name) const;
  Symbol* findSymbol(std::string_view name, int procScope, int atScope);
  Symbol* globalSymbol(std::string_view name, bool create);
  Symbol* defineLocalLabel(std::string_view name, int scope);
  Symbol* findType(std::string_view name);
  enum WordBit : uint32_t {
    kWordMnemonic = 1, kWordUnnamedDirective = 2, kWordNameDirective = 4, kWordPrefix = 8,
    kWordBranch = 16,  // a jump, call or loop mnemonic (enc::isBranchMnemonic)
  };
  // What wordBits() found for a keyword, and for a mnemonic its upper-case spelling (kept in
  // mnemonicTexts, which never moves it), which statements point at.
  struct WordInfo {
    uint32_t bits = 0;
    uint16_t mnemonic = 0;  // a mnemonic's index in mnemonicTable (0: none)
  };
  FoldedWordTable<WordInfo> shortWordBits;  // keywords of up to 16 characters (other words are not kept)
  NameMap<uint32_t> wordCache;              // longer words
  std::deque<std::string> mnemonicTexts;
  // Upper-case mnemonics by Statement::mnemonic (entry 0 is empty); each text once.
  std::vector<const char*> mnemonicTable{""};
  NameMap<uint16_t> mnemonicIds;
  uint16_t mnemonicId(std::string_view upperText);
  const char* mnemonicOf(const Statement& s) const { return mnemonicTable[s.mnemonic]; }
  // Known keywords inline (every line looks its first word up); the rest out of line.
  WordInfo wordInfo(std::string_view name) {
    if (const WordInfo* known = shortWordBits.find(name)) return *known;
    return classifyWord(name);
  }
  WordInfo classifyWord(std::string_view name);
  uint32_t wordBits(std::string_view name) { return wordInfo(name).bits; }
  bool isMnemonic(std::string_view name);
  int typeCount = 0;  // structures, records and TYPEDEFs defined (type names can start data lines)

  void error(const LogicalLine& line, uint32_t column, std::string message, uint32_t length = 0);
  void warning(const LogicalLine& line, uint32_t column, std::string message);
  void passError(uint32_t column, std::string message, uint32_t length = 0, Severity severity = Severity::Error);
  void passWarning(uint32_t column, std::string message);  // kept, like passError, from the last pass only

  // evaluate.cpp
  Value evaluate(const Expr& e, bool reportUndefined);
  std::optional<int64_t> constant(const Expr& e, const char* what);
  std::string undefinedSymbolMessage(std::string_view name) const;

  // reserved_names.cpp: a symbol named with an operator or type word (TASM warns, MASM 6.1 refuses).
  void checkReservedName(const LogicalLine& line, std::string_view name, uint32_t column);
  bool typeWordSymbols = false;  // such a symbol is named with a type word (WORD, BYTE ...)

  // fixed_runs.cpp: later passes walk fewer statements. A label on an instruction's line is
  // folded into the instruction, and consecutive fixed instructions (push bp / mov bp, sp) into one
  // FixedRun. Not with a listing or line numbers (they need each statement), nor in TASM's Ideal
  // mode (which keeps instruction indexes).
  std::vector<uint8_t> runBytes;
  std::vector<uint8_t> runLengths;
  static constexpr uint32_t kNoRunLine = UINT32_MAX;
  uint32_t runLine = kNoRunLine;  // the logical line of the run's instruction being emitted
  // The logical line diagnostics of the current statement name.
  uint32_t statementLine() const { return runLine != kNoRunLine ? runLine : currentStatement->line; }
  void compactInstruction(size_t labelAt);
  void executeFixedRun(const Statement& s);

  // statements.cpp
  void processLine(const LogicalLine& line);
  void execute(const Statement& s);
  void executeKind(const Statement& s);
  struct Span {
    int segment = -1;
    uint32_t start = 0;
    uint32_t end = 0;
  };
  std::vector<Span> spans;  // per statement, for the listing
  void recordSpanStart(const Statement& s);
  void recordSpanEnd(const Statement& s);
  bool defineLabelHere(Symbol* sym, SymKind kind, uint32_t typeSize, bool far);
  void defineConstant(Symbol* sym, int64_t value, bool redefinable, const LogicalLine& line, uint32_t column);

  // directives.cpp
  bool handleDirective(const LogicalLine& line, std::string_view name, std::string_view directive, std::string_view rest,
                       uint32_t nameColumn, uint32_t directiveColumn, uint32_t restColumn, bool hasName);
  int createSegment(const std::string& name);
  int simplifiedSegment(const std::string& which, const std::string& name, const LogicalLine& line);
  void defineModel(Model chosen, const LogicalLine& line, bool use32);

  // emu8086.cpp: the shapes of emu8086's programs (code before any segment, `#make_COM#` lines).
  bool emu8086Directive(const LogicalLine& line);
  void openImpliedSegment(const LogicalLine& line);  // code outside any segment: where it goes
  void continueCodeSegment(const LogicalLine& line);
  int lastCodeSegment = -1;                  // the segment of the latest instruction, pass 1
  bool continuedCodeSegment = false;         // code after the last ENDS was put back in it, said once
  bool orgBeforeSegments = false;            // an ORG before any segment: a .COM, to emu8086
  std::string_view mainText;                 // the source's text, for the questions below
  // Its `name MACRO` lines (macroDefinitions), scanned when an unknown word first asks.
  std::optional<std::vector<std::pair<size_t, std::string_view>>> mainMacroDefinitions;
  std::optional<bool> namesSegmentsOrModel;  // does it write SEGMENT or (.)MODEL anywhere?
  // A source written for emu8086 (emu8086Shaped): `[1004h]` is memory and PROC labels are global.
  bool emu8086Source = false;
  bool bracketMemoryWarned = false;  // `[constant]` read as memory in such a source, said this pass
  bool emu80186Warned = false;       // an 80186 instruction assembled without .186 there, said this pass
  bool sizeDotWarned = false;        // emu8086's `b.[bx]` / `w.[bx]`, said once
  bool jumpColonWarned = false;      // emu8086's `jmp again:`, said once
  bool cHexWarned = false;           // C's `0x1F`, which emu8086 takes, said once
  bool digitSeparatorWarned = false;  // emu8086's `0000_0110b`, said once
  bool cShiftWarned = false;          // emu8086's `green << 3`, said once
  bool offsetEquateWarned = false;    // emu8086's `name = $` read as a number, said once
  int groupIndex(const std::string& name);
  void addToGroup(int group, int segment);
  void startPass();
  bool reachedThroughCsGroup(uint32_t segment) const;  // CS is ASSUMEd to the segment's group
  void switchSegment(int index);

  // masm_frames.cpp: MASM 6's PROC USES
  bool procUsesList(const LogicalLine& line, WordCursor& c, std::string_view rest, uint32_t restColumn,
                    std::vector<std::string>& uses);
  void procPrologueAndEpilogue(const LogicalLine& line, std::string_view mnemonic);
  // A MASM procedure with USES is open (Turbo Assembler's frames are tasmInstruction's).
  bool usesFrame() const {
    return options.dialect == Dialect::Masm && !procStack.empty() && !tasmState.frame.uses.empty();
  }

  // ideal.cpp, tasm_frames.cpp: Turbo Assembler's statements (tasm.hpp)
  bool processTasmLine(const LogicalLine& line);
  bool tasmInstruction(const LogicalLine& line);
  bool pushesSeveral(const LogicalLine& line, std::string_view op, size_t operandsAt, size_t labelEnd);
  void startFrame(const LogicalLine& line);
  void emitEpilogue(const LogicalLine& line);
  void runGenerated(const LogicalLine& line, std::string text);
  bool idealStatement(const Statement* s) const;
  void finishTasm();
  bool tasmFrameDirective(const LogicalLine& line, std::string_view directive, std::string_view rest, uint32_t restColumn);
  bool tasmProc(const LogicalLine& line, std::string_view name, std::string_view rest, uint32_t nameColumn,
                uint32_t dirColumn, uint32_t restColumn);
  bool openAnonymousStruct(bool isUnion);
  bool closeAnonymousStruct();
  const StructField* fieldByName(std::string_view name, std::string& ambiguity) const;

  // data.cpp
  uint32_t dataTypeSize(std::string_view word);
  void emitData(const Statement& s);
  void computeDataLength(Statement& s, Symbol* label);
  // The commonest shapes (`x DW ?`, `m DB 2 DUP (1)`): length and bytes set at once, for every pass.
  bool presetSimpleData(Statement& s, Symbol* label);
  void presetData(Statement& s, Symbol* label, uint64_t count, std::optional<int64_t> value);
  void emitBytes(const uint8_t* bytes, size_t count, bool initialised);
  // Moves the location counter past bytes already in the segment (or past its end).
  void advancePast(size_t count);
  void reportSegmentOverflows();  // after the last pass: one error per segment past 64K
  void emitValue(const Value& v, uint32_t size, uint16_t column);
  void emitReal(std::string_view text, bool negative, bool encoded, uint32_t size, uint16_t column);
  void emitItems(const std::vector<DataItem>& items, uint32_t elementSize, StructDef* type);
  // Repeats the `unit` initialised bytes just emitted `count` more times (a DUP's copies).
  void repeatLastBytes(uint32_t unit, uint64_t count);
  unsigned structNesting = 0;  // emitStruct within emitStruct
  bool structTooDeep = false;
  void emitStruct(const std::vector<DataItem>* init, StructDef* type, uint16_t column);
  void addFixup(link::FixupKind kind, const Value& v, uint32_t at, bool selfRelative = false);
  link::Ref frameFor(const Value& v);

  // instructions.cpp
  void emitInstruction(const Statement& s);
  void emitEncoding(const enc::Encoding& out, const std::vector<Value>& relocs);

  // replay.cpp: later passes replay an instruction when nothing it was encoded from has changed.
  ReplayCache replay;
  std::vector<Symbol*>* symbolsRead = nullptr;  // evaluate() appends each symbol it reads, when set
  uint32_t unknownsSeen = 0;                    // evaluate() counts names not (yet) defined
  uint32_t groupEdits = 0;                      // addToGroup() calls so far
  bool replayInstruction(const Statement& s);
  void recordInstruction(const Statement& s, uint32_t start, size_t firstFixup, const std::vector<Symbol*>& read);

  // output.cpp
  void buildModule();
  void buildListing();
};

uint32_t typeKeywordSize(std::string_view word, bool& isDistance, bool& far);
uint32_t dataKeywordSize(std::string_view word);  // DB, DW, BYTE ...: the size; 0 for other words
bool sourceWrites(std::string_view text, std::initializer_list<std::string_view> upperWords);        // source_words.cpp
std::vector<std::pair<size_t, std::string_view>> macroDefinitions(std::string_view text);            // source_words.cpp
bool emu8086Shaped(std::string_view text);                                                     // emu8086.cpp
// data.cpp: `?`, a number, or `n DUP (?)` / `n DUP (number)` filling `text`, whose bytes fit in a
// Statement (count elements of `size` bytes; value empty for `?`). False for anything else.
bool simpleDataText(std::string_view text, unsigned radix, uint32_t size, uint64_t& count,
                    std::optional<int64_t>& value);
bool simpleDataFits(uint32_t size, uint64_t count, int64_t value);
void resolveIdentifier(const ExprOp& op, bool fpuRegisters = true);  // evaluate.cpp
bool passIndependent(const Expr& e);       // evaluate.cpp
bool isTasmLanguage(std::string_view word);   // tasm_frames.cpp: C, PASCAL ... NOLANGUAGE
bool isPascalLanguage(std::string_view word); // PASCAL, TPASCAL, BASIC, FORTRAN

}  // namespace asmlab::masm

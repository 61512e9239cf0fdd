// Parsed expressions in postfix form, and the data-initialiser trees of DB/DW/... statements.
// The parsers (parser_fast.cpp, parser_x3.cpp) produce them once, into one ExprStore per
// assembly; every pass evaluates them again.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace asmlab::masm {

struct Symbol;

enum class Op : uint8_t {
  Number, String, Identifier, Location /* $ */, Undefined /* ? */, Real /* 3.14, a data initialiser */,
  // binary
  Add, Sub, Mul, Div, Mod, Shl, Shr, And, Or, Xor, Eq, Ne, Lt, Le, Gt, Ge,
  Ptr, Override /* seg:expr */, Index /* x[y] */, Member /* x.field */,
  // unary
  Neg, Not, Offset, Seg, Type, DotType, Size, Length, SizeOf, LengthOf, High, Low, HighWord, LowWord,
  Short, This, Bracket /* [x] */, Width, Mask, Near, Far,
};

struct ExprOp {
  // Fields that only some operations use share their place (no operation uses two of a union's
  // members): a large program's expressions hold hundreds of thousands of operations.
  Op op = Op::Number;
  union {
    // Identifier: what the name turned out to be, cached so later passes skip the lookups.
    // 0 = not yet known, 1 = register (registerCode), 2 = type keyword, 3 = symbol (bound),
    // 4 = a symbol name not bound yet.
    mutable uint8_t resolved = 0;
    mutable uint8_t numberRadix;  // Number: the radix `value` was converted with (0 = not yet)
  };
  uint16_t column = 0;        // 0-based offset of the token in the operand text
  uint32_t textSize = 0;
  union {
    int64_t value = 0;              // Number
    mutable Symbol* bound;          // Identifier: the symbol once resolved (the parsers set nullptr)
    mutable uint8_t registerCode;   // Identifier: the register, when resolved is 1
  };
  // Identifier name, String contents, Member field name: kept in the ExprStore's text storage,
  // which lives as long as the assembly (never in the logical line, which is reused). A pointer
  // and a size rather than a string_view, which would leave the operation 4 bytes of padding.
  const char* textData = nullptr;

  std::string_view text() const { return {textData, textSize}; }
  void setText(std::string_view t) {
    textData = t.data();
    textSize = static_cast<uint32_t>(t.size());
  }
};
static_assert(sizeof(ExprOp) == 24, "one ExprOp per operand token of every expression: keep it small");

// Runs of T appended one after another and kept, unmoved, until the store is destroyed: the
// expressions of a whole assembly without an allocation per expression. A run is built at the
// end (begin, push/append, finish); only the run being built may move, when a chunk fills.
template <typename T>
class RunStore {
  // Chunks are allocated, not constructed: only the pages written are ever touched, so the unused
  // end of the last chunk costs no memory (malloc creates objects of such types implicitly).
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
  RunStore() = default;
  RunStore(const RunStore&) = delete;
  RunStore& operator=(const RunStore&) = delete;

  void begin() { open_ = used_; }
  void push(const T& value) {
    if (used_ == capacity_) grow(1);
    data_[used_++] = value;
  }
  // A default element added to the run, to be filled in place.
  T& emplace() {
    if (used_ == capacity_) grow(1);
    T& slot = data_[used_++];
    slot = T{};
    return slot;
  }
  void append(const T* values, size_t count) {
    if (capacity_ - used_ < count) grow(count);
    std::copy(values, values + count, data_ + used_);
    used_ += count;
  }
  // The run since begin(), which may still grow (and move).
  std::span<T> open() const { return {data_ + open_, used_ - open_}; }
  // The run since begin(); it stays where it is from now on.
  std::span<T> finish() {
    std::span<T> run(data_ + open_, used_ - open_);
    open_ = used_;
    return run;
  }
  void abandon() { used_ = open_; }

  // Everything stored after a mark can be given back (a parse that failed, a scratch expression).
  struct Mark {
    size_t chunks = 0;
    size_t used = 0;
  };
  Mark mark() const { return {inUse_, used_}; }
  void release(Mark m) {
    if (inUse_ > m.chunks) {
      inUse_ = m.chunks;
      data_ = inUse_ ? chunks_[inUse_ - 1].data.get() : nullptr;
      capacity_ = inUse_ ? chunks_[inUse_ - 1].capacity : 0;
    }
    used_ = open_ = m.used;
  }

private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  struct Chunk {
    std::unique_ptr<T[], Free> data;
    size_t capacity = 0;
  };
  std::vector<Chunk> chunks_;  // the first inUse_ hold runs; the rest were given back by release()
  size_t inUse_ = 0;
  T* data_ = nullptr;
  size_t used_ = 0;
  size_t capacity_ = 0;
  size_t open_ = 0;

  // A new chunk (each twice the last, up to 64 Ki elements) that takes the open run along.
  void grow(size_t more) {
    size_t open = used_ - open_;
    size_t capacity = std::max<size_t>(std::min<size_t>(capacity_ * 2, 65536), 1024);
    capacity = std::max(capacity, open + more);
    // A chunk given back by release() is used again: a store whose mark sits at the end of a
    // chunk (one statement's operands, given back after every statement) would otherwise
    // allocate and free a chunk of up to 64 Ki elements per statement.
    if (inUse_ == chunks_.size() || chunks_[inUse_].capacity < open + more) {
      chunks_.resize(inUse_);
      T* storage = static_cast<T*>(std::malloc(capacity * sizeof(T)));
      if (!storage) throw std::bad_alloc();
      chunks_.push_back(Chunk{std::unique_ptr<T[], Free>(storage), capacity});
    }
    Chunk& c = chunks_[inUse_++];
    if (open) std::copy(data_ + open_, data_ + used_, c.data.get());
    data_ = c.data.get();
    capacity_ = c.capacity;
    used_ = open;
    open_ = 0;
  }
};

// An expression's postfix operations: a view of a run in the ExprStore. Copies share the run
// and its cached lookups (a copy is evaluated for the same statement as its original).
class ExprOps {
public:
  ExprOps() = default;
  explicit ExprOps(std::span<ExprOp> run) : data_(run.data()), size_(static_cast<uint32_t>(run.size())) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const ExprOp& operator[](size_t i) const { return data_[i]; }
  const ExprOp* begin() const { return data_; }
  const ExprOp* end() const { return data_ + size_; }
  const ExprOp& front() const { return data_[0]; }
  const ExprOp& back() const { return data_[size_ - 1]; }

private:
  ExprOp* data_ = nullptr;
  uint32_t size_ = 0;
};

struct Expr {
  // [[no_unique_address]] lets `column` sit in the tail padding of `ops` (12 bytes used of 16),
  // so an Expr is 16 bytes instead of 24: every statement holds three of them in place.
  [[no_unique_address]] ExprOps ops;
  uint16_t column = 0;        // where the expression starts in the line
  bool empty() const { return ops.empty(); }
};
static_assert(sizeof(Expr) == 16, "Expr must stay 16 bytes: see the comment on `ops`");

static_assert(std::is_trivially_destructible_v<ExprOp> && std::is_trivially_copyable_v<Expr>);

// A statement's operands: at most three (an instruction's most; the statement layer reports more
// as an error), a view of a run in an OperandStore, so that a statement holds 12 bytes for them
// instead of room for three and stays trivially destructible. Contiguous, with the vector calls
// its readers use.
class Operands {
public:
  static constexpr uint32_t kCapacity = 3;
  Operands() = default;
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Expr* data() const { return data_; }
  const Expr& operator[](size_t i) const { return data_[i]; }
  const Expr* begin() const { return data_; }
  const Expr* end() const { return data_ + size_; }
  const Expr& front() const { return data_[0]; }
  const Expr& back() const { return data_[size_ - 1]; }
  void clear() {
    data_ = nullptr;
    size_ = 0;
  }

private:
  friend class OperandStore;
  const Expr* data_ = nullptr;
  uint32_t size_ = 0;
};
static_assert(std::is_trivially_destructible_v<Operands>);

// The operands of every statement of one assembly, each statement's in one run.
class OperandStore {
public:
  // Adds an operand; false (and nothing stored) when all three places are taken.
  bool add(Operands& to, const Expr& e) {
    if (to.size_ == Operands::kCapacity) return false;
    std::span<Expr> open = store_.open();
    if (to.size_ == 0 || open.data() != to.data_ || open.size() != to.size_) {
      // Not the run being built (another statement's operands came in between): a new run.
      store_.begin();
      store_.append(to.data_, to.size_);
    }
    store_.push(e);
    open = store_.open();
    to.data_ = open.data();
    to.size_ = static_cast<uint32_t>(open.size());
    return true;
  }
  using Mark = RunStore<Expr>::Mark;
  Mark mark() const { return store_.mark(); }
  void release(Mark m) { store_.release(m); }

private:
  RunStore<Expr> store_;
};

// One item of a data definition: a value, `?`, `n DUP (items)`, or a <...>/{...} initialiser list.
struct DataItem {
  enum class Kind : uint8_t { Value, Undefined, Dup, List } kind = Kind::Value;
  Expr expr;                   // Value: the value; Dup: the count
  std::vector<DataItem> items; // Dup and List
};

// The operations and texts of every expression of one assembly.
class ExprStore {
public:
  RunStore<ExprOp> ops;
  RunStore<char> text;
  // A symbol is named with a prefix operator's word (HIGH, SIZE ...): texts that do not parse
  // are tried again with such words as names where no operand follows (parseExpression).
  bool operatorWordSymbols = false;
  // The columns of the first numbers parsed in emu8086's spellings, C's `0xB800` and digits
  // separated by `_` (`0000_0110b`), for their warnings; -1: none.
  int32_t cHexColumn = -1;
  int32_t digitSeparatorColumn = -1;
  int32_t cShiftColumn = -1;  // C's `<<` or `>>` (emu8086's `green << 3`)
  int32_t sizeDotColumn = -1;  // emu8086's `b.[bx]` or `w.[bx]`, and its letter as written
  char sizeDotLetter = 0;
  void noteNumber(std::string_view digits, uint16_t column) {
    if (cHexColumn < 0 && digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
      cHexColumn = column;
    if (digitSeparatorColumn < 0 && digits.find('_') != std::string_view::npos) digitSeparatorColumn = column;
  }

  std::string_view keepText(std::string_view t) {
    if (t.empty()) return {};
    text.begin();
    text.append(t.data(), t.size());
    auto run = text.finish();
    return {run.data(), run.size()};
  }
  // An expression of the given operations (copied, caches included).
  Expr make(std::span<const ExprOp> operations, uint16_t column) {
    ops.begin();
    ops.append(operations.data(), operations.size());
    Expr e;
    e.ops = ExprOps(ops.finish());
    e.column = column;
    return e;
  }

  struct Mark {
    RunStore<ExprOp>::Mark ops;
    RunStore<char>::Mark text;
  };
  Mark mark() const { return {ops.mark(), text.mark()}; }
  void release(Mark m) {
    ops.release(m.ops);
    text.release(m.text);
  }
  // Gives back, when it goes out of scope, what was stored while it lived (scratch expressions).
  class Rewind {
  public:
    explicit Rewind(ExprStore& store) : store_(store), mark_(store.mark()) {}
    ~Rewind() { store_.release(mark_); }
    Rewind(const Rewind&) = delete;
    Rewind& operator=(const Rewind&) = delete;

  private:
    ExprStore& store_;
    Mark mark_;
  };
};

struct ParseError {
  uint16_t column = 0;
  std::string message;
};

// Parses one expression (an instruction operand or a directive argument) that must fill `text`.
// `base` is added to every column so they count from the start of the line.
// Operations and texts go into `store`; the text itself is not referred to afterwards.
std::optional<Expr> parseExpression(ExprStore& store, std::string_view text, uint16_t base, ParseError& error);
// The common operand shapes without the grammar (parser_fast.cpp): true and the same operations
// parseExpression would give, or false when the text needs the full grammar.
bool parseSimpleExpression(ExprStore& store, std::string_view text, uint16_t base, Expr& out);
// The same for a text that is already the store's copy (names and numbers become views of it).
bool parseSimpleKept(ExprStore& store, std::string_view kept, uint16_t base, Expr& out);
// The same for data initialisers: `?`, simple expressions and `n DUP (...)` lists of them.
bool parseSimpleDataItems(ExprStore& store, std::string_view text, uint16_t base, std::vector<DataItem>& out);
// Parses a comma-separated list of data items (DB 1,2 DUP (?),"text" / struct initialisers).
std::optional<std::vector<DataItem>> parseDataItems(ExprStore& store, std::string_view text, uint16_t base,
                                                    ParseError& error);

// Number in MASM syntax: digits with an optional radix suffix (B Y O Q D T H), else `radix`.
std::optional<int64_t> parseNumber(std::string_view text, unsigned radix);

}  // namespace asmlab::masm

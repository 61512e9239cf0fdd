// The Spirit X3 grammar for MASM expressions and data initialisers. Operator precedence follows
// the MASM 6.1 Programmer's Guide, table 1.2 (highest first): () [] <> LENGTH SIZE WIDTH MASK
// LENGTHOF SIZEOF; . ; : ; PTR OFFSET SEG TYPE THIS; HIGH LOW HIGHWORD LOWWORD; unary + -;
// * / MOD SHL SHR; binary + -; EQ NE LT LE GT GE; NOT; AND; OR XOR; SHORT .TYPE.
// Semantic actions append postfix operations, so a parsed expression is a flat vector.
#include <string>

#include <boost/spirit/home/x3.hpp>

#include "expr.hpp"
#include "text_util.hpp"

namespace asmlab::masm {
namespace {

namespace x3 = boost::spirit::x3;
using Iterator = std::string_view::const_iterator;

// The text parsed is the store's copy, so names and numbers are views of it.
struct State {
  Iterator begin;
  uint16_t base = 0;
  ExprStore* store = nullptr;
  // Data item parsing: the stack of lists being filled, and the item whose expression is the
  // store's open run (an item's operations all come before the next item begins).
  std::vector<std::vector<DataItem>*> lists;
  DataItem* open = nullptr;
  bool operatorWordsAsNames = false;  // the second try of a text that failed (ExprStore::operatorWordSymbols)
  // The first required part found missing (`required` below): where, and what was expected.
  bool failed = false;
  Iterator failedAt;
  std::string expected;
  void closeItem() {
    if (open) open->expr.ops = ExprOps(store->ops.finish());
    open = nullptr;
  }
};
struct StateTag;

template <typename Ctx>
State& state(Ctx& ctx) {
  return x3::get<StateTag>(ctx).get();
}
template <typename Ctx>
uint16_t columnOf(Ctx& ctx) {
  auto& s = state(ctx);
  return static_cast<uint16_t>(s.base + (x3::_where(ctx).begin() - s.begin));
}

template <Op op>
struct push_op {
  template <typename Ctx>
  void operator()(Ctx& ctx) const {
    if (state(ctx).failed) return;
    ExprOp o;
    o.op = op;
    o.column = columnOf(ctx);
    state(ctx).store->ops.push(o);
  }
};

// `a >> required[b]` is X3's `a > b` without its exception: where `a` matched and `b` does not,
// the parse has failed, and the first such place is the one reported. Thrown, the exception
// unwound dozens of frames per level of nesting and was half the time spent on sources with
// errors. Once a parse has failed, rules match nothing (`live`) and actions do nothing, so the
// state left is the one an exception would have left.
template <typename Subject>
struct RequiredDirective : x3::unary_parser<Subject, RequiredDirective<Subject>> {
  using base_type = x3::unary_parser<Subject, RequiredDirective<Subject>>;
  static bool const is_pass_through_unary = true;
  constexpr RequiredDirective(Subject const& subject) : base_type(subject) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const {
    if (this->subject.parse(first, last, ctx, rctx, attr)) return true;
    State& s = state(ctx);
    if (!s.failed) {
      s.failed = true;
      s.failedAt = first;
      s.expected = x3::what(this->subject);
    }
    return false;
  }
};
struct RequiredGen {
  template <typename Subject>
  constexpr RequiredDirective<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& subject) const {
    return {x3::as_parser(subject)};
  }
};
constexpr RequiredGen required{};

struct Live : x3::parser<Live> {
  using attribute_type = x3::unused_type;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It&, It const&, Ctx const& ctx, RCtx&, Attr&) const {
    return !state(ctx).failed;
  }
};
constexpr Live live{};

// An action that does nothing once the parse has failed (RequiredDirective above).
template <typename Action>
constexpr auto unlessFailed(Action action) {
  return [action](auto& ctx) {
    if (!state(ctx).failed) action(ctx);
  };
}

auto const identChar = x3::char_("a-zA-Z0-9_@$?");
auto const identStart = x3::char_("a-zA-Z_@$?");

struct Keyword : x3::parser<Keyword> {
  using attribute_type = x3::unused_type;
  const char* word;
  bool prefix = false;  // an operator written before its operand (HIGH, SIZE, OFFSET ...)
  explicit constexpr Keyword(const char* w, bool isPrefix = false) : word(w), prefix(isPrefix) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    x3::skip_over(first, last, ctx);
    It it = first;
    for (const char* p = word; *p; ++p, ++it)
      if (it == last || toUpper(*it) != *p) return false;
    if (it != last && isIdentChar(*it)) return false;
    // A prefix operator word that names a symbol (TASM: "Reserved word used as symbol") is the
    // operator only where an operand follows it; elsewhere the word is left to be a name.
    if (prefix) {
      It next = it;
      while (next != last && isBlank(*next)) ++next;
      if (x3::get<StateTag>(ctx).get().operatorWordsAsNames &&
          (next == last || !(isIdentStart(*next) || isDigit(*next) || *next == '(' || *next == '[' || *next == '\'' ||
                             *next == '"' || *next == '$')))
        return false;
      // `size dup (?)` names a count: DUP is never an operator's operand.
      It end = next;
      while (end != last && isIdentChar(*end)) ++end;
      if (end - next == 3 && toUpper(next[0]) == 'D' && toUpper(next[1]) == 'U' && toUpper(next[2]) == 'P')
        return false;
    }
    first = it;
    return true;
  }
};
constexpr Keyword kw(const char* w) { return Keyword(w); }

// emu8086's `b.` and `w.` before a bracket (`b.[bx]`: BYTE PTR [bx]; emu8086's documentation,
// "Memory access"): the type's name as an identifier, for the PTR pushed after the operand.
struct SizeDot : x3::parser<SizeDot> {
  using attribute_type = x3::unused_type;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    if (state(ctx).failed) return false;
    x3::skip_over(first, last, ctx);
    It it = first;
    if (it == last) return false;
    const char size = toUpper(*it);
    if ((size != 'B' && size != 'W') || ++it == last || *it != '.') return false;
    It next = ++it;
    while (next != last && isBlank(*next)) ++next;
    if (next == last || *next != '[') return false;
    ExprOp o;
    o.op = Op::Identifier;
    o.bound = nullptr;
    o.setText(size == 'B' ? std::string_view("BYTE") : std::string_view("WORD"));
    o.column = static_cast<uint16_t>(state(ctx).base + (first - state(ctx).begin));
    ExprStore& store = *state(ctx).store;
    if (store.sizeDotColumn < 0) {  // for the warning (statements.cpp)
      store.sizeDotColumn = o.column;
      store.sizeDotLetter = *first;
    }
    store.ops.push(o);
    first = it;
    return true;
  }
};
constexpr SizeDot sizeDot{};
constexpr Keyword prefixKw(const char* w) { return Keyword(w, true); }

auto const onNumber = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  ExprOp o;
  o.op = Op::Number;
  o.numberRadix = 0;  // the member of ExprOp's union a Number uses
  o.setText(std::string_view(&*range.begin(), static_cast<size_t>(range.end() - range.begin())));
  o.column = static_cast<uint16_t>(state(ctx).base + (range.begin() - state(ctx).begin));
  o.value = 0;  // converted at evaluation time with the .RADIX in force
  state(ctx).store->noteNumber(o.text(), o.column);
  state(ctx).store->ops.push(o);
});
// C's `<<` and `>>` (emu8086's): noted for the warning, then read as SHL and SHR.
auto const onCShift = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  auto& store = *state(ctx).store;
  if (store.cShiftColumn < 0)
    store.cShiftColumn = static_cast<int32_t>(state(ctx).base + (range.begin() - state(ctx).begin));
});
auto const onReal = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  ExprOp o;
  o.op = Op::Real;
  o.setText(std::string_view(&*range.begin(), static_cast<size_t>(range.end() - range.begin())));
  o.column = static_cast<uint16_t>(state(ctx).base + (range.begin() - state(ctx).begin));
  state(ctx).store->ops.push(o);
});
auto const onIdentifier = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  ExprOp o;
  o.op = Op::Identifier;
  o.bound = nullptr;  // the member of ExprOp's union an Identifier uses
  o.setText(std::string_view(&*range.begin(), static_cast<size_t>(range.end() - range.begin())));
  o.column = static_cast<uint16_t>(state(ctx).base + (range.begin() - state(ctx).begin));
  state(ctx).store->ops.push(o);
});
auto const onMember = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  ExprOp o;
  o.op = Op::Member;
  o.setText(std::string_view(&*range.begin(), static_cast<size_t>(range.end() - range.begin())));
  o.column = static_cast<uint16_t>(state(ctx).base + (range.begin() - state(ctx).begin));
  state(ctx).store->ops.push(o);
});
auto const onString = unlessFailed([](auto& ctx) {
  auto range = x3::_attr(ctx);
  std::string_view raw(&*range.begin(), static_cast<size_t>(range.end() - range.begin()));
  char q = raw.front();
  ExprOp o;
  o.op = Op::String;
  std::string_view contents = raw.substr(1, raw.size() - 2);
  if (contents.find(q) == std::string_view::npos) {
    o.setText(contents);
  } else {
    auto& text = state(ctx).store->text;
    text.begin();
    for (size_t i = 0; i < contents.size(); ++i) {
      text.push(contents[i]);
      if (contents[i] == q) ++i;  // doubled quote
    }
    auto kept = text.finish();
    o.setText(std::string_view(kept.data(), kept.size()));
  }
  o.column = static_cast<uint16_t>(state(ctx).base + (range.begin() - state(ctx).begin));
  state(ctx).store->ops.push(o);
});

x3::rule<class expr_r> const expr = "expression";
x3::rule<class or_r> const orExpr = "expression";
x3::rule<class and_r> const andExpr = "expression";
x3::rule<class not_r> const notExpr = "expression";
x3::rule<class rel_r> const relExpr = "expression";
x3::rule<class add_r> const addExpr = "expression";
x3::rule<class mul_r> const mulExpr = "expression";
x3::rule<class unary_r> const unaryExpr = "operand";
x3::rule<class hl_r> const hlExpr = "operand";
x3::rule<class ptr_r> const ptrExpr = "operand";
x3::rule<class signed_ptr_r> const signedPtrOperand = "operand";
x3::rule<class ovr_r> const overrideExpr = "operand";
x3::rule<class member_r> const memberExpr = "operand";
x3::rule<class postfix_r> const postfixExpr = "operand";
x3::rule<class primary_r> const primary = "operand";

// Character sets, not x3::digit/x3::alnum: those call std::isalnum on a plain char, which is
// undefined for the bytes 80h-FFh that sources in code page 437 hold (and asserts in Boost).
// `0000_0110b`: emu8086 separates digits with `_` (parseNumber skips them).
auto const number = x3::raw[x3::lexeme[x3::char_("0-9") >> *x3::char_("a-zA-Z0-9_")]];
// A decimal real (MASM 6.1 Programmer's Guide, ch. 6): digits, a point, digits, an exponent.
auto const real = x3::raw[x3::lexeme[+x3::char_("0-9") >> '.' >> *x3::char_("0-9") >>
                                     -(x3::char_("eE") >> -x3::char_("+-") >> +x3::char_("0-9"))]];
auto const identifier = x3::raw[x3::lexeme[identStart >> *identChar]];
// A name that starts with a dot (OPTION DOTNAME, MASM 5.1): only where an operand begins, so that
// `x.field` stays a member; the symbol table decides whether such a name exists.
auto const dotName = x3::raw[x3::lexeme['.' >> !kw("TYPE") >> identStart >> *identChar]];
auto const dqString = x3::lexeme['"' >> *(x3::lit("\"\"") | ~x3::char_('"')) >> '"'];
auto const sqString = x3::lexeme['\'' >> *(x3::lit("''") | ~x3::char_('\'')) >> '\''];
auto const string = x3::raw[dqString | sqString];

auto const expr_def = live >> ((kw("SHORT") >> required[expr])[push_op<Op::Short>{}] |
                               (kw(".TYPE") >> required[expr])[push_op<Op::DotType>{}] | orExpr);
auto const orExpr_def = live >> (andExpr >> *((kw("OR") >> required[andExpr])[push_op<Op::Or>{}] |
                                              (kw("XOR") >> required[andExpr])[push_op<Op::Xor>{}]));
auto const andExpr_def = live >> (notExpr >> *((kw("AND") >> required[notExpr])[push_op<Op::And>{}]));
auto const notExpr_def = live >> ((kw("NOT") >> required[notExpr])[push_op<Op::Not>{}] | relExpr);
auto const relExpr_def = live >> (addExpr >> *((kw("EQ") >> required[addExpr])[push_op<Op::Eq>{}] |
                                               (kw("NE") >> required[addExpr])[push_op<Op::Ne>{}] |
                                               (kw("LT") >> required[addExpr])[push_op<Op::Lt>{}] |
                                               (kw("LE") >> required[addExpr])[push_op<Op::Le>{}] |
                                               (kw("GT") >> required[addExpr])[push_op<Op::Gt>{}] |
                                               (kw("GE") >> required[addExpr])[push_op<Op::Ge>{}]));
auto const addExpr_def = live >> (mulExpr >> *(('+' >> required[mulExpr])[push_op<Op::Add>{}] |
                                               ('-' >> required[mulExpr])[push_op<Op::Sub>{}]));
auto const mulExpr_def = live >> (unaryExpr >>
                                  *(('*' >> required[unaryExpr])[push_op<Op::Mul>{}] |
                                    ('/' >> required[unaryExpr])[push_op<Op::Div>{}] |
                                    (kw("MOD") >> required[unaryExpr])[push_op<Op::Mod>{}] |
                                    (kw("SHL") >> required[unaryExpr])[push_op<Op::Shl>{}] |
                                    (kw("SHR") >> required[unaryExpr])[push_op<Op::Shr>{}] |
                                    (x3::raw[x3::lit("<<")][onCShift] >> required[unaryExpr])[push_op<Op::Shl>{}] |
                                    (x3::raw[x3::lit(">>")][onCShift] >> required[unaryExpr])[push_op<Op::Shr>{}]));
auto const unaryExpr_def = live >>
                           (('-' >> required[unaryExpr])[push_op<Op::Neg>{}] | ('+' >> required[unaryExpr]) | hlExpr);
auto const hlExpr_def = live >> ((prefixKw("HIGHWORD") >> required[hlExpr])[push_op<Op::HighWord>{}] |
                                 (prefixKw("LOWWORD") >> required[hlExpr])[push_op<Op::LowWord>{}] |
                                 (prefixKw("HIGH") >> required[hlExpr])[push_op<Op::High>{}] |
                                 (prefixKw("LOW") >> required[hlExpr])[push_op<Op::Low>{}] | ptrExpr);
auto const ptrExpr_def = live >> ((sizeDot >> required[ptrExpr])[push_op<Op::Ptr>{}] |
                                  (prefixKw("OFFSET") >> required[ptrExpr])[push_op<Op::Offset>{}] |
                                  (prefixKw("SEG") >> required[ptrExpr])[push_op<Op::Seg>{}] |
                                  (prefixKw("TYPE") >> required[ptrExpr])[push_op<Op::Type>{}] |
                                  (prefixKw("THIS") >> required[ptrExpr])[push_op<Op::This>{}] |
                                  (overrideExpr >> -((kw("PTR") >> required[signedPtrOperand])[push_op<Op::Ptr>{}])));
// `word ptr -2[bp]`: a sign after PTR applies to the operand PTR types, as MASM reads it.
auto const signedPtrOperand_def = live >> (('-' >> required[ptrExpr])[push_op<Op::Neg>{}] | ('+' >> required[ptrExpr]) |
                                           ptrExpr);
auto const overrideExpr_def = live >> (memberExpr >> -((':' >> required[signedPtrOperand])[push_op<Op::Override>{}]));
// `x.field`; `[bx].2` is a Member whose text is a number (MASM 5.1's dot as plus: evaluate.cpp).
auto const memberExpr_def = live >> (postfixExpr >>
                                     *('.' >> x3::raw[x3::lexeme[(identStart | x3::digit) >> *identChar]][onMember] >>
                                       *(('[' >> required[expr] >> required[']'])[push_op<Op::Index>{}])));
auto const postfixExpr_def = live >> (primary >> *(('[' >> required[expr] >> required[']'])[push_op<Op::Index>{}] |
                                                   ('(' >> required[expr] >> required[')'])[push_op<Op::Index>{}]));
auto const primary_def =
    live >>
    (real[onReal] | number[onNumber] | string[onString] | ('(' >> required[expr] >> required[')']) |
     ('[' >> required[expr] >> required[']'])[push_op<Op::Bracket>{}] |
     (prefixKw("SIZEOF") >> required[(postfixExpr | ('(' >> required[expr] >> required[')']))])[push_op<Op::SizeOf>{}] |
     (prefixKw("LENGTHOF") >>
      required[(postfixExpr | ('(' >> required[expr] >> required[')']))])[push_op<Op::LengthOf>{}] |
     (prefixKw("SIZE") >> required[postfixExpr])[push_op<Op::Size>{}] |
     (prefixKw("LENGTH") >> required[postfixExpr])[push_op<Op::Length>{}] |
     (prefixKw("WIDTH") >> required[postfixExpr])[push_op<Op::Width>{}] |
     (prefixKw("MASK") >> required[postfixExpr])[push_op<Op::Mask>{}] |
     x3::lexeme['$' >> !identChar][push_op<Op::Location>{}] | x3::lexeme['?' >> !identChar][push_op<Op::Undefined>{}] |
     identifier[onIdentifier] | dotName[onIdentifier]);

BOOST_SPIRIT_DEFINE(expr, orExpr, andExpr, notExpr, relExpr, addExpr, mulExpr, unaryExpr, hlExpr, ptrExpr, signedPtrOperand,
                    overrideExpr,
                    memberExpr, postfixExpr, primary)

// ---- Data items ------------------------------------------------------------------------------

auto const beginItem = unlessFailed([](auto& ctx) {
  auto& s = state(ctx);
  s.closeItem();
  s.lists.back()->emplace_back();
  DataItem& item = s.lists.back()->back();
  item.expr.column = columnOf(ctx);
  s.open = &item;
  s.store->ops.begin();
});
auto const markUndefined =
    unlessFailed([](auto& ctx) { state(ctx).lists.back()->back().kind = DataItem::Kind::Undefined; });
auto const beginDup = unlessFailed([](auto& ctx) {
  auto& s = state(ctx);
  s.closeItem();
  DataItem& item = s.lists.back()->back();
  item.kind = DataItem::Kind::Dup;
  s.lists.push_back(&item.items);
});
auto const beginList = unlessFailed([](auto& ctx) {
  auto& s = state(ctx);
  s.closeItem();
  DataItem& item = s.lists.back()->back();
  item.kind = DataItem::Kind::List;
  s.lists.push_back(&item.items);
});
auto const endNested = unlessFailed([](auto& ctx) {
  state(ctx).closeItem();
  state(ctx).lists.pop_back();
});

x3::rule<class data_list_r> const dataList = "data item list";
x3::rule<class data_item_r> const dataItem = "data item";

auto const dataList_def = live >> (-(dataItem % ','));
auto const dataItem_def = live >>
                          (x3::eps[beginItem] >>
                           (x3::lexeme['?' >> !identChar][markUndefined] |
                            // The closing bracket is expected bare, its action after it, so that a missing one is
                            // reported by its character (an action's description is its mangled type name).
                            ((x3::lit('<')[beginList] >> required[dataList] >> required['>']) >> x3::eps[endNested]) |
                            ((x3::lit('{')[beginList] >> required[dataList] >> required['}']) >> x3::eps[endNested]) |
                            (expr >> -((kw("DUP")[beginDup] >> required['('] >> required[dataList] >> required[')']) >>
                                       x3::eps[endNested]))));

BOOST_SPIRIT_DEFINE(dataList, dataItem)

// Brackets, parentheses and the data list's <> and {} nest the grammar's rules; each level costs
// dozens of stack frames (hundreds of bytes each under the sanitizers), so 800 `[` overflowed the
// stack. Real code nests a few levels; deeper is an error before the grammar runs.
constexpr int kMaxNesting = 100;

// The offset of the first opener past kMaxNesting levels (quoted text aside), or npos.
size_t tooDeep(std::string_view text) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '<' || c == '{') {
      if (++depth > kMaxNesting) return i;
    } else if ((c == ')' || c == ']' || c == '>' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::string_view::npos;
}

template <typename Grammar>
bool run(std::string_view text, uint16_t base, State& st, Grammar const& g, ParseError& error) {
  if (const size_t deep = tooDeep(text); deep != std::string_view::npos) {
    error.column = static_cast<uint16_t>(base + deep);
    error.message =
        "expression nested more than " + std::to_string(kMaxNesting) + " levels deep (brackets, parentheses, <> or {})";
    return false;
  }
  Iterator first = text.begin();
  Iterator last = text.end();
  st.begin = first;
  st.base = base;
  // Blanks between tokens: a character-set test is cheaper than the locale-aware x3::space.
  bool ok = x3::phrase_parse(first, last, x3::with<StateTag>(std::ref(st))[g], x3::char_(" \t\r\f\v"));
  if (st.failed) {
    error.column = static_cast<uint16_t>(base + (st.failedAt - text.begin()));
    // X3 describes a literal by its character and a rule by its name, anything else by its C++
    // type name, which means nothing to a student.
    const std::string expected = st.expected.starts_with('\'') || st.expected.find("boost") == std::string::npos
                                     ? st.expected
                                     : std::string("an operand");
    error.message = st.failedAt == last ? "expression ends early: expected " + expected
                                        : "expected " + expected + " before '" +
                                              std::string(st.failedAt, std::min(last, st.failedAt + 12)) + "'";
    return false;
  }
  if (ok && first == last) return true;
  error.column = static_cast<uint16_t>(base + (first - text.begin()));
  error.message = first == last ? "syntax error in expression"
                                : "unexpected '" + std::string(first, std::min(last, first + 12)) + "' in expression";
  return false;
}

}  // namespace

std::optional<Expr> parseExpression(ExprStore& store, std::string_view text, uint16_t base, ParseError& error) {
  auto mark = store.mark();
  std::string_view kept = store.keepText(text);
  Expr e;
  if (parseSimpleKept(store, kept, base, e)) return e;
  e.column = base;
  State st;
  st.store = &store;
  store.ops.begin();
  if (!run(kept, base, st, expr, error)) {
    // Once a source has named a symbol with an operator word, a text that does not parse is
    // tried again reading such words as names where no operand follows them.
    store.ops.abandon();
    if (store.operatorWordSymbols) {
      st = State{};
      st.store = &store;
      st.operatorWordsAsNames = true;
      store.ops.begin();
      ParseError again;
      if (run(kept, base, st, expr, again)) {
        e.ops = ExprOps(store.ops.finish());
        return e;
      }
      store.ops.abandon();
    }
    store.release(mark);
    return std::nullopt;
  }
  e.ops = ExprOps(store.ops.finish());
  return e;
}

std::optional<std::vector<DataItem>> parseDataItems(ExprStore& store, std::string_view text, uint16_t base,
                                                    ParseError& error) {
  std::vector<DataItem> items;
  if (parseSimpleDataItems(store, text, base, items)) return items;
  auto mark = store.mark();
  std::string_view kept = store.keepText(text);
  State st;
  st.store = &store;
  st.lists.push_back(&items);
  if (!run(kept, base, st, dataList, error)) {
    // As parseExpression does: once a symbol is named with an operator word, `size dup (0)`.
    bool again = false;
    if (store.operatorWordSymbols) {
      items.clear();
      store.release(mark);
      kept = store.keepText(text);
      st = State{};
      st.store = &store;
      st.operatorWordsAsNames = true;
      st.lists.push_back(&items);
      ParseError ignored;
      again = run(kept, base, st, dataList, ignored);
    }
    if (!again) {
      store.release(mark);
      return std::nullopt;
    }
  }
  st.closeItem();
  return items;
}

std::optional<int64_t> parseNumber(std::string_view t, unsigned radix) {
  if (t.empty() || !isDigit(t[0])) return std::nullopt;
  unsigned r = radix;
  char last = toUpper(t.back());
  std::string_view digits = t;
  // `0x1F`: C's hexadecimal, which emu8086 takes and MASM does not (no MASM number has an X).
  if (t.size() > 2 && t[0] == '0' && toUpper(t[1]) == 'X') {
    r = 16;
    digits.remove_prefix(2);
    last = 0;
  }
  // A suffix letter picks the radix, except that B and D are digits when the radix is 16.
  if (last == 'H') r = 16, digits.remove_suffix(1);
  else if (last == 'O' || last == 'Q') r = 8, digits.remove_suffix(1);
  else if (last == 'T') r = 10, digits.remove_suffix(1);
  else if (last == 'Y') r = 2, digits.remove_suffix(1);
  else if ((last == 'B' || last == 'D') && radix <= 10) {
    r = last == 'B' ? 2 : 10;
    digits.remove_suffix(1);
  }
  if (digits.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : digits) {
    if (c == '_') continue;  // emu8086's digit separator
    char u = toUpper(c);
    unsigned d = isDigit(u) ? static_cast<unsigned>(u - '0') : (u >= 'A' && u <= 'Z') ? static_cast<unsigned>(u - 'A' + 10) : 99;
    if (d >= r) return std::nullopt;
    v = v * r + d;
    if (v > 0xFFFFFFFFull) return std::nullopt;
  }
  return static_cast<int64_t>(v);
}

}  // namespace asmlab::masm

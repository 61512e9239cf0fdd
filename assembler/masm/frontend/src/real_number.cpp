// Exact decimal-to-binary conversion: the decimal real is the fraction num/den of two big
// integers, and the significand is their quotient scaled to the format's precision, with the
// remainder deciding the rounding. No host floating point is involved, so the bytes are the same
// on every machine and for every format (the host may have no 80-bit type).
#include "real_number.hpp"

#include <algorithm>
#include <vector>

#include "text_util.hpp"

namespace asmlab::masm {
namespace {

// An unsigned big integer, 32-bit limbs, least significant first, no leading zero limbs.
class BigInt {
public:
  explicit BigInt(uint64_t v = 0) {
    while (v) {
      limbs_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }
  bool isZero() const { return limbs_.empty(); }
  unsigned bitLength() const {
    if (limbs_.empty()) return 0;
    unsigned top = 32;
    while (!(limbs_.back() >> (top - 1))) --top;
    return static_cast<unsigned>((limbs_.size() - 1) * 32) + top;
  }
  void mulAdd(uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (uint32_t& limb : limbs_) {
      const uint64_t t = uint64_t{limb} * factor + carry;
      limb = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) limbs_.push_back(static_cast<uint32_t>(carry));
    trim();
  }
  BigInt shifted(unsigned bits) const {
    BigInt r;
    if (limbs_.empty()) return r;
    const unsigned words = bits / 32, rest = bits % 32;
    r.limbs_.assign(words, 0);
    uint32_t carry = 0;
    for (uint32_t limb : limbs_) {
      r.limbs_.push_back(rest ? (limb << rest) | carry : limb);
      carry = rest ? limb >> (32 - rest) : 0;
    }
    if (carry) r.limbs_.push_back(carry);
    return r;
  }
  friend int compare(const BigInt& a, const BigInt& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (size_t i = a.limbs_.size(); i-- > 0;)
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    return 0;
  }
  void subtract(const BigInt& b) {  // *this >= b
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      int64_t t = int64_t{limbs_[i]} - (i < b.limbs_.size() ? int64_t{b.limbs_[i]} : 0) - borrow;
      borrow = t < 0;
      limbs_[i] = static_cast<uint32_t>(t + (borrow << 32));
    }
    trim();
  }

private:
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<uint32_t> limbs_;
};

// The 80-bit format stores its integer bit; the others leave it implied.
struct Format {
  unsigned precision;  // significand bits, the integer bit included
  int minExponent;     // of a normal number
  int maxExponent;     // also the exponent bias
};

Format formatOf(unsigned size) {
  switch (size) {
    case 4: return {24, -126, 127};
    case 8: return {53, -1022, 1023};
    default: return {64, -16382, 16383};
  }
}

const char* realName(unsigned size) { return size == 4 ? "REAL4" : size == 8 ? "REAL8" : "REAL10"; }

// Packs sign, unbiased exponent of the leading bit (ignored when denormal) and significand.
RealBytes pack(bool negative, bool denormal, int exponent, uint64_t significand, unsigned size) {
  const Format f = formatOf(size);
  const uint64_t bias = static_cast<uint64_t>(f.maxExponent);
  const uint64_t biased = denormal ? 0 : static_cast<uint64_t>(exponent) + bias;
  RealBytes out;
  if (size == 10) {
    for (unsigned i = 0; i < 8; ++i) out.bytes[i] = static_cast<uint8_t>(significand >> (8 * i));
    const uint64_t top = (negative ? 0x8000u : 0u) | biased;
    out.bytes[8] = static_cast<uint8_t>(top);
    out.bytes[9] = static_cast<uint8_t>(top >> 8);
    return out;
  }
  const unsigned fractionBits = f.precision - 1;
  const unsigned exponentBits = size == 4 ? 8 : 11;
  const uint64_t fraction = significand & ((uint64_t{1} << fractionBits) - 1);
  const uint64_t bits = (uint64_t{negative} << (fractionBits + exponentBits)) | (biased << fractionBits) | fraction;
  for (unsigned i = 0; i < size; ++i) out.bytes[i] = static_cast<uint8_t>(bits >> (8 * i));
  return out;
}

}  // namespace

bool isDecimalReal(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && isDigit(t[i])) ++i;
  if (i == 0 || i == t.size() || t[i] != '.') return false;
  ++i;
  while (i < t.size() && isDigit(t[i])) ++i;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    const size_t digits = i;
    while (i < t.size() && isDigit(t[i])) ++i;
    if (i == digits) return false;
  }
  return i == t.size();
}

RealBytes encodeDecimalReal(std::string_view text, bool negative, unsigned size) {
  const Format f = formatOf(size);
  // Significant digits and the power of ten that scales them.
  BigInt num;
  int64_t power = 0;
  size_t i = 0;
  bool seenPoint = false, anyDigit = false;
  unsigned digitsKept = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.') {
      seenPoint = true;
      continue;
    }
    if (!isDigit(c)) break;
    if (c != '0') anyDigit = true;
    if (!anyDigit) {
      if (seenPoint) --power;
      continue;
    }
    // 800 significant digits decide any rounding of a 64-bit significand but a tie further out
    // (more digits are dropped, their place value kept).
    if (digitsKept < 800) {
      num.mulAdd(10, static_cast<uint32_t>(c - '0'));
      ++digitsKept;
      if (seenPoint) --power;
    } else if (!seenPoint) {
      ++power;
    }
  }
  if (i < text.size()) {
    ++i;  // e or E
    bool negativeExponent = false;
    if (text[i] == '+' || text[i] == '-') negativeExponent = text[i++] == '-';
    int64_t e = 0;
    for (; i < text.size(); ++i) e = std::min<int64_t>(e * 10 + (text[i] - '0'), 100000);
    power += negativeExponent ? -e : e;
  }
  if (num.isZero()) return pack(negative, true, 0, 0, size);
  const int64_t magnitude = power + static_cast<int64_t>(digitsKept);
  if (magnitude > 5000) return {{}, std::string("real number too large for ") + realName(size)};
  if (magnitude < -5000) return pack(negative, true, 0, 0, size);

  BigInt den(1);
  for (int64_t p = 0; p < power; ++p) num.mulAdd(10, 0);
  for (int64_t p = 0; p > power; --p) den.mulAdd(10, 0);

  // e: the exponent of the leading bit, 2^e <= num/den < 2^(e+1).
  auto atLeastPowerOfTwo = [&](int64_t e) {
    return e >= 0 ? compare(num, den.shifted(static_cast<unsigned>(e))) >= 0
                  : compare(num.shifted(static_cast<unsigned>(-e)), den) >= 0;
  };
  int64_t e = static_cast<int64_t>(num.bitLength()) - static_cast<int64_t>(den.bitLength());
  if (!atLeastPowerOfTwo(e)) --e;
  // The unit in the last place, and the significand num/den / 2^ulp rounded to nearest even.
  const int64_t ulp = std::max<int64_t>(e, f.minExponent) - (f.precision - 1);
  BigInt n = ulp >= 0 ? num : num.shifted(static_cast<unsigned>(-ulp));
  const BigInt d = ulp >= 0 ? den.shifted(static_cast<unsigned>(ulp)) : den;
  uint64_t q = 0;
  for (int bit = 64; bit-- > 0;) {
    const BigInt step = d.shifted(static_cast<unsigned>(bit));
    if (compare(n, step) >= 0) {
      n.subtract(step);
      q |= uint64_t{1} << bit;
    }
  }
  const int half = compare(n.shifted(1), d);
  int64_t exponent = ulp + (f.precision - 1);
  if (half > 0 || (half == 0 && (q & 1))) {
    const bool carry = f.precision == 64 ? q == UINT64_MAX : q + 1 == uint64_t{1} << f.precision;
    if (carry) {  // rounding carried into a new leading bit
      q = uint64_t{1} << (f.precision - 1);
      ++exponent;
    } else {
      ++q;  // a denormal may become the smallest normal here: its exponent is already minExponent
    }
  }
  const bool denormal = q < (uint64_t{1} << (f.precision - 1));
  if (!denormal && exponent > f.maxExponent) return {{}, std::string("real number too large for ") + realName(size)};
  return pack(negative, denormal, static_cast<int>(exponent), q, size);
}

bool isEncodedReal(std::string_view t) {
  if (t.size() < 2 || (t.back() != 'r' && t.back() != 'R') || !isDigit(t[0])) return false;
  for (size_t i = 0; i + 1 < t.size(); ++i)
    if (!isDigit(t[i]) && !((t[i] | 0x20) >= 'a' && (t[i] | 0x20) <= 'f')) return false;
  return true;
}

RealBytes encodeEncodedReal(std::string_view t, unsigned size) {
  std::string_view digits = t.substr(0, t.size() - 1);
  if (digits.size() == size * 2 + 1 && digits[0] == '0') digits.remove_prefix(1);
  if (digits.size() != size * 2)
    return {{}, "an encoded real for " + std::string(realName(size)) + " has " + std::to_string(size * 2) +
                    " hex digits (one more if the first is 0), not " + std::to_string(digits.size())};
  RealBytes out;
  for (unsigned i = 0; i < size; ++i) {
    auto hex = [](char c) { return isDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10; };
    const size_t at = digits.size() - 2 * (i + 1);
    out.bytes[i] = static_cast<uint8_t>(hex(digits[at]) * 16 + hex(digits[at + 1]));
  }
  return out;
}

}  // namespace asmlab::masm

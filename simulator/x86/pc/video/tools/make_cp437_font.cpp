// Build-time generator: reads PC Screen Font (PSF1) files with a Unicode table (gzip-compressed,
// as Debian's console-setup-linux installs them), picks for every code page 437 character the
// glyph the first font maps to its Unicode code point, and writes a C++ source with the 8xN
// bitmaps. Taller fonts may follow as fallbacks; their glyphs are scaled down to the height.
// Usage: make_cp437_font OUT.cpp HEIGHT NAME FONT.psf.gz [FONT.psf.gz ...]
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "asmlab/x86/pc/video/cp437.hpp"

namespace {

struct PsfFont {
  unsigned height = 0;
  std::vector<uint8_t> glyphs;           // count * height bytes
  std::map<char32_t, unsigned> byCodePoint;
};

bool readGzip(const std::string& path, std::vector<uint8_t>& data) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) return false;
  uint8_t buffer[65536];
  int n = 0;
  while ((n = gzread(file, buffer, sizeof buffer)) > 0) data.insert(data.end(), buffer, buffer + n);
  gzclose(file);
  return n == 0;
}

// PSF1: magic 36h 04h, mode (bit 0: 512 glyphs, bit 1: Unicode table), height; then the glyphs
// (one byte per row, 8 pixels wide), then per glyph a list of 16-bit code points ended by FFFFh
// (FFFEh starts a combining sequence, which is skipped).
bool parsePsf1(const std::vector<uint8_t>& d, PsfFont& font, std::string& error) {
  if (d.size() < 4 || d[0] != 0x36 || d[1] != 0x04) { error = "not a PSF1 font"; return false; }
  const unsigned count = (d[2] & 1) ? 512 : 256;
  font.height = d[3];
  const size_t tableStart = 4 + size_t{count} * font.height;
  if (!(d[2] & 2) || d.size() < tableStart) { error = "PSF1 font without a Unicode table"; return false; }
  font.glyphs.assign(d.begin() + 4, d.begin() + static_cast<long>(tableStart));
  unsigned glyph = 0;
  bool inSequence = false;
  for (size_t i = tableStart; i + 1 < d.size() && glyph < count; i += 2) {
    const unsigned v = d[i] | (d[i + 1] << 8);
    if (v == 0xFFFF) { ++glyph; inSequence = false; continue; }
    if (v == 0xFFFE) { inSequence = true; continue; }
    if (!inSequence) font.byCodePoint.emplace(static_cast<char32_t>(v), glyph);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s OUT.cpp HEIGHT NAME FONT.psf.gz...\n", argv[0]);
    return 2;
  }
  const std::string outPath = argv[1];
  const unsigned height = static_cast<unsigned>(std::atoi(argv[2]));
  const std::string name = argv[3];
  std::vector<PsfFont> fonts;
  std::vector<std::string> names;
  for (int i = 4; i < argc; ++i) {
    std::vector<uint8_t> data;
    std::string error;
    PsfFont font;
    if (!readGzip(argv[i], data) || !parsePsf1(data, font, error)) {
      std::fprintf(stderr, "%s: error: cannot read the font%s%s\n", argv[i], error.empty() ? "" : ": ", error.c_str());
      return 1;
    }
    if (font.height < height) {
      std::fprintf(stderr, "%s: error: glyphs are %u rows high, expected at least %u\n", argv[i], font.height, height);
      return 1;
    }
    fonts.push_back(std::move(font));
    names.emplace_back(argv[i]);
  }
  // Fonts that lack the exact pointer triangles of 10h/11h have the near-identical black
  // pointers U+25B6/U+25C0.
  const std::map<char32_t, char32_t> alternates = {{0x25BA, 0x25B6}, {0x25C4, 0x25C0}};
  std::string out = "// Generated at build time by make_cp437_font from:\n";
  for (const auto& n : names) out += "//   " + n + "\n";
  out += "// Do not edit.\n#include <cstdint>\n\nnamespace asmlab::x86::pc::video {\n\nextern const uint8_t " + name +
         "[256][" + std::to_string(height) + "];\nconst uint8_t " + name + "[256][" + std::to_string(height) + "] = {\n";
  for (unsigned c = 0; c < 256; ++c) {
    char32_t u = asmlab::x86::pc::video::kCp437ToUnicode[c];
    const PsfFont* source = nullptr;
    unsigned glyph = 0;
    const bool blank = u == 0 || u == 0x20 || u == 0xA0;
    for (int attempt = 0; attempt < 2 && !blank && source == nullptr; ++attempt) {
      for (const auto& f : fonts) {
        auto it = f.byCodePoint.find(u);
        if (it != f.byCodePoint.end()) { source = &f; glyph = it->second; break; }
      }
      auto alt = alternates.find(u);
      if (alt == alternates.end()) break;
      u = alt->second;
    }
    if (!blank && source == nullptr) {
      std::fprintf(stderr, "error: no font has a glyph for CP437 %02Xh (U+%04X)\n", c, static_cast<unsigned>(u));
      return 1;
    }
    out += "    {";
    for (unsigned r = 0; r < height; ++r) {
      // A taller font (a fallback for glyphs the exact-height fonts lack) is scaled down by ORing
      // the source rows each target row covers, which keeps thin strokes visible.
      unsigned bits = 0;
      if (!blank) {
        const unsigned first = r * source->height / height, last = ((r + 1) * source->height - 1) / height;
        for (unsigned k = first; k <= last; ++k) bits |= source->glyphs[size_t{glyph} * source->height + k];
      }
      char buf[8];
      std::snprintf(buf, sizeof buf, "0x%02X", bits);
      out += buf;
      if (r + 1 < height) out += ",";
    }
    char comment[24];
    std::snprintf(comment, sizeof comment, "},  // %02Xh\n", c);
    out += comment;
  }
  out += "};\n\n}  // namespace asmlab::x86::pc::video\n";
  std::ofstream file(outPath, std::ios::binary);
  file << out;
  return file ? 0 : 1;
}

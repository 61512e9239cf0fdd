// The reference screenshots of `pixels` checks (PNG, through libpng's simplified API), read when
// the spec is loaded.
#include <cstdint>
#include <vector>

#include <fmt/format.h>
#include <png.h>

#include "asmlab/grader/spec.hpp"

namespace asmlab::grader {

bool readPng(const std::string& path, RgbImage& image, std::string& error) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&png, path.c_str())) {
    error = fmt::format("cannot read PNG {}: {}", path, png.message);
    return false;
  }
  png.format = PNG_FORMAT_RGB;
  std::vector<uint8_t> buffer(PNG_IMAGE_SIZE(png));
  if (!png_image_finish_read(&png, nullptr, buffer.data(), 0, nullptr)) {
    error = fmt::format("cannot decode PNG {}: {}", path, png.message);
    png_image_free(&png);
    return false;
  }
  image.width = png.width;
  image.height = png.height;
  image.pixels.resize(static_cast<size_t>(png.width) * png.height);
  for (size_t i = 0; i < image.pixels.size(); ++i) {
    image.pixels[i] = (uint32_t{buffer[3 * i]} << 16) | (uint32_t{buffer[3 * i + 1]} << 8) | buffer[3 * i + 2];
  }
  return true;
}

}  // namespace asmlab::grader

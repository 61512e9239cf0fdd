// PNG files of rendered frames (libpng, 8-bit RGB, no interlace).
#include <png.h>

#include <cerrno>
#include <cstring>

#include "asmlab/x86/pc/video/render.hpp"

namespace asmlab::x86::pc::video {

bool writePng(const std::string& path, const Frame& frame, std::string& error) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = frame.width;
  image.height = frame.height;
  image.format = PNG_FORMAT_RGB;
  std::vector<uint8_t> data(size_t{frame.width} * frame.height * 3);
  for (size_t i = 0; i < frame.pixels.size() && i * 3 + 2 < data.size(); ++i) {
    data[i * 3] = static_cast<uint8_t>(frame.pixels[i] >> 16);
    data[i * 3 + 1] = static_cast<uint8_t>(frame.pixels[i] >> 8);
    data[i * 3 + 2] = static_cast<uint8_t>(frame.pixels[i]);
  }
  errno = 0;
  if (!png_image_write_to_file(&image, path.c_str(), 0, data.data(), 0, nullptr)) {
    error = path + ": cannot write the screenshot: " + (errno != 0 ? std::strerror(errno) : image.message);
    png_image_free(&image);
    return false;
  }
  return true;
}

bool readPng(const std::string& path, Frame& frame, std::string& error) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, path.c_str())) {
    error = path + ": " + image.message;
    return false;
  }
  image.format = PNG_FORMAT_RGB;
  std::vector<uint8_t> data(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, data.data(), 0, nullptr)) {
    error = path + ": " + image.message;
    png_image_free(&image);
    return false;
  }
  frame.width = image.width;
  frame.height = image.height;
  frame.pixels.resize(size_t{image.width} * image.height);
  for (size_t i = 0; i < frame.pixels.size(); ++i)
    frame.pixels[i] = (uint32_t{data[i * 3]} << 16) | (uint32_t{data[i * 3 + 1]} << 8) | data[i * 3 + 2];
  return true;
}

}  // namespace asmlab::x86::pc::video

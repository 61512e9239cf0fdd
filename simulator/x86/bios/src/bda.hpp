// The BIOS data area fields the video BIOS owns (segment 0040h).
#pragma once

#include <cstdint>

#include "asmlab/x86/bus.hpp"

namespace asmlab::x86::bios {

constexpr uint32_t kBda = 0x400;
constexpr uint32_t kBdaMode = 0x49;             // byte: current mode
constexpr uint32_t kBdaColumns = 0x4A;          // word: text columns
constexpr uint32_t kBdaPageSize = 0x4C;         // word: bytes per page
constexpr uint32_t kBdaPageOffset = 0x4E;       // word: offset of the active page
constexpr uint32_t kBdaCursorPositions = 0x50;  // 8 words: column, row of each page
constexpr uint32_t kBdaCursorShape = 0x60;      // word: end line, start line
constexpr uint32_t kBdaActivePage = 0x62;       // byte
constexpr uint32_t kBdaCrtcPort = 0x63;         // word: 3D4h
constexpr uint32_t kBdaModeControl = 0x65;      // byte: CGA mode control value
constexpr uint32_t kBdaPalette = 0x66;          // byte: CGA palette value
constexpr uint32_t kBdaRowsMinusOne = 0x84;     // byte
constexpr uint32_t kBdaCharHeight = 0x85;       // word: scanlines per character
constexpr uint32_t kBdaVideoControl = 0x87;     // byte: bit 7 = memory not cleared by the last mode set
constexpr uint32_t kBdaSwitches = 0x88;         // byte
constexpr uint32_t kBdaVgaFlags = 0x89;         // byte

inline uint16_t bdaWord(const Bus& bus, uint32_t field) {
  return static_cast<uint16_t>(bus.peek8(kBda + field) | (bus.peek8(kBda + field + 1) << 8));
}
inline void setBdaWord(Bus& bus, uint32_t field, uint16_t value) {
  bus.write8(kBda + field, static_cast<uint8_t>(value));
  bus.write8(kBda + field + 1, static_cast<uint8_t>(value >> 8));
}

}  // namespace asmlab::x86::bios

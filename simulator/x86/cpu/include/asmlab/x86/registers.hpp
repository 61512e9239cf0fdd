// The register file of the 8086 family in real mode: eight general registers (32 bits wide so
// that the 80386's operand-size prefix reaches EAX..EDI; the 8086 uses the low 16), four segment
// registers (plus FS/GS on the 80386), IP and FLAGS.
// Intel 8086 Family User's Manual (1979), section 2.3 "Register structure".
#pragma once

#include <cstdint>

namespace asmlab::x86 {

// General-register numbers as encoded in ModRM (Intel 8086 Family User's Manual, table 4-9).
enum Reg16 : uint8_t { AX, CX, DX, BX, SP, BP, SI, DI };
// Byte registers: AL CL DL BL are the low bytes of AX..BX, AH CH DH BH their high bytes.
enum Reg8 : uint8_t { AL, CL, DL, BL, AH, CH, DH, BH };
// Segment registers in their ModRM encoding; FS and GS exist from the 80386 on.
enum SegReg : uint8_t { ES, CS, SS, DS, FS, GS };

// FLAGS bits (manual, figure 2-32).
enum Flag : uint16_t {
  kCF = 1u << 0, kPF = 1u << 2, kAF = 1u << 4, kZF = 1u << 6, kSF = 1u << 7,
  kTF = 1u << 8, kIF = 1u << 9, kDF = 1u << 10, kOF = 1u << 11,
};
// The flag bits a program can change; bit 1 reads as one on every model, bits 12-15 read as ones
// on the 8086/8088/80186 and as zeros in real mode on the 80286 and 80386 (the usual CPU test).
inline constexpr uint16_t kWritableFlags = kCF | kPF | kAF | kZF | kSF | kTF | kIF | kDF | kOF;

union GeneralRegister {
  uint32_t d;
  uint16_t w[2];  // w[0] is the 16-bit register
  uint8_t b[4];   // b[0] low byte, b[1] high byte
};

// A plain snapshot of the visible state, convenient for tests and debuggers.
struct RegisterFile {
  uint32_t eax = 0, ecx = 0, edx = 0, ebx = 0, esp = 0, ebp = 0, esi = 0, edi = 0;
  uint16_t es = 0, cs = 0, ss = 0, ds = 0, fs = 0, gs = 0;
  uint16_t ip = 0;
  uint16_t flags = 0x0002;

  uint16_t ax() const { return static_cast<uint16_t>(eax); }
  uint16_t bx() const { return static_cast<uint16_t>(ebx); }
  uint16_t cx() const { return static_cast<uint16_t>(ecx); }
  uint16_t dx() const { return static_cast<uint16_t>(edx); }
  uint16_t sp() const { return static_cast<uint16_t>(esp); }
  uint16_t bp() const { return static_cast<uint16_t>(ebp); }
  uint16_t si() const { return static_cast<uint16_t>(esi); }
  uint16_t di() const { return static_cast<uint16_t>(edi); }
};

}  // namespace asmlab::x86

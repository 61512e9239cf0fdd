// Instruction clocks of the 8086/8088 from the Intel 8086 Family User's Manual (1979), table 2-21
// "Instruction set summary" timing column, and table 2-20 "Effective address calculation time".
// All execution paths take their base clocks from here; the effective-address time is added by
// the ModRM decoder and the word-transfer penalty (+4 per word on the 8088, per odd-address word
// on the 8086) by the memory accessors. Later models currently use the same table (docs/x86-cpu.md).
#pragma once

namespace asmlab::x86::timing {

// Table 2-20: effective address time.
inline constexpr unsigned kEaDisp = 6;            // [disp16]
inline constexpr unsigned kEaBaseOrIndex = 5;     // [BX] [BP] [SI] [DI]
inline constexpr unsigned kEaBaseOrIndexDisp = 9; // [BX+disp] ...
inline constexpr unsigned kEaBpDiBxSi = 7;        // [BP+DI] [BX+SI]
inline constexpr unsigned kEaBpSiBxDi = 8;        // [BP+SI] [BX+DI]
inline constexpr unsigned kEaSegmentOverride = 2; // counted on the prefix byte
inline constexpr unsigned kWordPenalty = 4;       // per word transfer (8088) / odd word (8086)

// Prefixes.
inline constexpr unsigned kPrefix = 2;

// Data transfer.
inline constexpr unsigned kMovRegReg = 2, kMovRegMem = 8, kMovMemReg = 9, kMovRegImm = 4, kMovMemImm = 10;
inline constexpr unsigned kMovAccMem = 10;         // A0-A3
inline constexpr unsigned kMovSegReg = 2, kMovSegMem = 8, kMovMemSeg = 9;
inline constexpr unsigned kXchgAccReg = 3, kXchgRegReg = 4, kXchgMemReg = 17;
inline constexpr unsigned kLea = 2, kLdsLes = 16, kXlat = 11;
inline constexpr unsigned kLahf = 4, kSahf = 4, kPushf = 10, kPopf = 8;
inline constexpr unsigned kPushReg = 11, kPushSeg = 10, kPushMem = 16;
inline constexpr unsigned kPopReg = 8, kPopSeg = 8, kPopMem = 17;
inline constexpr unsigned kInImm = 10, kInDx = 8, kOutImm = 10, kOutDx = 8;

// Arithmetic and logic.
inline constexpr unsigned kAluRegReg = 3, kAluRegMem = 9, kAluMemReg = 16, kAluAccImm = 4;
inline constexpr unsigned kAluRegImm = 4, kAluMemImm = 17;
inline constexpr unsigned kCmpMemReg = 9, kCmpMemImm = 10;
inline constexpr unsigned kTestRegReg = 3, kTestRegMem = 9, kTestAccImm = 4, kTestRegImm = 5, kTestMemImm = 11;
inline constexpr unsigned kIncReg16 = 2, kIncReg8 = 3, kIncMem = 15;
inline constexpr unsigned kNegNotReg = 3, kNegNotMem = 16;
inline constexpr unsigned kCbw = 2, kCwd = 5;
inline constexpr unsigned kAaa = 4, kAas = 4, kDaa = 4, kDas = 4, kAam = 83, kAad = 60;

// Multiply and divide: the manual gives ranges; these are the midpoints of those ranges.
inline constexpr unsigned kMul8 = 73, kMul16 = 125, kImul8 = 89, kImul16 = 141;      // register forms
inline constexpr unsigned kDiv8 = 85, kDiv16 = 153, kIdiv8 = 106, kIdiv16 = 174;
inline constexpr unsigned kMulDivMemExtra = 6;  // memory forms: +6 over the register form, + EA

// Shifts and rotates.
inline constexpr unsigned kShiftReg1 = 2, kShiftMem1 = 15, kShiftRegCl = 8, kShiftMemCl = 20, kShiftPerBit = 4;

// Strings: single and repeated (9 + n * per-iteration).
inline constexpr unsigned kMovs = 18, kMovsRep = 17, kCmps = 22, kCmpsRep = 22, kScas = 15, kScasRep = 15;
inline constexpr unsigned kLods = 12, kLodsRep = 13, kStos = 11, kStosRep = 10, kRepBase = 9;
inline constexpr unsigned kIns = 14, kInsRep = 8, kOuts = 14, kOutsRep = 8;  // 80186 manual

// Control transfer.
inline constexpr unsigned kCallNear = 19, kCallNearReg = 16, kCallNearMem = 21, kCallFar = 28, kCallFarMem = 37;
inline constexpr unsigned kJmpShort = 15, kJmpNear = 15, kJmpNearReg = 11, kJmpNearMem = 18, kJmpFar = 15, kJmpFarMem = 24;
inline constexpr unsigned kRetNear = 8, kRetNearImm = 12, kRetFar = 18, kRetFarImm = 17;
inline constexpr unsigned kJccTaken = 16, kJccNotTaken = 4, kJcxzTaken = 18, kJcxzNotTaken = 6;
inline constexpr unsigned kLoopTaken = 17, kLoopNotTaken = 5, kLoopeTaken = 18, kLoopeNotTaken = 6;
inline constexpr unsigned kLoopneTaken = 19, kLoopneNotTaken = 5;
inline constexpr unsigned kInt3 = 52, kIntN = 51, kIntoTaken = 53, kIntoNotTaken = 4, kIret = 24;
inline constexpr unsigned kIntrEntry = 61, kNmiEntry = 50;  // external interrupt acknowledge + entry
inline constexpr unsigned kDivideErrorEntry = 51;

// Processor control.
inline constexpr unsigned kFlagOp = 2, kHlt = 2, kWait = 3, kEscReg = 2, kEscMem = 8, kNop = 3, kSalc = 3;

// 80186 additions (80186 manual), used on the 186+ models.
inline constexpr unsigned kPusha = 36, kPopa = 51, kPushImm = 10, kImul3Reg = 22, kImul3Mem = 25;
inline constexpr unsigned kEnter = 15, kLeave = 8, kBound = 33, kShiftImmReg = 5, kShiftImmMem = 17;
// 80386 additions used in real mode (80386 manual, clock column).
inline constexpr unsigned kMovx = 3, kSetcc = 4, kJccNear = 7, kBitOp = 3, kBitScan = 10, kDoubleShift = 3;

}  // namespace asmlab::x86::timing

// How the debugger writes a machine address for people, the same in every pane: the LC-3's
// "x3010 LOOP+2"; the PC's "1A2B:0010 PlayerMove+10h" (segment:offset as the program addresses
// it, and the nearest label of the same segment).
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

#include "asmlab/sim/machine.hpp"

namespace asmlab::gui {

// True for machines whose addresses are segment:offset (the PC).
bool isSegmented(const sim::Machine& machine);

// The paragraph to show a PC address with: `known` when the caller knows what the program used
// (CS for the PC, the CS a far return pops), else the linked program's segment holding the
// address, else CS, DS, SS or ES when one of them reaches it, else the address's own paragraph.
uint16_t segmentFor(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> known = std::nullopt);

// "x3010" or "1A2B:0010".
QString addressOnly(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment = std::nullopt);
// "LOOP+2" / "PlayerMove+10h": the nearest label at or below the address (in its segment on the
// PC), empty when there is none.
QString labelNear(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment = std::nullopt);
// Both: "x3010 LOOP+2", "1A2B:0010 PlayerMove+10h", or the address alone.
QString addressText(const sim::Machine& machine, uint64_t address, std::optional<uint16_t> segment = std::nullopt);

}  // namespace asmlab::gui

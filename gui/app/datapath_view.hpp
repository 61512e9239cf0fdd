// The LC-3 datapath (after Patt & Patel, Figures C.3 and C.8) drawn for the clock about to run:
// the bus with its value, the gate that drives it, the registers that load at the end of the
// clock, the inputs the multiplexers select and the memory's access with its R signal.
#pragma once

#include <QWidget>

#include <array>

#include "asmlab/lc3sim/micro_view.hpp"

namespace asmlab::gui {

// What the diagram shows: the micro engine's view plus the architectural registers.
struct DatapathState {
  bool valid = false;
  lc3sim::MicroView view;
  std::array<uint16_t, 8> regs{};
  uint16_t pc = 0, psr = 0, savedSsp = 0, savedUsp = 0;
};

class DatapathView : public QWidget {
public:
  explicit DatapathView(QWidget* parent = nullptr);
  void show(const DatapathState& state);
  QSize sizeHint() const override { return {760, 400}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  DatapathState state_;
};

}  // namespace asmlab::gui

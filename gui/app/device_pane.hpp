// Devices of the machine (PIT channels, PPI port 61h, PIC masks and pending IRQs, the interrupt
// table, video mode and DAC palette), as the machine exposes them through DeviceInspector.
#pragma once

#include <QTreeWidget>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class DevicePane : public QTreeWidget {
public:
  explicit DevicePane(DebugSession& session, QWidget* parent = nullptr);
  void capture();  // caller holds the machine mutex

private:
  DebugSession& session_;
};

}  // namespace asmlab::gui

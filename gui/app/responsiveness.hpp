// asmlab-gui --measure-responsiveness: runs the open program (at full speed, or in real time) in the real window and
// reports what a user would feel: how late the event loop serves a timer, how often the panes
// are redrawn from the machine, how long Pause takes, and the simulated speed (docs/PERFORMANCE.md).
#pragma once

#include <cstdio>

namespace asmlab::gui {

class MainWindow;

struct ResponsivenessOptions {
  double seconds = 5.0;   // how long the program runs
  int probeMs = 5;        // the probe timer's interval
  bool realTime = false;  // paced at the machine's own clock instead of as fast as the host can
};

// Returns 0, or 1 when the window has no program.
int measureResponsiveness(MainWindow& window, const ResponsivenessOptions& options, std::FILE* out);

}  // namespace asmlab::gui

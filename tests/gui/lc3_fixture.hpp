// A small LC-3 program for the debugger tests, written to a temporary directory. Its behaviour
// by hand: R0 counts down from 5 while R1 counts up, so at DONE R1 = 5 and R0 = 0.
#pragma once

#include <QFile>
#include <QTemporaryDir>

inline constexpr const char* kCountdown =
    "        .ORIG x3000\n"       // x3000
    "        AND R0, R0, #0\n"    // x3000
    "        ADD R0, R0, #5\n"    // x3001
    "LOOP    ADD R1, R1, #1\n"    // x3002
    "        ADD R0, R0, #-1\n"   // x3003
    "        BRp LOOP\n"          // x3004
    "DONE    ST R1, COUNT\n"      // x3005
    "        HALT\n"              // x3006
    "COUNT   .FILL #0\n"          // x3007
    "        .END\n";

inline QString writeSource(QTemporaryDir& dir, const char* name, const char* text) {
  QString path = dir.filePath(name);
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(text);
  return path;
}

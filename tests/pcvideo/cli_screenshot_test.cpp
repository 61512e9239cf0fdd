// `asmlab run` screenshots through the real executable: the text-mode mouse cursor drawn exactly
// once, screenshots at chosen clocks (including clock 0 and moments after the program ended), and
// 43/50-line text through INT 10h AX=1112h. The PNGs are read back and single pixels checked.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "asmlab/x86/pc/video/render.hpp"

namespace fs = std::filesystem;

namespace asmlab::x86::pc::video::testing {
namespace {

constexpr uint32_t kBlack = 0x000000, kGrey = 0xAAAAAA;

class ScreenshotCli : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("asmlab_shot_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
  // Runs `asmlab run ARGS`; returns the exit status and fills `err` with stderr.
  int run(const std::string& args, std::string& err) {
    const std::string errFile = path("stderr.txt");
    const std::string command = std::string(ASMLAB_CLI) + " run " + args + " >/dev/null 2>" + errFile;
    const int status = std::system(command.c_str());
    std::ifstream in(errFile);
    err.assign(std::istreambuf_iterator<char>(in), {});
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  Frame png(const std::string& name) {
    Frame f;
    std::string error;
    EXPECT_TRUE(readPng(path(name), f, error)) << error;
    return f;
  }
  fs::path dir_;
};

// Resets the mouse driver, shows its cursor (at the centre of the 640x200 virtual screen: text
// cell row 12, column 40), then waits for a key.
const char* const kShowMouse = R"(.MODEL TINY
.CODE
ORG 100h
start:
    mov ax, 0
    int 33h
    mov ax, 1
    int 33h
    mov ah, 0
    int 16h
    mov ax, 4C00h
    int 21h
END start
)";

TEST_F(ScreenshotCli, TextMouseCursorAppearsExactlyOnce) {
  const std::string source = write("MOUSE.ASM", kShowMouse);
  std::string err;
  // No key: the run ends waiting for input (exit 4) with the cursor shown.
  ASSERT_EQ(run(source + " --screenshot " + path("end.png"), err), 4) << err;
  const Frame f = png("end.png");
  ASSERT_EQ(f.width, 720u);
  ASSERT_EQ(f.height, 400u);
  // The blank cell (attribute 07h) under the cursor becomes (07h AND 77h) XOR 77h = 70h: black on
  // grey. A second inversion (the adapter overlaying the cursor again) would show it black.
  EXPECT_EQ(f.at(40 * 9 + 4, 12 * 16 + 8), kGrey);
  EXPECT_EQ(f.at(39 * 9 + 4, 12 * 16 + 8), kBlack);
  EXPECT_EQ(f.at(41 * 9 + 4, 12 * 16 + 8), kBlack);
  EXPECT_EQ(f.at(40 * 9 + 4, 11 * 16 + 8), kBlack);

  // Moved by a mouse script to (16, 8): cell row 1, column 2; the old cell is restored.
  write("mouse.txt", "move 16 8\n");
  ASSERT_EQ(run(source + " --mouse " + path("mouse.txt") + " --screenshot " + path("moved.png"), err), 4) << err;
  const Frame moved = png("moved.png");
  EXPECT_EQ(moved.at(2 * 9 + 4, 1 * 16 + 8), kGrey);
  EXPECT_EQ(moved.at(40 * 9 + 4, 12 * 16 + 8), kBlack);
}

TEST_F(ScreenshotCli, ScreenshotsAtClockZeroDuringAndAfterTheRun) {
  const std::string source = write("MOUSE.ASM", kShowMouse);
  std::string err;
  // Clock 0: the power-on screen (no cursor yet). 10 000 000: after the run ended waiting for
  // input, so the last screen, with a note. Two shots at the same clock are both written.
  const int code = run(source + " --screenshot-at 0:" + path("zero.png") + " --screenshot-at 10000000:" + path("late.png") +
                           " --screenshot-at 10000000:" + path("late2.png"),
                       err);
  ASSERT_EQ(code, 4) << err;
  EXPECT_EQ(png("zero.png").at(40 * 9 + 4, 12 * 16 + 8), kBlack);
  EXPECT_EQ(png("late.png").at(40 * 9 + 4, 12 * 16 + 8), kGrey);
  EXPECT_EQ(png("late2.png").at(40 * 9 + 4, 12 * 16 + 8), kGrey);
  EXPECT_NE(err.find("--screenshot-at 10000000: the program stopped at clock"), std::string::npos) << err;

  // A moment beyond --max-clocks is not reached: no file, and a message says why.
  const std::string loop = write("LOOP.ASM", ".MODEL TINY\n.CODE\nORG 100h\nstart: jmp start\nEND start\n");
  EXPECT_EQ(run(loop + " --max-clocks 100000 --screenshot-at 50000:" + path("mid.png") + " --screenshot-at 200000:" +
                    path("never.png"),
                err),
            3);
  EXPECT_TRUE(fs::exists(path("mid.png")));
  EXPECT_FALSE(fs::exists(path("never.png")));
  EXPECT_NE(err.find("--screenshot-at 200000: not written"), std::string::npos) << err;
}

TEST_F(ScreenshotCli, FiftyLineTextAfterLoadingThe8x8Font) {
  // INT 10h AX=1112h in mode 03h: 80x50 with 8-line cells; 'A' written in the last row.
  const std::string source = write("FIFTY.ASM", R"(.MODEL TINY
.CODE
ORG 100h
start:
    mov ax, 1112h
    mov bl, 0
    int 10h
    mov ax, 0B800h
    mov es, ax
    mov di, (49 * 80 + 0) * 2
    mov ax, 4FDBh           ; a full block, white on red
    stosw
    mov ax, 4C00h
    int 21h
END start
)");
  std::string err;
  ASSERT_EQ(run(source + " --screenshot " + path("fifty.png"), err), 0) << err;
  const Frame f = png("fifty.png");
  ASSERT_EQ(f.width, 720u);
  ASSERT_EQ(f.height, 400u);
  EXPECT_EQ(f.at(3, 49 * 8 + 4), 0xFFFFFFu);  // the block's dots in row 49 (lines 392-399)
  EXPECT_EQ(f.at(3, 48 * 8 + 4), kBlack);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing

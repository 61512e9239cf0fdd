// What the end-to-end tests of the `asmlab` executable share: a scratch folder per test, files
// written into it and read back whole, and the real executable run in it.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace asmlab::clitest {

struct Result {
  int exit = -1;
  std::string text;  // stdout and stderr together
};

class ScratchFolderTest : public ::testing::Test {
protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("asmlab_" + std::string(test->test_suite_name()) + "_" + std::to_string(::getpid()) + "_" + test->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs `asmlab ARGS` in `cwd` (default: the test's folder); `text` is stdout and stderr together.
  Result asmlab(const std::string& args, const std::filesystem::path& cwd = {}) { return execute(args, cwd, "2>&1"); }
  // The same with only stdout in `text` (stderr discarded): for --json and program output.
  Result asmlabStdout(const std::string& args) { return execute(args, {}, "2>/dev/null"); }
  // The same with only stderr in `text` (stdout discarded): for diagnostics.
  Result asmlabStderr(const std::string& args) { return execute(args, {}, "2>&1 >/dev/null"); }

  // Writes `text` to NAME in the test's folder and returns its full path.
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  static std::string read(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

  std::filesystem::path dir_;

private:
  Result execute(const std::string& args, const std::filesystem::path& cwd, const char* redirections) {
    Result r;
    const std::string command =
        "cd '" + (cwd.empty() ? dir_ : cwd).string() + "' && " + ASMLAB_CLI + " " + args + " " + redirections;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.text.append(buf, n);
    const int status = pclose(pipe);
    r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }
};

}  // namespace asmlab::clitest

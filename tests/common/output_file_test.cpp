// The output helper every command writes through: identity checks and temporary file + rename.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "asmlab/asm/output_file.hpp"

namespace fs = std::filesystem;
using namespace asmlab;

namespace {
class OutputFile : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asmlab_out_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string put(const std::string& name, const std::string& text) {
    auto p = (dir_ / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  size_t filesInDir() { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }
  fs::path dir_;
};
}  // namespace

TEST_F(OutputFile, RefusesTheInputUnderAnotherSpelling) {
  auto source = put("t.asm", "source");
  InputFiles inputs({source});
  const std::string dotted = (dir_ / "." / "t.asm").string();
  std::string error;
  EXPECT_FALSE(writeOutputFile(dotted, "MZ", inputs, error));
  EXPECT_NE(error.find("refusing to write"), std::string::npos) << error;
  EXPECT_EQ(read(source), "source");
}

TEST_F(OutputFile, RefusesAHardLinkToTheInput) {
  auto source = put("t.asm", "source");
  const auto link = (dir_ / "T.ASM").string();
  fs::create_hard_link(source, link);
  InputFiles inputs({source});
  std::string error;
  EXPECT_FALSE(writeOutputFile(link, "MZ", inputs, error));
  EXPECT_NE(error.find("the same file"), std::string::npos) << error;
  EXPECT_EQ(read(source), "source");
}

TEST_F(OutputFile, RefusesASymbolicLinkToTheInput) {
  auto source = put("t.asm", "source");
  const auto link = (dir_ / "other.exe").string();
  fs::create_symlink(source, link);
  std::string error;
  EXPECT_FALSE(writeOutputFile(link, "MZ", InputFiles({source}), error));
  EXPECT_EQ(read(source), "source");
}

TEST_F(OutputFile, RefusesADirectory) {
  fs::create_directories(dir_ / "out");
  std::string error;
  EXPECT_FALSE(writeOutputFile((dir_ / "out").string(), "x", {}, error));
  EXPECT_NE(error.find("is a directory"), std::string::npos) << error;
}

TEST_F(OutputFile, ReplacesAnOlderOutputAndLeavesNoTemporaryFile) {
  auto out = put("t.exe", "old");
  std::string error;
  ASSERT_TRUE(writeOutputFile(out, "new bytes", InputFiles({put("t.asm", "source")}), error)) << error;
  EXPECT_EQ(read(out), "new bytes");
  EXPECT_EQ(filesInDir(), 2u);
}

TEST_F(OutputFile, AFailedWriterLeavesTheOldFileAndNoTemporary) {
  auto out = put("shot.png", "old");
  std::string error;
  EXPECT_FALSE(writeOutputFileWith(
      out,
      [](const std::string& temporary, std::string& e) {
        std::ofstream(temporary) << "half";
        e = "disk full";
        return false;
      },
      {}, error));
  EXPECT_EQ(error, "disk full");
  EXPECT_EQ(read(out), "old");
  EXPECT_EQ(filesInDir(), 1u);
}

TEST_F(OutputFile, AWriteIntoAMissingFolderFails) {
  std::string error;
  EXPECT_FALSE(writeOutputFile((dir_ / "missing" / "x.obj").string(), "x", {}, error));
  EXPECT_FALSE(error.empty());
}

TEST_F(OutputFile, TwoOutputsNamingOneFileAreRefused) {
  auto problem = checkOutputs({(dir_ / "a.exe").string(), (dir_ / "." / "a.exe").string()}, {});
  EXPECT_NE(problem.find("two outputs"), std::string::npos) << problem;
  EXPECT_EQ(checkOutputs({(dir_ / "a.exe").string(), "", (dir_ / "a.map").string()}, {}), "");
}

TEST_F(OutputFile, APendingStreamAppearsOnlyOnCommit) {
  const auto path = (dir_ / "trace.txt").string();
  {
    PendingOutputFile pending;
    std::string error;
    ASSERT_TRUE(pending.open(path, {}, error)) << error;
    pending.stream() << "line\n";
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(filesInDir(), 0u);
  PendingOutputFile pending;
  std::string error;
  ASSERT_TRUE(pending.open(path, {}, error)) << error;
  pending.stream() << "line\n";
  ASSERT_TRUE(pending.commit(error)) << error;
  EXPECT_EQ(read(path), "line\n");
}

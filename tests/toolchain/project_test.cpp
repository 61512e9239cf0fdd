// Projects: a folder or an asmlab.yaml naming a program's files (toolchain/project.hpp,
// docs/debugger.md "Projects"), and the spec File > New project writes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "asmlab/toolchain/loader.hpp"
#include "asmlab/toolchain/project.hpp"

namespace fs = std::filesystem;
using namespace asmlab;
using namespace asmlab::toolchain;

namespace {
class ProjectTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asmlab_project_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    auto p = (dir_ / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  std::vector<std::string> names(const ProjectFiles& p) {
    std::vector<std::string> out;
    for (const auto& f : p.files) out.push_back(fs::path(f).filename().string());
    return out;
  }
  fs::path dir_;
};
}  // namespace

TEST_F(ProjectTest, TheSpecsBuildKeysNameTheFilesInBuildOrder) {
  write("main.asm", "");
  write("util.asm", "");
  write("course.asm", "");
  write("lib.lib", "");
  write("asmlab.yaml", "name: Lab 4\nmachine: pc\nbuild:\n  submission: [main.asm, util.asm]\n  sources: course.asm\n  libraries: lib.lib\n");
  Diagnostics diags;
  auto project = readProject(dir_.string(), diags);
  ASSERT_TRUE(project) << diags.renderToString();
  EXPECT_EQ(names(*project), (std::vector<std::string>{"main.asm", "util.asm", "course.asm", "lib.lib"}));
  EXPECT_EQ(project->name, "Lab 4");
  EXPECT_EQ(project->machine, "pc");
  EXPECT_EQ(fs::path(project->specPath).filename(), "asmlab.yaml");
  // The spec itself names the same project.
  auto again = readProject((dir_ / "asmlab.yaml").string(), diags);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->files, project->files);
}

TEST_F(ProjectTest, AFolderWithoutASpecTakesItsSourcesObjectsThenLibraries) {
  write("b.asm", "");
  write("a.obj", "");
  write("z.lib", "");
  write("notes.txt", "");
  write("ttt.inc", "");
  Diagnostics diags;
  auto project = readProject(dir_.string(), diags);
  ASSERT_TRUE(project) << diags.renderToString();
  EXPECT_EQ(names(*project), (std::vector<std::string>{"a.obj", "b.asm", "z.lib"}));
  EXPECT_TRUE(project->specPath.empty());
}

TEST_F(ProjectTest, ProblemsAreLocatedErrors) {
  write("asmlab.yaml", "machine: pc\nbuild:\n  submission: [main.asm]\n");
  Diagnostics diags;
  EXPECT_FALSE(readProject(dir_.string(), diags));
  ASSERT_TRUE(diags.hasErrors());
  EXPECT_EQ(diags.all().front().location.line, 3u);
  EXPECT_NE(diags.all().front().message.find("'main.asm' not found"), std::string::npos);
  diags.clear();
  write("asmlab.yaml", "machine: pc\ntests: []\n");
  EXPECT_FALSE(readProject(dir_.string(), diags));
  EXPECT_NE(diags.all().front().message.find("'build:'"), std::string::npos);
  diags.clear();
  write("asmlab.yaml", "build: [unclosed\n");
  EXPECT_FALSE(readProject(dir_.string(), diags));
  EXPECT_NE(diags.all().front().message.find("not a valid YAML file"), std::string::npos);
  diags.clear();
  EXPECT_FALSE(readProject((dir_ / "nothing-here").string(), diags));
  EXPECT_TRUE(diags.hasErrors());
}

TEST_F(ProjectTest, NewProjectSpecReadsBack) {
  NewProject p;
  p.name = "Game: part 2";  // a colon needs quotes in YAML
  p.machine = "pc";
  p.sources = {"main.asm", "my file.asm"};
  p.libraries = {"gfx.lib"};
  p.cpu = "80386";
  p.dialect = "tasm";
  const std::string text = projectSpecText(p);
  EXPECT_NE(text.find("  cpu: 80386\n"), std::string::npos);
  EXPECT_NE(text.find("  dialect: tasm\n"), std::string::npos);
  EXPECT_EQ(text.find("edition"), std::string::npos);  // not written unless chosen
  write("main.asm", "");
  write("my file.asm", "");
  write("gfx.lib", "");
  write("asmlab.yaml", text);
  Diagnostics diags;
  auto project = readProject(dir_.string(), diags);
  ASSERT_TRUE(project) << diags.renderToString();
  EXPECT_EQ(project->name, "Game: part 2");
  EXPECT_EQ(names(*project), (std::vector<std::string>{"main.asm", "my file.asm", "gfx.lib"}));
}

// A program linked elsewhere brings its names in the map beside it, in MS LINK's /MAP layout
// (segments table, "Publics by Value"); a .COM's image is loaded at the PSP, 1000:0000 here
// (docs/pc-platform.md), so START at 0000:0100 is linear 10100h.
TEST_F(ProjectTest, AMapBesideADosProgramGivesItsNames) {
  const std::string com = (dir_ / "HELLO.COM").string();
  std::ofstream(com, std::ios::binary) << std::string("\xBA\x0C\x01\xB4\x09\xCD\x21\xB8\x00\x4C\xCD\x21Hi$", 15);
  write("HELLO.MAP",
        "\r\n Start  Stop   Length Name                   Class\r\n"
        " 00000H 0010EH 0010FH _TEXT                  CODE\r\n"
        "\r\n  Address         Publics by Name\r\n\r\n"
        " 0000:010C       MSG\r\n"
        " 0000:0100       START\r\n"
        "\r\n  Address         Publics by Value\r\n\r\n"
        " 0000:0002  Abs  TWO\r\n"
        " 0000:0100       START\r\n"
        " 0000:010C       MSG\r\n"
        "\r\nProgram entry point at 0000:0100\r\n");
  Diagnostics diags;
  auto machine = loadProgram({com}, LoadOptions{}, diags);
  ASSERT_TRUE(machine) << diags.renderToString();
  EXPECT_EQ(machine->symbols().find("START"), 0x10100u);
  EXPECT_EQ(machine->symbols().find("MSG"), 0x1010Cu);
  EXPECT_FALSE(machine->symbols().find("TWO"));  // absolute: not a place in the program
  const auto* text = machine->symbols().segmentAt(0x10105);
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->name, "_TEXT");
  EXPECT_EQ(text->paragraph, 0x1000);
}

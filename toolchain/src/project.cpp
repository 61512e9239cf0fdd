#include "asmlab/toolchain/project.hpp"
#include "asmlab/toolchain/file_names.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace asmlab::toolchain {

namespace fs = std::filesystem;

namespace {

bool isSpecName(const fs::path& p) {
  const std::string ext = lowerExtension(p);
  return ext == ".yaml" || ext == ".yml";
}

class ProjectReader {
public:
  ProjectReader(std::shared_ptr<const SourceFile> file, Diagnostics& diagnostics) : file_(std::move(file)), diagnostics_(diagnostics) {}

  bool read(ProjectFiles& project) {
    YAML::Node root;
    try {
      root = YAML::Load(file_->text());
    } catch (const YAML::Exception& e) {
      return report(e.mark, fmt::format("not a valid YAML file: {}", e.msg));
    }
    if (!root.IsMap()) return report(root.Mark(), "a project's asmlab.yaml needs a 'build:' section naming its files");
    try {
      if (auto n = root["name"]; n && n.IsScalar()) project.name = n.Scalar();
      if (auto n = root["machine"]; n && n.IsScalar()) project.machine = n.Scalar();
      const YAML::Node build = root["build"];
      if (!build || !build.IsMap()) return report(root.Mark(), "a project's asmlab.yaml needs a 'build:' section naming its files");
      if (!build["submission"]) return report(build.Mark(), "missing 'submission' in build (the program's own files, e.g. main.asm)");
      for (const char* key : {"submission", "sources", "modules", "libraries"})
        if (!files(build[key], key, project.files)) return false;
    } catch (const YAML::Exception& e) {
      return report(e.mark, e.msg);
    }
    return true;
  }

private:
  bool files(const YAML::Node& node, const char* key, std::vector<std::string>& out) {
    if (!node) return true;
    std::vector<YAML::Node> items;
    if (node.IsSequence())
      for (const auto& item : node) items.push_back(item);
    else
      items.push_back(node);
    const fs::path dir = fs::path(file_->name()).parent_path();
    for (const auto& item : items) {
      if (!item.IsScalar()) return report(item.Mark(), fmt::format("build.{}: a file name was expected", key));
      const fs::path path = dir / item.Scalar();
      std::error_code ec;
      if (!fs::is_regular_file(path, ec))
        return report(item.Mark(), fmt::format("build.{}: file '{}' not found (looked for {})", key, item.Scalar(), path.string()));
      out.push_back(path.lexically_normal().string());
    }
    return true;
  }

  bool report(const YAML::Mark& mark, std::string message) {
    SourceLocation where;
    where.file = file_;
    if (!mark.is_null()) {
      where.line = static_cast<uint32_t>(mark.line + 1);
      where.column = static_cast<uint32_t>(mark.column + 1);
    }
    diagnostics_.error(where, std::move(message));
    return false;
  }

  std::shared_ptr<const SourceFile> file_;
  Diagnostics& diagnostics_;
};

}  // namespace

std::optional<ProjectFiles> readProject(const std::string& path, Diagnostics& diagnostics) {
  std::error_code ec;
  ProjectFiles project;
  fs::path spec;
  if (fs::is_directory(path, ec)) {
    project.folder = fs::path(path).lexically_normal().string();
    if (fs::is_regular_file(fs::path(path) / "asmlab.yaml", ec)) spec = fs::path(path) / "asmlab.yaml";
  } else if (isSpecName(path)) {
    spec = path;
  } else {
    diagnostics.error({}, fmt::format("{}: not a folder or an asmlab.yaml", path));
    return std::nullopt;
  }
  if (spec.empty()) {
    // A folder without a spec: every source, object and library in it, linked together.
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      const std::string ext = lowerExtension(entry.path());
      if (entry.is_regular_file(ec) && (ext == ".asm" || ext == ".obj" || ext == ".lib")) found.push_back(entry.path().lexically_normal().string());
    }
    if (found.empty()) {
      diagnostics.error({}, fmt::format("{}: the folder has no asmlab.yaml and no .asm, .obj or .lib file", path));
      return std::nullopt;
    }
    // Sources and objects first, libraries last (the linker searches them for what is missing).
    std::sort(found.begin(), found.end(), [](const std::string& a, const std::string& b) {
      const bool la = lowerExtension(a) == ".lib", lb = lowerExtension(b) == ".lib";
      return la != lb ? lb : a < b;
    });
    project.files = std::move(found);
    project.name = fs::path(project.folder).filename().string();
    return project;
  }
  std::string error;
  auto file = SourceFile::load(spec.string(), error);
  if (!file) {
    diagnostics.error({}, error);
    return std::nullopt;
  }
  project.specPath = spec.string();
  project.folder = spec.parent_path().lexically_normal().string();
  if (project.folder.empty()) project.folder = ".";
  ProjectReader reader(file, diagnostics);
  if (!reader.read(project)) return std::nullopt;
  if (project.name.empty()) project.name = fs::path(project.folder).filename().string();
  return project;
}

namespace {

// A YAML scalar for a name: plain when it can be, else double-quoted with \ and " escaped.
std::string yamlScalar(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_of(",:[]{}#&*!|>'\"%@`\\") == std::string::npos &&
                     text.front() != ' ' && text.back() != ' ' && text.front() != '-' && text.front() != '?';
  if (plain) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace

std::string projectSpecText(const NewProject& project) {
  auto list = [](const std::vector<std::string>& names) {
    std::vector<std::string> items;
    for (const auto& n : names) items.push_back(yamlScalar(n));
    if (items.size() == 1) return items.front();
    return fmt::format("[{}]", fmt::join(items, ", "));
  };
  std::string text = "# Made by asmlab-gui (File > New project). Format: docs/grading.md; add tests: to grade it.\n";
  text += fmt::format("name: {}\nmachine: {}\nbuild:\n", yamlScalar(project.name), project.machine);
  text += fmt::format("  submission: {}\n", list(project.sources));
  if (!project.libraries.empty()) text += fmt::format("  libraries: {}\n", list(project.libraries));
  if (!project.cpu.empty()) text += fmt::format("  cpu: {}\n", project.cpu);
  if (!project.dialect.empty()) text += fmt::format("  dialect: {}\n", project.dialect);
  if (project.edition != 0) text += fmt::format("  edition: {}\n", project.edition);
  return text;
}

}  // namespace asmlab::toolchain

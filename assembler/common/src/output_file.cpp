#include "asmlab/asm/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

namespace asmlab {

namespace fs = std::filesystem;

InputFiles::InputFiles(const std::vector<std::string>& paths) {
  for (const auto& p : paths) add(p);
}

void InputFiles::add(const std::string& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0) return;
  inputs_.push_back({static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino), path});
}

std::string InputFiles::clashWith(const std::string& output) const {
  struct stat st {};
  if (output.empty() || ::stat(output.c_str(), &st) != 0) return "";
  if (S_ISDIR(st.st_mode)) return fmt::format("cannot write '{}': it is a directory", output);
  for (const auto& in : inputs_)
    if (in.device == static_cast<unsigned long long>(st.st_dev) && in.inode == static_cast<unsigned long long>(st.st_ino))
      return in.path == output
                 ? fmt::format("refusing to write '{}': it is an input of this command", output)
                 : fmt::format("refusing to write '{}': it is the input '{}' (the same file)", output, in.path);
  return "";
}

std::string checkOutputs(const std::vector<std::string>& outputs, const InputFiles& inputs) {
  InputFiles earlier;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].empty()) continue;
    if (auto clash = inputs.clashWith(outputs[i]); !clash.empty()) return clash;
    for (size_t j = 0; j < i; ++j) {
      std::error_code ec;
      const bool same = outputs[j] == outputs[i] ||
                        (fs::exists(outputs[i], ec) && fs::exists(outputs[j], ec) && fs::equivalent(outputs[i], outputs[j], ec)) ||
                        fs::weakly_canonical(outputs[i], ec) == fs::weakly_canonical(outputs[j], ec);
      if (same) return fmt::format("'{}' is named for two outputs", outputs[i]);
    }
  }
  return "";
}

namespace {

// A name beside the target that no other writer (another process, another output of this one)
// picks: the process id and a counter, and a leading dot so a listing of the folder hides it.
std::string temporaryNameFor(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  fs::path target(path);
  fs::path name = fmt::format(".{}.tmp-asmlab-{}-{}", target.filename().string(), ::getpid(), counter++);
  return (target.parent_path() / name).string();
}

}  // namespace

bool writeOutputFileWith(const std::string& path, const FileWriter& write, const InputFiles& inputs, std::string& error) {
  if (path.empty()) {
    error = "no output file name";
    return false;
  }
  if (auto clash = inputs.clashWith(path); !clash.empty()) {
    error = clash;
    return false;
  }
  const std::string temporary = temporaryNameFor(path);
  std::string writeError;
  if (!write(temporary, writeError)) {
    ::unlink(temporary.c_str());
    error = writeError.empty() ? fmt::format("cannot write '{}'", path) : writeError;
    return false;
  }
  // Keep the permissions of the file being replaced (an executable bit, a group's write access).
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0) ::chmod(temporary.c_str(), old.st_mode & 07777);
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    error = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
    ::unlink(temporary.c_str());
    return false;
  }
  return true;
}

PendingOutputFile::~PendingOutputFile() {
  if (temporary_.empty()) return;
  stream_.close();
  ::unlink(temporary_.c_str());
}

bool PendingOutputFile::open(const std::string& path, const InputFiles& inputs, std::string& error) {
  if (auto clash = inputs.clashWith(path); !clash.empty()) {
    error = clash;
    return false;
  }
  path_ = path;
  temporary_ = temporaryNameFor(path);
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_) {
    error = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
    temporary_.clear();
    return false;
  }
  return true;
}

bool PendingOutputFile::commit(std::string& error) {
  stream_.close();
  const std::string temporary = std::exchange(temporary_, std::string());
  if (!stream_) {
    error = fmt::format("cannot write '{}'", path_);
    ::unlink(temporary.c_str());
    return false;
  }
  if (::rename(temporary.c_str(), path_.c_str()) != 0) {
    error = fmt::format("cannot write '{}': {}", path_, std::strerror(errno));
    ::unlink(temporary.c_str());
    return false;
  }
  return true;
}

bool writeOutputFile(const std::string& path, std::string_view bytes, const InputFiles& inputs, std::string& error) {
  return writeOutputFileWith(
      path,
      [&](const std::string& temporary, std::string& writeError) {
        const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0) {
          writeError = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
          return false;
        }
        size_t done = 0;
        while (done < bytes.size()) {
          const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
          if (n < 0 && errno == EINTR) continue;
          if (n <= 0) {
            writeError = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
            ::close(fd);
            return false;
          }
          done += static_cast<size_t>(n);
        }
        if (::close(fd) != 0) {
          writeError = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
          return false;
        }
        return true;
      },
      inputs, error);
}

}  // namespace asmlab

// Writing a command's outputs without ever losing a file: an output may not be one of the
// command's inputs (compared by identity, device and inode, so `T.ASM`, `./t.asm` on a
// case-insensitive volume and a hard link are all caught), and it is written to a temporary file
// in the same folder that is renamed into place only when complete.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab {

// The files a command reads. Paths that do not exist (yet) are ignored: they cannot be lost.
class InputFiles {
public:
  InputFiles() = default;
  explicit InputFiles(const std::vector<std::string>& paths);
  void add(const std::string& path);

  // Why `output` may not be written ("" when it may): it is one of the inputs, or a directory.
  std::string clashWith(const std::string& output) const;

private:
  struct Identity {
    unsigned long long device = 0, inode = 0;
    std::string path;
  };
  std::vector<Identity> inputs_;
};

// Checks a command's outputs before it writes any of them: none is an input or a directory, and no
// two name the same file. Returns "" or the first problem, worded for the user.
std::string checkOutputs(const std::vector<std::string>& outputs, const InputFiles& inputs);

// Writes `bytes` to `path` through a temporary file beside it and a rename; on failure the old file
// (if any) is left as it was and no temporary file remains.
bool writeOutputFile(const std::string& path, std::string_view bytes, const InputFiles& inputs, std::string& error);
inline bool writeOutputFile(const std::string& path, const std::vector<uint8_t>& bytes, const InputFiles& inputs,
                            std::string& error) {
  return writeOutputFile(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), inputs, error);
}

// The same for a writer that needs a file name (PNG, WAV): `write` fills the temporary file.
using FileWriter = std::function<bool(const std::string& temporaryPath, std::string& error)>;
bool writeOutputFileWith(const std::string& path, const FileWriter& write, const InputFiles& inputs, std::string& error);

// An output written as a stream while the command runs (a trace): it appears under its name only
// when commit() succeeds; destroyed without commit, it leaves nothing behind.
class PendingOutputFile {
public:
  PendingOutputFile() = default;
  PendingOutputFile(const PendingOutputFile&) = delete;
  PendingOutputFile& operator=(const PendingOutputFile&) = delete;
  ~PendingOutputFile();

  bool open(const std::string& path, const InputFiles& inputs, std::string& error);
  std::ostream& stream() { return stream_; }
  bool commit(std::string& error);

private:
  std::string path_, temporary_;
  std::ofstream stream_;
};

}  // namespace asmlab

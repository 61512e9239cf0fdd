// A vector that grows a chunk at a time and never moves what it holds: no copy of the whole
// contents when it grows (the copy, and the old buffer alive beside the new one, were the
// largest part of the replay records' peak memory), and references stay valid.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace asmlab::masm {

template <typename T, size_t kChunkBits = 12>
class ChunkedVector {
public:
  static constexpr size_t kChunk = size_t{1} << kChunkBits;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  const T& operator[](size_t i) const { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }

  T& emplace_back() {
    if (size_ == chunks_.size() * kChunk) chunks_.push_back(std::make_unique<T[]>(kChunk));
    T& slot = (*this)[size_++];
    slot = T{};
    return slot;
  }
  void push_back(const T& value) { emplace_back() = value; }
  // Adds `count` default elements; returns the index of the first.
  size_t extend(size_t count) {
    const size_t first = size_;
    for (size_t i = 0; i < count; ++i) emplace_back();
    return first;
  }

private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  size_t size_ = 0;
};

}  // namespace asmlab::masm

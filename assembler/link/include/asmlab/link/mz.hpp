// DOS program files: everything about MZ .EXE and .COM output and input in one include.
#pragma once

#include "asmlab/link/com_writer.hpp"
#include "asmlab/link/map_writer.hpp"
#include "asmlab/link/mz_reader.hpp"
#include "asmlab/link/mz_writer.hpp"

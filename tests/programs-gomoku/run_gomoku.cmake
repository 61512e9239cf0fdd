# Builds gomoku.asm as a TINY-model .COM with `asmlab build --dialect tasm --multi-pass` (TASM /m,
# as the game's spec; one-pass NOP padding would change the random seed's count) and plays one scripted
# game with `asmlab run --keys SCRIPT --screen-text` (the script holds the key presses and the
# mouse moves and clicks, each delivered when the program waits for input), then compares what the
# program printed and the final text screen with a golden file, and checks the DOS exit code 0.
#   cmake -DASMLAB=... -DSOURCE=... -DSCRIPT=... -DGOLDEN=... -DWORKDIR=... -P run_gomoku.cmake
file(MAKE_DIRECTORY "${WORKDIR}")
set(program "${WORKDIR}/gomoku.com")
execute_process(COMMAND "${ASMLAB}" build --dialect tasm --multi-pass "${SOURCE}" -o "${program}"
  RESULT_VARIABLE built OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
if(NOT built EQUAL 0 OR NOT EXISTS "${program}")
  message(FATAL_ERROR "asmlab build ${SOURCE} failed (${built}):\n${build_out}${build_err}")
endif()
execute_process(COMMAND "${ASMLAB}" run "${program}" --keys "${SCRIPT}" --screen-text --max-clocks 2000000000
  RESULT_VARIABLE ran OUTPUT_VARIABLE screen ERROR_VARIABLE run_err)
if(NOT ran EQUAL 0 OR NOT run_err MATCHES "exit code 0\n")
  message(FATAL_ERROR "asmlab run ${program} --keys ${SCRIPT} ended with ${ran}, not DOS exit code 0:\n${run_err}")
endif()
file(READ "${GOLDEN}" expected)
if(NOT screen STREQUAL expected)
  file(WRITE "${WORKDIR}/actual.txt" "${screen}")
  message(FATAL_ERROR "screen differs from ${GOLDEN}; actual in ${WORKDIR}/actual.txt")
endif()

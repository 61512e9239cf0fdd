# Builds an 8086 program with `asmlab build` (ucrlib found with no set-up) and plays one scripted
# game with `asmlab run --input`, comparing what the program wrote to a golden transcript.
#   cmake -DASMLAB=... -DSOURCE=... -DINPUT=... -DGOLDEN=... -DWORKDIR=... [-DEXIT_CODE=n]
#         [-DBUILD_ARGS=arg|arg...] [-DRUN_ARGS=arg|arg...] -P run_game.cmake
# BUILD_ARGS: more `asmlab build` arguments (other modules, --dialect tasm), separated by '|';
# RUN_ARGS: more `asmlab run` arguments (--timing cycle), the same way.
# Prints "SKIPPED: reason" (the test's SKIP_REGULAR_EXPRESSION) when the source is absent.
if(NOT EXISTS "${SOURCE}")
  message("SKIPPED: ${SOURCE} is not present (course material in ../shared)")
  return()
endif()
file(MAKE_DIRECTORY "${WORKDIR}")
get_filename_component(name "${SOURCE}" NAME_WE)
set(program "${WORKDIR}/${name}.exe")
string(REPLACE "|" ";" build_args "${BUILD_ARGS}")
string(REPLACE "|" ";" run_args "${RUN_ARGS}")
execute_process(COMMAND "${ASMLAB}" build "${SOURCE}" ${build_args} -o "${program}"
  RESULT_VARIABLE built OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "asmlab build ${SOURCE} failed (${built}):\n${build_out}${build_err}")
endif()
execute_process(COMMAND "${ASMLAB}" run "${program}" --input "${INPUT}" ${run_args}
  RESULT_VARIABLE ran OUTPUT_VARIABLE transcript ERROR_VARIABLE run_err)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "asmlab run ${program} --input ${INPUT} ended with ${ran}:\n${run_err}")
endif()
if(DEFINED EXIT_CODE AND NOT run_err MATCHES "exit code ${EXIT_CODE}\n")
  message(FATAL_ERROR "expected DOS exit code ${EXIT_CODE}:\n${run_err}")
endif()
file(READ "${GOLDEN}" expected)
if(NOT transcript STREQUAL expected)
  file(WRITE "${WORKDIR}/${name}-actual.txt" "${transcript}")
  message(FATAL_ERROR "transcript differs from ${GOLDEN}; actual in ${WORKDIR}/${name}-actual.txt")
endif()

# Determinism: runs one 8086 program twice with the same inputs and requires byte-identical
# results: the JSON report (verdict, clocks, instructions, output, text screen, speaker log,
# registers), the final screenshot and the speaker log file.
#   cmake -DASMLAB=... -DPROGRAM=file [-DBUILD=arg|arg|...] -DRUN=arg|arg|... -DWORKDIR=... -P run_twice.cmake
# BUILD, when given, are the `asmlab build` arguments that make PROGRAM first ("|" separates
# arguments); RUN are the `asmlab run` arguments after the program.
file(MAKE_DIRECTORY "${WORKDIR}")
if(DEFINED BUILD AND NOT BUILD STREQUAL "")
  string(REPLACE "|" ";" build_args "${BUILD}")
  execute_process(COMMAND "${ASMLAB}" build ${build_args} -o "${PROGRAM}"
    RESULT_VARIABLE built OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
  if(NOT built EQUAL 0)
    message(FATAL_ERROR "asmlab build ${build_args} failed (${built}):\n${build_out}${build_err}")
  endif()
endif()
string(REPLACE "|" ";" run_args "${RUN}")
foreach(i 1 2)
  execute_process(COMMAND "${ASMLAB}" run "${PROGRAM}" ${run_args} --json
      --screenshot "${WORKDIR}/screen${i}.png" --speaker-log "${WORKDIR}/speaker${i}.log"
    OUTPUT_FILE "${WORKDIR}/run${i}.json" ERROR_VARIABLE err RESULT_VARIABLE rc${i})
  if(NOT EXISTS "${WORKDIR}/screen${i}.png")
    message(FATAL_ERROR "run ${i} wrote no screenshot (exit ${rc${i}}):\n${err}")
  endif()
endforeach()
if(NOT rc1 EQUAL rc2)
  message(FATAL_ERROR "exit codes differ: ${rc1} and ${rc2}")
endif()
foreach(f run.json screen.png speaker.log)
  string(REPLACE "." "1." one "${f}")
  string(REPLACE "." "2." two "${f}")
  file(SHA256 "${WORKDIR}/${one}" h1)
  file(SHA256 "${WORKDIR}/${two}" h2)
  if(NOT h1 STREQUAL h2)
    message(FATAL_ERROR "${f} differs between two runs of ${PROGRAM}: ${WORKDIR}/${one} and ${WORKDIR}/${two}")
  endif()
endforeach()
file(READ "${WORKDIR}/run1.json" report)
if(NOT report MATCHES "\"clocks\": [1-9][0-9]*")
  message(FATAL_ERROR "the report has no clock count:\n${report}")
endif()
message(STATUS "identical: exit ${rc1}, report, screenshot and speaker log")

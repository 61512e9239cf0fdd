# Runs one scripted game with `asmlab run` and compares its console output with the golden
# transcript. Called by ctest: cmake -DASMLAB=... -DPROGRAM=... -DINPUT=... -DGOLDEN=...
#   -DEDITION=2|3 -DOUTPUT=... -P run_transcript.cmake
execute_process(
  COMMAND ${ASMLAB} run ${PROGRAM} --input-file ${INPUT} --edition ${EDITION}
  OUTPUT_FILE ${OUTPUT}
  ERROR_VARIABLE verdict
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "asmlab run ${PROGRAM} exited with ${status}: ${verdict}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${GOLDEN} RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "the transcript differs from the golden one: diff ${OUTPUT} ${GOLDEN}")
endif()

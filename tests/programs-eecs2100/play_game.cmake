# Plays one scripted game of ttt-eecs2100 on the simulated PC (80386, as the course's .386
# programs need) and checks the DOS exit code, the board transcript the program writes and the
# tunes it played: the speaker log's tones as "divisor milliseconds" lines (the length of each
# tone from its clock stamps at 4 772 727 clocks a second, to the nearest 10 ms, since the
# program times notes by the 15.09 us refresh toggle of port 61h bit 4, 66 to the millisecond).
#   cmake -DASMLAB=... -DPROGRAM=... -DKEYS=typed|script [-DKEY_SCRIPT=file] -DGOLDEN=...
#         -DGOLDEN_TONES=... -DEXIT_CODE=n -DWORKDIR=... -P play_game.cmake
# KEYS "script" plays the --keys script KEY_SCRIPT instead of typed characters.
file(MAKE_DIRECTORY "${WORKDIR}")
if(KEYS STREQUAL "script")
  set(input --keys "${KEY_SCRIPT}")
else()
  set(input --input "${KEYS}")
endif()
execute_process(COMMAND "${ASMLAB}" run "${PROGRAM}" --cpu 80386 ${input}
    --speaker-log "${WORKDIR}/speaker.log" --screenshot "${WORKDIR}/screen.png"
  RESULT_VARIABLE ran OUTPUT_VARIABLE transcript ERROR_VARIABLE verdict)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "asmlab run ${PROGRAM} ended with ${ran}:\n${verdict}")
endif()
if(NOT verdict MATCHES "exit code ${EXIT_CODE}\n")
  message(FATAL_ERROR "expected DOS exit code ${EXIT_CODE}:\n${verdict}")
endif()
file(READ "${GOLDEN}" expected)
if(NOT transcript STREQUAL expected)
  file(WRITE "${WORKDIR}/actual.txt" "${transcript}")
  message(FATAL_ERROR "transcript differs from ${GOLDEN}; actual in ${WORKDIR}/actual.txt")
endif()
# "<clock> tone <Hz> (divisor <n>)" then "<clock> off": one line "divisor ms" per tone.
file(STRINGS "${WORKDIR}/speaker.log" events)
set(tones "")
foreach(event ${events})
  if(event MATCHES "^([0-9]+) tone .*divisor ([0-9]+)")
    set(start ${CMAKE_MATCH_1})
    set(divisor ${CMAKE_MATCH_2})
  elseif(event MATCHES "^([0-9]+) off")
    math(EXPR ms "((${CMAKE_MATCH_1} - ${start}) * 100 + 2386363) / 4772727 * 10")
    string(APPEND tones "${divisor} ${ms}\n")
  else()
    message(FATAL_ERROR "unexpected speaker event: ${event}")
  endif()
endforeach()
file(READ "${GOLDEN_TONES}" expected_tones)
if(NOT tones STREQUAL expected_tones)
  file(WRITE "${WORKDIR}/actual.tones" "${tones}")
  message(FATAL_ERROR "tunes differ from ${GOLDEN_TONES}; actual in ${WORKDIR}/actual.tones")
endif()

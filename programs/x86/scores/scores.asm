; scores.asm - a class's score table, written for Turbo Assembler in Ideal mode.
;
; Build:  asmlab build --dialect tasm scores.asm numio.asm -o scores.exe
;         (Borland: tasm scores / tasm numio / tlink scores numio)
;
; Asks for each student's score (0 to 100, typed and ended with Enter; anything else is asked
; again), sorts the class by score (highest first, ties in the order typed), gives each a letter
; grade (A from 90, B from 80, C from 70, D from 60, F below), prints the table, the class average
; (rounded down) and the best student, and exits with the number of F grades as the exit code.

IDEAL
P8086
MODEL small
STACK 200h
INCLUDE "scores.inc"

; Say: writes a '$'-terminated text of the data segment.
MACRO Say text
  mov dx, offset text
  call PrintText
ENDM

; A grade's lowest score and its letter; the table ends with the grade that takes every score.
STRUC GradeLimit
  lowest dw ?
  letter db ?
ENDS GradeLimit

DATASEG
TitleText db 'Class scores', 13, 10, '$'
Prompt1   db 'Score for $'
Prompt2   db ': $'
RetryText db 'Please type a number from 0 to 100.', 13, 10, '$'
Heading   db 13, 10, '  #  Name     Score  Grade', 13, 10, '$'
AvgText   db 13, 10, 'Class average: $'
BestText  db 'Best: $'
Limits    GradeLimit <90, 'A'>, <80, 'B'>, <70, 'C'>, <60, 'D'>, <0, 'F'>
Class     Student <'Ada     '>, <'Alan    '>, <'Grace   '>, <'Donald  '>, <'Barbara '>
Failed    db 0

CODESEG
start:
  mov ax, @data
  mov ds, ax
  Say TitleText
  mov si, offset Class
  mov cx, CLASS_SIZE
@@ask:
  call AskScore
  add si, SIZE Student
  loop @@ask
  call SortByScore
  call GradeAll
  call PrintTable
  call PrintSummary
  mov al, [Failed]
  mov ah, 4Ch
  int 21h

; AskScore: asks for the score of the student at SI until a valid one is typed.
PROC AskScore
  USES ax, dx
@@again:
  Say Prompt1
  call PrintName
  Say Prompt2
  call ReadNumber
  jnc @@valid
  Say RetryText
  jmp @@again
@@valid:
  mov [(Student PTR si).score], ax
  ret
ENDP AskScore

; PrintName: the name of the student at SI, up to its first blank.
PROC PrintName
  USES bx, cx, dx
  xor bx, bx
  mov cx, NAME_LENGTH
@@next:
  mov dl, [si + bx + Student.nameText]
  cmp dl, ' '
  je @@done
  call PrintChar
  inc bx
  loop @@next
@@done:
  ret
ENDP PrintName

; PrintFullName: the whole name field of the student at SI, blanks included (a table column).
PROC PrintFullName
  USES bx, cx, dx
  xor bx, bx
  mov cx, NAME_LENGTH
@@next:
  mov dl, [si + bx + Student.nameText]
  call PrintChar
  inc bx
  loop @@next
  ret
ENDP PrintFullName

; SortByScore: bubble sort, highest score first; equal scores keep their order.
PROC SortByScore
  USES ax, cx, dx, si, di
@@pass:
  xor dx, dx                    ; DX = 1 once two records were exchanged
  mov si, offset Class
  mov cx, CLASS_SIZE - 1
@@compare:
  lea di, [si + SIZE Student]
  mov ax, [(Student PTR di).score]
  cmp ax, [(Student PTR si).score]
  jbe @@inOrder
  call SwapRecords
  mov dx, 1
@@inOrder:
  mov si, di
  loop @@compare
  or dx, dx
  jnz @@pass
  ret
ENDP SortByScore

; SwapRecords: exchanges the records at SI and DI.
PROC SwapRecords
  USES ax, bx, cx
  xor bx, bx
  mov cx, SIZE Student
@@byte:
  mov al, [si + bx]
  xchg al, [di + bx]
  mov [si + bx], al
  inc bx
  loop @@byte
  ret
ENDP SwapRecords

; GradeAll: the letter of each student from Limits, and the count of F grades.
PROC GradeAll
  USES ax, bx, cx, si
  mov si, offset Class
  mov cx, CLASS_SIZE
@@record:
  mov ax, [(Student PTR si).score]
  mov bx, offset Limits
@@limit:
  cmp ax, [(GradeLimit PTR bx).lowest]
  jae @@found
  add bx, SIZE GradeLimit
  jmp @@limit
@@found:
  mov al, [(GradeLimit PTR bx).letter]
  mov [(Student PTR si).grade], al
  cmp al, 'F'
  jne @@passed
  inc [Failed]
@@passed:
  add si, SIZE Student
  loop @@record
  ret
ENDP GradeAll

; PrintTable: rank, name, score and grade of every student, in the sorted order.
PROC PrintTable
  USES ax, bx, cx, dx, si
  Say Heading
  mov si, offset Class
  mov cx, CLASS_SIZE
  mov bx, 1
@@row:
  mov ax, 3                     ; the rank in 3 columns
  push ax
  push bx
  call PrintNumber
  mov dl, ' '
  call PrintChar
  call PrintChar
  call PrintFullName
  mov ax, 6                     ; the score in 6 columns
  push ax
  push [(Student PTR si).score]
  call PrintNumber
  mov dl, ' '
  call PrintChar
  call PrintChar
  mov dl, [(Student PTR si).grade]
  call PrintChar
  call NewLine
  inc bx
  add si, SIZE Student
  loop @@row
  ret
ENDP PrintTable

; PrintSummary: the class average (rounded down) and the best student (the first after sorting).
PROC PrintSummary
  USES ax, bx, cx, dx, si
  Say AvgText
  xor ax, ax
  mov si, offset Class
  mov cx, CLASS_SIZE
@@sum:
  add ax, [(Student PTR si).score]
  add si, SIZE Student
  loop @@sum
  xor dx, dx
  mov bx, CLASS_SIZE
  div bx
  mov bx, 1
  push bx
  push ax
  call PrintNumber
  call NewLine
  Say BestText
  mov si, offset Class
  call PrintName
  mov dl, ' '
  call PrintChar
  mov dl, '('
  call PrintChar
  mov ax, 1
  push ax
  push [(Student PTR si).score]
  call PrintNumber
  mov dl, ')'
  call PrintChar
  call NewLine
  ret
ENDP PrintSummary

END start

* echo.asm -- keyboard input: prompts "? ", reads keys up to RETURN (the
* typewriter prints each key as it is struck), then prints the line
* backwards on a new line. Halts 07777.
        org.  01000
+go+    lai   '?'
        tyo
        lai   ' '
        tyo
        lxi   0,1           ; X1 <- characters read
+rd+    tyi
        ske   +cr+
        jmp   +keep+
        jmp   +done+
+keep+  axi   1,1
        sta   +buf+,1
        txa   ,1
        ske   +full+
        jmp   +rd+
+done+  lai   012           ; LF (the CR printed as RETURN was struck)
        tyo
        txa   ,1
        jaz   +end+
+wr+    lda   +buf+,1
        tyo
        tix   +wr+,1
+end+   lai   015
        tyo
        lai   012
        tyo
        hlt   07777
+cr+    oct.  15
+full+  fix.  72
+buf+   bss.  73
        end.  +go+

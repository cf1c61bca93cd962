* tape.asm -- paper tape: copies the reader's tape to the punch with
* every frame complemented, until the end of the tape (rpt gives -1 and
* sets OV). Halts 07777 with the number of frames in A.
        org.  01000
+go+    clo
        lxi   0,1
+rd+    rpt
        jov   +eot+
        xor   +k377+
        ppt
        axi   1,1
        jmp   +rd+
+eot+   txa   ,1
        hlt   07777
+k377+  oct.  377
        end.  +go+

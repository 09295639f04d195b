/* main.c: placeholder entry point (replaced by the real driver). */
#include "config.h"
#include <stdio.h>
int main(void) { return 0; }

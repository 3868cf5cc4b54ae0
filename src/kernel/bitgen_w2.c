/* bitgen_w2.c: the bit kernel on point sets of 2 words (bitgen_words.h). */
#define BW 2
#include "bitgen_words.h"

/* driver.c: runs a fuzz target on files, without libFuzzer: for AFL++
 * (build with afl-clang-fast and run afl-fuzz with @@) and for make check,
 * which replays the regression inputs under tests/fuzz/regressions/.
 * Usage: fuzz-TARGET FILE...   (no FILE: standard input) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run(FILE *f)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf)
        return 1;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return run(stdin);
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        int rc = run(f);
        fclose(f);
        if (rc)
            return rc;
    }
    return 0;
}

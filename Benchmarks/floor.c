/* The floor for the feedsite benchmark: the least work any generator must do for a site.
   floor write PACK DIR    creates DIR's folders and files with exactly the bytes in PACK
   floor compare PACK DIR  reads every file in DIR and compares it with PACK (a no-op rebuild's floor)
   PACK: "path\tsize\n" followed by size bytes, repeated (written by pack.py). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *slurp(const char *path, size_t *size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); exit(2); }
    struct stat st;
    fstat(fd, &st);
    char *data = malloc(st.st_size + 1);
    size_t got = 0;
    while (got < (size_t)st.st_size) {
        ssize_t n = read(fd, data + got, st.st_size - got);
        if (n <= 0) { perror("read"); exit(2); }
        got += n;
    }
    close(fd);
    *size = got;
    return data;
}

static void make_parents(char *path) {
    for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = 0;
        if (mkdir(path, 0755) != 0 && errno != EEXIST) { perror(path); exit(2); }
        *p = '/';
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor write|compare PACK DIR\n"); return 2; }
    int compare = strcmp(argv[1], "compare") == 0;
    size_t size;
    char *pack = slurp(argv[2], &size);
    char *cursor = pack, *end = pack + size;
    char path[4096];
    size_t files = 0, differ = 0;
    mkdir(argv[3], 0755);
    while (cursor < end) {
        char *tab = memchr(cursor, '\t', end - cursor);
        char *newline = memchr(tab, '\n', end - tab);
        size_t length = strtoul(tab + 1, NULL, 10);
        snprintf(path, sizeof path, "%s/%.*s", argv[3], (int)(tab - cursor), cursor);
        char *bytes = newline + 1;
        if (compare) {
            int fd = open(path, O_RDONLY);
            char *buffer = malloc(length + 1);
            ssize_t n = fd < 0 ? -1 : read(fd, buffer, length + 1);
            if (n != (ssize_t)length || memcmp(buffer, bytes, length) != 0) differ++;
            free(buffer);
            if (fd >= 0) close(fd);
        } else {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0 && errno == ENOENT) { make_parents(path); fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
            if (fd < 0) { perror(path); return 2; }
            if (write(fd, bytes, length) != (ssize_t)length) { perror(path); return 2; }
            close(fd);
        }
        files++;
        cursor = bytes + length;
    }
    fprintf(stderr, "%s %zu files%s\n", compare ? "compared" : "wrote", files, compare && differ ? " (some differ)" : "");
    return 0;
}

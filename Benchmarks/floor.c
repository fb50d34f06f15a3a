/* The floor for the feedsite benchmark: the least work any generator must do for a site.
   floor write PACK DIR    creates DIR's folders and files with exactly the bytes in PACK
   floor write2 PACK DIR   the same on two threads (files split between them), each creating its
                           folders and files relative to one open DIR: what the kernel alone needs on both cores
   floor compare PACK DIR  reads every file in DIR and compares it with PACK (a no-op rebuild's floor)
   PACK: "path\tsize\n" followed by size bytes, repeated (written by pack.py). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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

typedef struct { const char *path; size_t path_length; const char *bytes; size_t length; } entry;
typedef struct { entry *entries; size_t count; size_t first; int root; } share;

/* Writes every second entry from share->first, relative to the open folder share->root. */
static void *write_share(void *argument) {
    share *work = argument;
    char path[4096];
    for (size_t index = work->first; index < work->count; index += 2) {
        entry *file = &work->entries[index];
        snprintf(path, sizeof path, "%.*s", (int)file->path_length, file->path);
        char *slash = strrchr(path, '/');
        if (slash) { *slash = 0; mkdirat(work->root, path, 0755); *slash = '/'; }
        int fd = openat(work->root, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) { perror(path); exit(2); }
        if (write(fd, file->bytes, file->length) != (ssize_t)file->length) { perror(path); exit(2); }
        close(fd);
    }
    return NULL;
}

static int write_two_threads(char *pack, size_t size, const char *folder) {
    size_t capacity = 1024, count = 0;
    entry *entries = malloc(capacity * sizeof *entries);
    for (char *cursor = pack, *end = pack + size; cursor < end;) {
        char *tab = memchr(cursor, '\t', end - cursor);
        char *newline = memchr(tab, '\n', end - tab);
        size_t length = strtoul(tab + 1, NULL, 10);
        if (count == capacity) entries = realloc(entries, (capacity *= 2) * sizeof *entries);
        entries[count++] = (entry){cursor, (size_t)(tab - cursor), newline + 1, length};
        cursor = newline + 1 + length;
    }
    mkdir(folder, 0755);
    int root = open(folder, O_RDONLY | O_DIRECTORY);
    if (root < 0) { perror(folder); return 2; }
    /* Folders nested deeper than one level (assets/...) are made first, so either thread can write into them. */
    for (size_t index = 0; index < count; index++) {
        char path[4096];
        snprintf(path, sizeof path, "%.*s", (int)entries[index].path_length, entries[index].path);
        for (char *p = strchr(path, '/'); p && strchr(p + 1, '/'); p = strchr(p + 1, '/')) {
            *p = 0; mkdirat(root, path, 0755); *p = '/';
        }
    }
    share shares[2] = {{entries, count, 0, root}, {entries, count, 1, root}};
    pthread_t second;
    pthread_create(&second, NULL, write_share, &shares[1]);
    write_share(&shares[0]);
    pthread_join(second, NULL);
    fprintf(stderr, "wrote %zu files on two threads\n", count);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor write|write2|compare PACK DIR\n"); return 2; }
    int compare = strcmp(argv[1], "compare") == 0;
    size_t size;
    char *pack = slurp(argv[2], &size);
    if (strcmp(argv[1], "write2") == 0) return write_two_threads(pack, size, argv[3]);
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

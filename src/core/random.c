#include <errno.h>
#include <sys/random.h>
#include <sys/types.h>
#include "random.h"
#include "ct.h"

int random_bytes(uint8_t *out, size_t len) {
    size_t done = 0;
    while (done < len) {
        /* getrandom returns at most 33554431 bytes per call and may return
         * fewer than asked when a signal interrupts a large request. */
        ssize_t got = getrandom(out + done, len - done, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            ct_wipe(out, len);
            return -1;
        }
        done += (size_t)got;
    }
    return 0;
}

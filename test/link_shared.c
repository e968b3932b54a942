/*
 * Linked against the build tree's shared library (-L DIR -lgoldilocks, which
 * finds libgoldilocks.so) and run with LD_LIBRARY_PATH=DIR (where the loader
 * finds the SONAME link libgoldilocks.so.MAJOR): the layout a packager
 * installs works. Uses the public header alone, and checks the RFC 7748
 * section 6.2 exchange through the library's exported functions.
 */
#include <string.h>
#include "goldilocks.h"
#include "check.h"

static const char *const ALICE_PRIVATE =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const ALICE_PUBLIC =
    "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
static const char *const BOB_PUBLIC =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
static const char *const SHARED =
    "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

int main(void) {
    enum { N = 56 };
    uint8_t priv[N], pub[N], bob[N], shared[N], want_pub[N], want_shared[N];
    check_init("link_shared");
    check_test("shared library: RFC 7748 6.2 through libgoldilocks.so");
    if (check(check_unhex(priv, N, ALICE_PRIVATE) == N && check_unhex(want_pub, N, ALICE_PUBLIC) == N &&
                  check_unhex(bob, N, BOB_PUBLIC) == N && check_unhex(want_shared, N, SHARED) == N,
              "vector hex")) {
        goldilocks_x448_public_key(pub, priv);
        check(memcmp(pub, want_pub, N) == 0, "Alice's public key");
        check(goldilocks_x448(shared, priv, bob) == 0, "goldilocks_x448 returns 0");
        check(memcmp(shared, want_shared, N) == 0, "the shared secret");
    }
    return check_done();
}

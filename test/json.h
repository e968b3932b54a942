/*
 * The test vector files' JSON, read with Debian's libjansson (test code
 * only: it allocates). A json_value is jansson's json_t; this header keeps
 * the test programs free of jansson's API and of its header.
 *
 * Every accessor takes NULL and values of the wrong type, and then returns
 * NULL or 0: a missing member shows up as a failed check, not a crash.
 */
#ifndef GOLDILOCKS_TEST_JSON_H
#define GOLDILOCKS_TEST_JSON_H

#include <stddef.h>

typedef struct json_t json_value;

/* Reads and parses a file; NULL (with a message on stderr) when it cannot. */
json_value *json_load(const char *path);
void json_free(json_value *v);

/* The member `key` of an object, or NULL (also when v is NULL or not an object). */
const json_value *json_get(const json_value *v, const char *key);
/* Elements of an array (0 for anything else) and the i-th one (NULL when out of range). */
size_t json_len(const json_value *v);
const json_value *json_at(const json_value *v, size_t i);
/* The string (NULL unless a string), number (0 unless a number), bool (0 unless true). */
const char *json_str(const json_value *v);
double json_num(const json_value *v);
int json_bool(const json_value *v);
/* Shorthand: json_str(json_get(v, key)). */
const char *json_get_str(const json_value *v, const char *key);

#endif

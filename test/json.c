/*
 * test/json.h over libjansson: each function is one jansson call. Duplicate
 * keys are refused, so that a vector file cannot silently mean two things.
 */
#include <jansson.h>
#include <stdio.h>
#include "json.h"

json_value *json_load(const char *path) {
    json_error_t error;
    json_t *v = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
    if (!v)
        fprintf(stderr, "json: %s:%d:%d: %s\n", path, error.line, error.column, error.text);
    return v;
}

void json_free(json_value *v) {
    json_decref(v);
}

const json_value *json_get(const json_value *v, const char *key) {
    return json_object_get(v, key);
}

size_t json_len(const json_value *v) {
    return json_array_size(v);
}

const json_value *json_at(const json_value *v, size_t i) {
    return json_array_get(v, i);
}

const char *json_str(const json_value *v) {
    return json_string_value(v);
}

double json_num(const json_value *v) {
    return json_number_value(v);
}

int json_bool(const json_value *v) {
    return json_is_true(v);
}

const char *json_get_str(const json_value *v, const char *key) {
    return json_str(json_get(v, key));
}

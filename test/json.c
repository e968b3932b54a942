/*
 * A small recursive-descent JSON reader (RFC 8259 grammar) for the test
 * vector files. Test code only: it allocates, and reports the first syntax
 * error with its byte offset on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"

struct json_value {
    json_type type;
    int boolean;
    double number;
    char *string;           /* JSON_STRING */
    size_t count;           /* elements of an array or members of an object */
    json_value **items;     /* the elements, or the members' values */
    char **keys;            /* JSON_OBJECT: the members' names */
};

/* Nesting deeper than this is refused rather than overflowing the stack. */
enum { MAX_DEPTH = 64 };

typedef struct {
    const char *text;
    size_t len, pos;
    const char *error;      /* first error, NULL while parsing succeeds */
} parser;

static void fail(parser *p, const char *what) {
    if (!p->error)
        p->error = what;
}

static void *xcalloc(size_t n, size_t size) {
    void *q = calloc(n ? n : 1, size);
    if (!q) {
        fprintf(stderr, "json: out of memory\n");
        abort();
    }
    return q;
}

static void skip_ws(parser *p) {
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

static int peek(parser *p) {
    return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

static int expect_word(parser *p, const char *word) {
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0) {
        fail(p, "unknown literal");
        return 0;
    }
    p->pos += n;
    return 1;
}

/* Appends the UTF-8 encoding of code point cp to out at *n. */
static void put_utf8(char *out, size_t *n, unsigned long cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xc0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xe0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        out[(*n)++] = (char)(0xf0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    }
}

static long hex4(parser *p) {
    if (p->len - p->pos < 4) {
        fail(p, "short \\u escape");
        return -1;
    }
    long v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p->text[p->pos++];
        int d = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) {
            fail(p, "bad \\u escape");
            return -1;
        }
        v = v * 16 + d;
    }
    return v;
}

/* Parses a string at '"'; returns it NUL-terminated (escapes decoded), or NULL. */
static char *parse_string(parser *p) {
    if (peek(p) != '"') {
        fail(p, "expected a string");
        return NULL;
    }
    p->pos++;
    /* The decoded string is never longer than its raw text up to the closing quote. */
    size_t raw = 0;
    while (p->pos + raw < p->len && p->text[p->pos + raw] != '"')
        raw += p->text[p->pos + raw] == '\\' ? 2 : 1;
    char *out = xcalloc(raw + 1, 1);
    size_t n = 0;
    for (;;) {
        if (p->pos >= p->len) {
            fail(p, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)p->text[p->pos++];
        if (c == '"') {
            out[n] = '\0';
            return out;
        }
        if (c < 0x20) {
            fail(p, "control character in string");
            break;
        }
        if (c != '\\') {
            out[n++] = (char)c;
            continue;
        }
        if (p->pos >= p->len) {
            fail(p, "unterminated escape");
            break;
        }
        char e = p->text[p->pos++];
        switch (e) {
        case '"': out[n++] = '"'; break;
        case '\\': out[n++] = '\\'; break;
        case '/': out[n++] = '/'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'u': {
            /* \uXXXX is 6 bytes of input and at most 3 of UTF-8; a surrogate
             * pair is 12 bytes of input and 4 of output. */
            long cp = hex4(p);
            if (cp < 0)
                goto error;
            if (cp >= 0xd800 && cp < 0xdc00) {
                if (p->len - p->pos < 2 || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u') {
                    fail(p, "lone surrogate");
                    goto error;
                }
                p->pos += 2;
                long lo = hex4(p);
                if (lo < 0xdc00 || lo >= 0xe000) {
                    fail(p, "bad surrogate pair");
                    goto error;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            } else if (cp >= 0xdc00 && cp < 0xe000) {
                fail(p, "lone surrogate");
                goto error;
            }
            put_utf8(out, &n, (unsigned long)cp);
            break;
        }
        default:
            fail(p, "bad escape");
            goto error;
        }
    }
error:
    free(out);
    return NULL;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Checks the RFC 8259 number grammar, then converts with strtod. */
static int parse_number(parser *p, double *out) {
    size_t start = p->pos;
    if (peek(p) == '-')
        p->pos++;
    if (peek(p) == '0') {
        p->pos++;
    } else if (is_digit(peek(p))) {
        while (is_digit(peek(p)))
            p->pos++;
    } else {
        fail(p, "bad number");
        return 0;
    }
    if (peek(p) == '.') {
        p->pos++;
        if (!is_digit(peek(p))) {
            fail(p, "bad fraction");
            return 0;
        }
        while (is_digit(peek(p)))
            p->pos++;
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-')
            p->pos++;
        if (!is_digit(peek(p))) {
            fail(p, "bad exponent");
            return 0;
        }
        while (is_digit(peek(p)))
            p->pos++;
    }
    size_t n = p->pos - start;
    char *buf = xcalloc(n + 1, 1);
    memcpy(buf, p->text + start, n);
    *out = strtod(buf, NULL);
    free(buf);
    return 1;
}

static json_value *parse_value(parser *p, int depth);

/* Makes room for one more element in an array of `count` elements of `size` bytes. */
static void *grow(void *arr, size_t count, size_t *cap, size_t size) {
    if (count < *cap)
        return arr;
    size_t ncap = *cap ? 2 * *cap : 8;
    void *grown = realloc(arr, ncap * size);
    if (!grown) {
        fprintf(stderr, "json: out of memory\n");
        abort();
    }
    *cap = ncap;
    return grown;
}

static int parse_array(parser *p, json_value *v, int depth) {
    size_t cap = 0;
    p->pos++; /* '[' */
    skip_ws(p);
    if (peek(p) == ']') {
        p->pos++;
        return 1;
    }
    for (;;) {
        json_value *item = parse_value(p, depth + 1);
        if (!item)
            return 0;
        v->items = grow(v->items, v->count, &cap, sizeof *v->items);
        v->items[v->count++] = item;
        skip_ws(p);
        int c = peek(p);
        p->pos++;
        if (c == ']')
            return 1;
        if (c != ',') {
            fail(p, "expected ',' or ']'");
            return 0;
        }
    }
}

static int parse_object(parser *p, json_value *v, int depth) {
    size_t cap = 0, kcap = 0;
    p->pos++; /* '{' */
    skip_ws(p);
    if (peek(p) == '}') {
        p->pos++;
        return 1;
    }
    for (;;) {
        skip_ws(p);
        char *key = parse_string(p);
        if (!key)
            return 0;
        skip_ws(p);
        if (peek(p) != ':') {
            free(key);
            fail(p, "expected ':'");
            return 0;
        }
        p->pos++;
        json_value *item = parse_value(p, depth + 1);
        if (!item) {
            free(key);
            return 0;
        }
        /* keys and items grow in step, so v->count indexes both */
        v->keys = grow(v->keys, v->count, &kcap, sizeof *v->keys);
        v->items = grow(v->items, v->count, &cap, sizeof *v->items);
        v->keys[v->count] = key;
        v->items[v->count++] = item;
        skip_ws(p);
        int c = peek(p);
        p->pos++;
        if (c == '}')
            return 1;
        if (c != ',') {
            fail(p, "expected ',' or '}'");
            return 0;
        }
    }
}

static json_value *parse_value(parser *p, int depth) {
    if (depth > MAX_DEPTH) {
        fail(p, "nesting too deep");
        return NULL;
    }
    skip_ws(p);
    json_value *v = xcalloc(1, sizeof *v);
    int ok;
    switch (peek(p)) {
    case '{':
        v->type = JSON_OBJECT;
        ok = parse_object(p, v, depth);
        break;
    case '[':
        v->type = JSON_ARRAY;
        ok = parse_array(p, v, depth);
        break;
    case '"':
        v->type = JSON_STRING;
        v->string = parse_string(p);
        ok = v->string != NULL;
        break;
    case 't':
        v->type = JSON_BOOL;
        v->boolean = 1;
        ok = expect_word(p, "true");
        break;
    case 'f':
        v->type = JSON_BOOL;
        ok = expect_word(p, "false");
        break;
    case 'n':
        v->type = JSON_NULL;
        ok = expect_word(p, "null");
        break;
    default:
        v->type = JSON_NUMBER;
        ok = parse_number(p, &v->number);
        break;
    }
    if (!ok) {
        json_free(v);
        return NULL;
    }
    return v;
}

static json_value *parse_text(const char *text, size_t len, const char *name) {
    parser p = { text, len, 0, NULL };
    json_value *v = parse_value(&p, 0);
    if (v) {
        skip_ws(&p);
        if (p.pos != p.len) {
            fail(&p, "trailing characters");
            json_free(v);
            v = NULL;
        }
    }
    if (!v)
        fprintf(stderr, "%s: JSON error at byte %zu: %s\n", name, p.pos,
                p.error ? p.error : "unknown");
    return v;
}

json_value *json_load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = xcalloc(cap, 1);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                fprintf(stderr, "json: out of memory\n");
                abort();
            }
            buf = grown;
            cap *= 2;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        perror(path);
        free(buf);
        return NULL;
    }
    json_value *v = parse_text(buf, len, path);
    free(buf);
    return v;
}

void json_free(json_value *v) {
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        json_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    free(v);
}

json_type json_type_of(const json_value *v) { return v ? v->type : JSON_NULL; }

const json_value *json_get(const json_value *v, const char *key) {
    if (!v || v->type != JSON_OBJECT || !key)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->keys[i], key) == 0)
            return v->items[i];
    return NULL;
}

size_t json_len(const json_value *v) {
    return v && v->type == JSON_ARRAY ? v->count : 0;
}

const json_value *json_at(const json_value *v, size_t i) {
    return v && v->type == JSON_ARRAY && i < v->count ? v->items[i] : NULL;
}

const char *json_str(const json_value *v) {
    return v && v->type == JSON_STRING ? v->string : NULL;
}

double json_num(const json_value *v) {
    return v && v->type == JSON_NUMBER ? v->number : 0;
}

int json_bool(const json_value *v) {
    return v && v->type == JSON_BOOL ? v->boolean : 0;
}

const char *json_get_str(const json_value *v, const char *key) {
    return json_str(json_get(v, key));
}

/*
 * rustjson C shim: one-line wrappers over Zend macros and inline functions
 * that Rust cannot call directly. Each wrapper is named rustjson_<what it wraps>.
 * Declared here once; bindgen turns this header (and the PHP headers it
 * includes) into src/php/sys.rs's bindings.
 */
#ifndef RUSTJSON_SHIM_H
#define RUSTJSON_SHIM_H

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/json/php_json.h"
#include "ext/json/php_json_parser.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_enum.h"
#include "zend_fibers.h"
#if PHP_VERSION_ID >= 80400
#include "zend_property_hooks.h"
#include "zend_lazy_objects.h"
#endif

/* JSON_G(error_code) (json_globals is per thread on ZTS). */
int *rustjson_json_error_code_ptr(void);
/* php_json_serializable_ce (JsonSerializable). */
zend_class_entry *rustjson_json_serializable_ce(void);
/* MINIT, after ext/json's: keep the key of JsonSerializable's jsonserialize method (see shim.c). */
void rustjson_shim_startup(void);
/* PG(serialize_precision). */
zend_long rustjson_serialize_precision(void);
/* &PG(serialize_precision): the global's place (NTS: one for the process). */
zend_long *rustjson_serialize_precision_ptr(void);
/* EG(exception) != NULL */
bool rustjson_has_exception(void);

/* Output buffer: smart_str_alloc()'s growth (page steps), through the
 * fallible path where the running PHP has one (8.2.36+: an allocation over
 * memory_limit returns false and PHP raises the error when the function
 * returns, as stock ext/json does). */
bool rustjson_smart_str_try_grow(smart_str *str, size_t additional);
zend_string *rustjson_smart_str_extract(smart_str *str);
void rustjson_smart_str_free(smart_str *str);
/* A fresh smart_str (str->s is null) with room for len bytes, sized as
 * smart_str_erealloc() sizes it; `advise` sees its block before any byte
 * of it is written, the zend_string header included. */
void rustjson_smart_str_alloc_advised(smart_str *str, size_t len, void (*advise)(void *block, size_t size));

/* is_numeric_string(s, len, &l, &d, 0): 0, IS_LONG or IS_DOUBLE. */
uint8_t rustjson_is_numeric_string(const char *s, size_t len, zend_long *l, double *d);
/* zend_gcvt(d, precision, '.', 'e', buf); returns strlen. buf >= ZEND_DOUBLE_MAX_LENGTH. */
size_t rustjson_gcvt(double d, int precision, char *buf);

/* Objects */
bool rustjson_instanceof(const zend_class_entry *ce, const zend_class_entry *iface);
bool rustjson_fiber_stack(uintptr_t *lo, size_t *size);   /* the running fiber's C stack, false on the main stack */
HashTable *rustjson_get_properties_for_json(zval *obj);   /* zend_get_properties_for(..., JSON) */
void rustjson_release_properties(HashTable *ht);          /* zend_release_properties */
zval *rustjson_enum_case_value(zend_object *obj);         /* zend_enum_fetch_case_value */
/* call_user_function(NULL, obj, "jsonSerialize", retval, 0, NULL) */
zend_result rustjson_call_json_serialize(zval *obj, zval *retval);
void rustjson_throw_failed_calling(zend_class_entry *ce);
void rustjson_throw_json_exception(const char *msg, zend_long code);

/* Arrays */

/* Refcounting */
void rustjson_zval_ptr_dtor(zval *zv);
void rustjson_zval_ptr_dtor_nogc(zval *zv);

/* Frames */
zval *rustjson_arg(zend_execute_data *ex, uint32_t n); /* ZEND_CALL_ARG(ex, n), 1-based */
void rustjson_return_str(zval *rv, zend_string *s);
/* A call's result that cannot fail, in one call: JSON_G(error_code) = 0 when clear_error, then a fresh
 * string of len bytes (zend_string_alloc(len, 0)) as the result in rv. Returns where its bytes go: the
 * caller writes all len of them and the NUL before PHP runs again. */
char *rustjson_return_new_str(zval *rv, size_t len, bool clear_error);
/* The same for the string `"s"` (s: len <= 64 bytes that need no escape, live for the call; copied
 * without a call). */
void rustjson_return_quoted(zval *rv, const char *s, size_t len, bool clear_error);
void rustjson_return_false(zval *rv);
void rustjson_return_literal(zval *rv, uint8_t type);
void rustjson_return_char(zval *rv, char c);
void rustjson_return_bool(zval *rv, bool b);

/* json_validate() on PHP < 8.3: parameters parsed exactly like stock's ZPP. */
bool rustjson_validate_parse_args(zend_execute_data *ex, zend_string **json, zend_long *depth, zend_long *flags);
void rustjson_argument_value_error(uint32_t arg, const char *msg);

/* Function table */
zend_function *rustjson_find_function(const char *name, size_t len);
int rustjson_register_ini(const zend_ini_entry_def *defs, int module_number);
void rustjson_unregister_ini(int module_number);
void rustjson_display_ini(zend_module_entry *module);
bool rustjson_ini_parse_bool(zend_string *value);

/* An internal error surfaced as a PHP Error (never expected). */
void rustjson_throw_internal_error(const char *msg);

/* ---- Version-dependent parts of the object walk (json_encoder.c differs
 * between 8.2, 8.3, 8.4 and 8.5). ---- */

/* The "optimized" declared-properties path is allowed: no materialized
 * table, standard handlers; 8.4+: no hooked properties, not lazy. */
bool rustjson_obj_fast_path_ok(const zend_object *obj);
/* The object may take the fast object frames as far as PHP 8.4+ is
 * concerned: its class has no hooked properties and it is not lazy (its
 * properties are then plain slots and table entries, read without user
 * code). Always true before 8.4. */
bool rustjson_obj_no_hooks_not_lazy(const zend_object *obj);
/* 8.4+: the class has hooked properties (the recursion mark then goes on
 * the object, not on the temporary properties table). */
/* 8.4+: a properties-table entry that is IS_PTR (a hooked property):
 * 0 = skip it (virtual without get), 1 = value read into *tmp (get hook
 * called), -1 = the hook threw. */
zval *rustjson_read_hooked_property(zval *obj, zval *data, zval *tmp, int *status);   /* 8.4+: status 0 skip, 1 read (returns the zval), -1 exception */
/* JsonSerializable recursion mark: 8.2 uses the GC flag of Z_OBJPROP (and
 * materializes it); 8.3+ the object's JSON recursion guard. Returns 1 if
 * already marked (recursion), else marks and returns 0; `ht_out` receives
 * the 8.2 table (or NULL) to unmark later. */
bool rustjson_serializable_enter(zend_object *obj, HashTable **ht_out);
void rustjson_serializable_leave(zend_object *obj, HashTable *ht);
/* ZEND_MODULE_API_NO and PHP_VERSION of the headers built against. */
int rustjson_php_api(void);
const char *rustjson_php_version(void);
/* Does the "Failed calling X::jsonSerialize()" exception exist (< 8.5)? */
bool rustjson_has_failed_calling_exception(void);

/* ---- json_decode()'s zval builder (src/decode/): what json_parser.y and
 * json_scanner.re build (the same tables, strings and objects), with fewer
 * calls: containers are made at their close or filled in place. ---- */
uint32_t rustjson_zv_object_init(zval *zv);                  /* object_init (stdClass); returns its handle */
/* ZSTR_EMPTY_ALLOC() when len == 0, else zend_string_init(s, len, 0) marked IS_STR_VALID_UTF8 (PHP's
 * "known to be valid UTF-8" flag, which PCRE and mbstring read and set): every string json_decode()
 * returns is valid UTF-8 (invalid bytes fail, or are dropped or replaced under the INVALID_UTF8
 * flags; a lone surrogate escape fails). For the decoder's strings only. */
zend_string *rustjson_string_init_utf8(const char *s, size_t len);
/* zend_string_alloc(len, 0) marked IS_STR_VALID_UTF8 (len >= 1; the decoder's strings only: the
 * caller writes valid UTF-8). */
zend_string *rustjson_string_alloc_utf8(size_t len);
/* Bytes PHP's allocator may still hand out under memory_limit (SIZE_MAX
 * without a limit): PG(memory_limit) - zend_memory_usage(true). */
size_t rustjson_memory_headroom(void);
/* zend_standard_class_def */
zend_class_entry *rustjson_std_class(void);
zend_string *rustjson_string_alloc(size_t len);              /* zend_string_alloc(len, 0) */
zend_string *rustjson_string_realloc(zend_string *s, size_t len); /* zend_string_realloc(s, len, 0) */
void rustjson_string_release(zend_string *s);                /* zend_string_release_ex(s, 0) */
/* zend_symtable_update(Z_ARRVAL_P(arr), key, v): takes v, not key */
void rustjson_array_symtable_update(zval *arr, zend_string *key, zval *v);
/* zend_std_write_property(Z_OBJ_P(obj), key, v, NULL); Z_TRY_DELREF_P(v): takes v, not key */
void rustjson_object_write_property(zval *obj, zend_string *key, zval *v);
/* rustjson_object_write_property(), unless the object already has a property
 * `key` holding an object or a refcounted array (which stock releases at this
 * member): then false, nothing stored, v still the caller's */
bool rustjson_object_write_property_keep(zval *obj, zend_string *key, zval *v);
void *rustjson_emalloc(size_t size);
void *rustjson_erealloc(void *p, size_t size);
void rustjson_efree(void *p);
void rustjson_return_null(zval *rv);
/* After the builder freed the k objects it created (handles in creation
 * order), which are then the first k entries of the object store's free
 * list: relink them in creation order, so the next objects get the handles
 * they would have got had these never existed. False (nothing changed) if
 * the free list does not start with them. */
bool rustjson_objects_requeue(const uint32_t *handles, size_t k);

/* Arrays: the builder writes the values into the packed table's slots
 * itself (and its counts, as ZEND_HASH_FILL_FINISH does); the table is made
 * and grown by Zend, as stock's zend_hash_next_index_insert() does. */
/* array_init + zend_hash_real_init_packed: the slots; *cap = nTableSize. */
zval *rustjson_packed_init(zval *zv, uint32_t *cap);
/* A whole list of n (1 or 2) numbers: `zv` becomes an array holding the
 * values (value, type info: IS_LONG or IS_DOUBLE) in a packed table of
 * stock's size: a pair by zend_new_pair(), one number as
 * rustjson_packed_init makes its table. */
void rustjson_number_list(zval *zv, zend_value a, uint32_t type_a, zend_value b, uint32_t type_b, uint32_t n);
/* zend_hash_next_index_insert (takes v; the counts are current): the
 * slots, maybe moved; *cap = nTableSize. */
zval *rustjson_packed_append(zval *arr, zval *v, uint32_t *cap);
/* An assoc object built at its close from n >= 1 members (keys and values
 * in document order) as zend_symtable_update() stores them (a duplicate
 * keeps its position and takes the last value), sized once as stock's
 * growth ends (HT_MIN_SIZE doubled until the members fit). No key may be
 * an int key: the caller keeps every key that starts with a digit or `-`
 * out (asserted in debug builds). Takes the values, releases the keys;
 * n == 0: an uninitialized table (its members come one by one). */
HashTable *rustjson_fill_assoc(zend_string **keys, zval *vals, uint32_t n);
/* A fresh stdClass's properties from n >= 1 members (names and values in
 * document order), as zend_std_write_property() would store them one by
 * one, the table sized once as stock's growth ends. Stops at a duplicate
 * name whose earlier value is an array or object (stock releases that
 * value at the duplicate): returns how many members it took (their values
 * taken, names released); the rest are still the caller's. */
uint32_t rustjson_fill_object(zval *obj, zend_string **keys, zval *vals, uint32_t n);
/* Measurement only (defined in the floor-probe build, never shipped): a deep
 * copy of `src` into `dst`, the floor of building that value: each table
 * in one pass (header and hash part copied, each slot written once, keys
 * shared with a reference added, as the decoder's key cache shares them;
 * no hashing, probing or growth), each string a fresh copy; objects and
 * scalars copied as they are. */
void rustjson_probe_clone(zval *dst, zval *src);
/* &zend_empty_array (ZVAL_EMPTY_ARRAY's table, type IS_ARRAY). */
zend_array *rustjson_empty_array(void);

#endif

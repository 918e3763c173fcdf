/* rustjson C shim: see shim.h. One-line wrappers only. */
#include "shim.h"

/* Exported by ext/json but not declared in its 8.2 headers. */
extern PHP_JSON_API zend_class_entry *php_json_exception_ce;

int *rustjson_json_error_code_ptr(void) { return (int *) &JSON_G(error_code); }
zend_class_entry *rustjson_json_serializable_ce(void) { return php_json_serializable_ce; }

/* The key "jsonserialize" of JsonSerializable's own function table: an interned string that lives as
 * long as the class (the process), with its hash computed. A class's jsonSerialize() is looked up with
 * it (rustjson_call_json_serialize): the same lookup as by the C string, without hashing the name at
 * every call, and where the class's key is the same interned string (as compiled method names are),
 * found by the pointer compare. NULL until MINIT (then the lookup hashes the name). */
static zend_string *rustjson_jsonserialize_key;

void rustjson_shim_startup(void)
{
	zend_string *key;
	ZEND_HASH_FOREACH_STR_KEY(&php_json_serializable_ce->function_table, key) {
		if (key && zend_string_equals_literal(key, "jsonserialize") && ZSTR_IS_INTERNED(key)) {
			rustjson_jsonserialize_key = key;
		}
	} ZEND_HASH_FOREACH_END();
}

static zend_always_inline zend_function *rustjson_find_json_serialize(zend_class_entry *ce)
{
	if (EXPECTED(rustjson_jsonserialize_key != NULL)) {
		return zend_hash_find_ptr(&ce->function_table, rustjson_jsonserialize_key);
	}
	return zend_hash_str_find_ptr(&ce->function_table, "jsonserialize", sizeof("jsonserialize") - 1);
}
zend_long rustjson_serialize_precision(void) { return PG(serialize_precision); }
zend_long *rustjson_serialize_precision_ptr(void) { return &PG(serialize_precision); }
bool rustjson_has_exception(void) { return EG(exception) != NULL; }


/* smart_str_ferealloc() exists in PHP releases with delayed OOM errors
 * (8.2.36+, 8.4.x) and not in older ones: bind it weakly, so one build
 * loads into every patch release of its minor version and uses the fallible
 * path where the running PHP has it. */
#ifndef RUSTJSON_HAVE_FALLIBLE_SMART_STR
ZEND_API bool ZEND_FASTCALL smart_str_ferealloc(smart_str *str, size_t len, bool fallible);
#endif
#pragma weak smart_str_ferealloc

bool rustjson_smart_str_try_grow(smart_str *str, size_t additional)
{
	/* smart_str_alloc()'s own arithmetic: grow to the new length when it
	 * reaches the capacity (the caller only calls us then). */
	size_t len = str->s ? ZSTR_LEN(str->s) + additional : additional;
	if (smart_str_ferealloc) {
		return smart_str_ferealloc(str, len, /* fallible */ true);
	}
	smart_str_erealloc(str, len);
	return true;
}
zend_string *rustjson_smart_str_extract(smart_str *str) { return smart_str_extract(str); }
void rustjson_smart_str_free(smart_str *str) { smart_str_free(str); }

void rustjson_smart_str_alloc_advised(smart_str *str, size_t len, void (*advise)(void *block, size_t size))
{
	/* zend_smart_str.c's sizing (its macros are private to that file): the
	 * length plus the allocator's debug overhead, the header and the NUL,
	 * rounded up to a page, less those. */
	size_t overhead = ZEND_MM_OVERHEAD + _ZSTR_HEADER_SIZE + 1;
	size_t a = ZEND_MM_ALIGNED_SIZE_EX(len + overhead, 4096) - overhead;
	size_t size = ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(a));
	zend_string *s = emalloc(size);
	advise(s, size);
	/* What zend_string_alloc(a, 0) writes. */
	GC_SET_REFCOUNT(s, 1);
	GC_TYPE_INFO(s) = GC_STRING;
	ZSTR_H(s) = 0;
	ZSTR_LEN(s) = 0;
	str->s = s;
	str->a = a;
}

uint8_t rustjson_is_numeric_string(const char *s, size_t len, zend_long *l, double *d)
{
	return is_numeric_string(s, len, l, d, 0);
}

size_t rustjson_gcvt(double d, int precision, char *buf)
{
	zend_gcvt(d, precision, '.', 'e', buf);
	return strlen(buf);
}

bool rustjson_instanceof(const zend_class_entry *ce, const zend_class_entry *iface)
{
	return instanceof_function(ce, iface);
}


HashTable *rustjson_get_properties_for_json(zval *obj) { return zend_get_properties_for(obj, ZEND_PROP_PURPOSE_JSON); }
void rustjson_release_properties(HashTable *ht) { zend_release_properties(ht); }
zval *rustjson_enum_case_value(zend_object *obj) { return zend_enum_fetch_case_value(obj); }

zend_result rustjson_call_json_serialize(zval *obj, zval *retval)
{
#if PHP_VERSION_ID >= 80500
	/* 8.5 calls the method it finds by its lowercase name directly. */
	zend_object *zobj = Z_OBJ_P(obj);
	zend_function *fn = rustjson_find_json_serialize(zobj->ce);
	zend_call_known_function(fn, zobj, zobj->ce, retval, 0, NULL, NULL);
	return Z_TYPE_P(retval) == IS_UNDEF ? FAILURE : SUCCESS;
#else
	/* Stock calls call_user_function() with the name "jsonSerialize": zend_call_function()
	 * resolves it with zend_is_callable_ex() (a lowercased copy of the name, a lookup in the
	 * class's function table, visibility checks against the calling user frame's scope) before
	 * the call. When the method found is public, not abstract, not static and does not override
	 * a private method of a parent (ZEND_ACC_CHANGED: then zend_is_callable_check_func() may
	 * pick that private method instead, when the frame's scope is that parent), the resolution
	 * is exactly {method, object, calling and called scope = the object's class}: make the same
	 * call with that cache filled in (zend_call_function() checks EG(active) and a pending
	 * exception first either way, and only then uses the cache). Anything else (no such entry:
	 * get_method handlers, __call) takes stock's route. */
	zend_object *zobj = Z_OBJ_P(obj);
	zend_function *fn = rustjson_find_json_serialize(zobj->ce);
	if (EXPECTED(fn != NULL)
	 && (fn->common.fn_flags & (ZEND_ACC_PUBLIC | ZEND_ACC_CHANGED | ZEND_ACC_ABSTRACT | ZEND_ACC_STATIC | ZEND_ACC_CALL_VIA_TRAMPOLINE)) == ZEND_ACC_PUBLIC) {
		zend_fcall_info fci;
		zend_fcall_info_cache fcc;
		fci.size = sizeof(fci);
		ZVAL_UNDEF(&fci.function_name);
		fci.object = zobj;
		fci.retval = retval;
		fci.param_count = 0;
		fci.params = NULL;
		fci.named_params = NULL;
		fcc.function_handler = fn;
		fcc.object = zobj;
		fcc.calling_scope = zobj->ce;
		fcc.called_scope = zobj->ce;
		return zend_call_function(&fci, &fcc);
	}
	zval fname;
	zend_result r;
	ZVAL_STRING(&fname, "jsonSerialize");
	r = call_user_function(NULL, obj, &fname, retval, 0, NULL);
	zval_ptr_dtor(&fname);
	return r;
#endif
}

void rustjson_throw_failed_calling(zend_class_entry *ce)
{
	zend_throw_exception_ex(NULL, 0, "Failed calling %s::jsonSerialize()", ZSTR_VAL(ce->name));
}

void rustjson_throw_json_exception(const char *msg, zend_long code)
{
	zend_throw_exception(php_json_exception_ce, msg, code);
}


void rustjson_zval_ptr_dtor(zval *zv) { zval_ptr_dtor(zv); }
void rustjson_zval_ptr_dtor_nogc(zval *zv) { zval_ptr_dtor_nogc(zv); }

zval *rustjson_arg(zend_execute_data *ex, uint32_t n) { return ZEND_CALL_ARG(ex, n); }
void rustjson_return_str(zval *rv, zend_string *s) { ZVAL_STR(rv, s); }
static zend_always_inline char *return_new_str(zval *rv, size_t len, bool clear_error)
{
	zend_string *s;
	if (clear_error) {
		JSON_G(error_code) = PHP_JSON_ERROR_NONE;
	}
	s = zend_string_alloc(len, 0);
	ZVAL_NEW_STR(rv, s);
	return ZSTR_VAL(s);
}
char *rustjson_return_new_str(zval *rv, size_t len, bool clear_error) { return return_new_str(rv, len, clear_error); }
/* n (at most 64) bytes from src to dst: overlapping fixed-size copies (the
 * compiler's loads and stores), no call. */
static zend_always_inline void copy_le64(char *dst, const char *src, size_t n)
{
	if (n >= 16) {
		if (n > 32) {
			memcpy(dst + 16, src + 16, 16);
			memcpy(dst + n - 32, src + n - 32, 16);
		}
		memcpy(dst, src, 16);
		memcpy(dst + n - 16, src + n - 16, 16);
	} else if (n >= 8) {
		memcpy(dst, src, 8);
		memcpy(dst + n - 8, src + n - 8, 8);
	} else if (n >= 4) {
		memcpy(dst, src, 4);
		memcpy(dst + n - 4, src + n - 4, 4);
	} else if (n > 0) {
		dst[0] = src[0];
		dst[n >> 1] = src[n >> 1];
		dst[n - 1] = src[n - 1];
	}
}
void rustjson_return_quoted(zval *rv, const char *s, size_t len, bool clear_error)
{
	char *p = return_new_str(rv, len + 2, clear_error);
	p[0] = '"';
	ZEND_ASSERT(len <= 64);
	copy_le64(p + 1, s, len);
	p[len + 1] = '"';
	p[len + 2] = '\0';
}
void rustjson_return_false(zval *rv) { ZVAL_FALSE(rv); }
/* PHP's own interned strings: "null", "true", "false" (by the zval type
 * they spell) and the one-byte strings. */
void rustjson_return_literal(zval *rv, uint8_t type)
{
	zend_known_string_id id = type == IS_TRUE ? ZEND_STR_TRUE : type == IS_FALSE ? ZEND_STR_FALSE : ZEND_STR_NULL_LOWERCASE;
	ZVAL_INTERNED_STR(rv, ZSTR_KNOWN(id));
}
void rustjson_return_char(zval *rv, char c) { ZVAL_CHAR(rv, c); }
void rustjson_return_bool(zval *rv, bool b) { ZVAL_BOOL(rv, b); }

bool rustjson_validate_parse_args(zend_execute_data *execute_data, zend_string **json, zend_long *depth, zend_long *flags)
{
	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(*json)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(*depth)
		Z_PARAM_LONG(*flags)
	ZEND_PARSE_PARAMETERS_END_EX(return false);
	return true;
}

void rustjson_argument_value_error(uint32_t arg, const char *msg) { zend_argument_value_error(arg, "%s", msg); }

zend_function *rustjson_find_function(const char *name, size_t len)
{
	return zend_hash_str_find_ptr(CG(function_table), name, len);
}

int rustjson_register_ini(const zend_ini_entry_def *defs, int module_number)
{
	return zend_register_ini_entries(defs, module_number);
}

void rustjson_unregister_ini(int module_number) { zend_unregister_ini_entries(module_number); }
void rustjson_display_ini(zend_module_entry *module) { display_ini_entries(module); }
bool rustjson_ini_parse_bool(zend_string *value) { return zend_ini_parse_bool(value); }

void rustjson_throw_internal_error(const char *msg) { zend_throw_error(NULL, "%s", msg); }

/* ---- Version-dependent parts of the object walk ---- */

bool rustjson_obj_fast_path_ok(const zend_object *obj)
{
	return obj->properties == NULL
		&& obj->handlers->get_properties_for == NULL
		&& obj->handlers->get_properties == zend_std_get_properties
#if PHP_VERSION_ID >= 80400
		&& obj->ce->num_hooked_props == 0
		&& !zend_object_is_lazy((zend_object *) obj)
#endif
		;
}

bool rustjson_obj_no_hooks_not_lazy(const zend_object *obj)
{
#if PHP_VERSION_ID >= 80400
	return obj->ce->num_hooked_props == 0 && !zend_object_is_lazy((zend_object *) obj);
#else
	(void) obj;
	return true;
#endif
}

bool rustjson_fiber_stack(uintptr_t *lo, size_t *size)
{
	/* zend_fiber_stack is private to zend_fibers.c; its first two members,
	 * the lowest usable address and the usable size, are the same in
	 * PHP 8.1 to 8.5. The main context has no stack of its own (NULL). */
	struct rustjson_fiber_stack_head { void *pointer; size_t size; };
	zend_fiber_context *ctx = EG(current_fiber_context);
	if (ctx == NULL || ctx == EG(main_fiber_context) || ctx->stack == NULL) {
		return false;
	}
	const struct rustjson_fiber_stack_head *st = (const void *) ctx->stack;
	*lo = (uintptr_t) st->pointer;
	*size = st->size;
	return true;
}

zval *rustjson_read_hooked_property(zval *obj, zval *data, zval *tmp, int *status)
{
#if PHP_VERSION_ID >= 80400
	zend_property_info *prop_info = Z_PTR_P(data);
	if ((prop_info->flags & ZEND_ACC_VIRTUAL) && !prop_info->hooks[ZEND_PROPERTY_HOOK_GET]) {
		*status = 0;
		return NULL;
	}
	/* The value read: `tmp` when a get hook ran, else the backing slot
	 * itself (stock encodes whichever zend_read_property_ex returns). */
	zval *r = zend_read_property_ex(prop_info->ce, Z_OBJ_P(obj), prop_info->name, /* silent */ true, tmp);
	*status = EG(exception) ? -1 : 1;
	return r;
#else
	(void) obj; (void) data; (void) tmp;
	*status = 0;
	return NULL;
#endif
}

bool rustjson_serializable_enter(zend_object *obj, HashTable **ht_out)
{
#if PHP_VERSION_ID >= 80300
	uint32_t *guard = zend_get_recursion_guard(obj);
	*ht_out = NULL;
	if (ZEND_GUARD_IS_RECURSIVE(guard, JSON)) {
		return true;
	}
	ZEND_GUARD_PROTECT_RECURSION(guard, JSON);
	return false;
#else
	HashTable *ht = obj->handlers->get_properties(obj);
	*ht_out = ht;
	if (ht && GC_IS_RECURSIVE(ht)) {
		return true;
	}
	if (ht) {
		GC_TRY_PROTECT_RECURSION(ht);
	}
	return false;
#endif
}

void rustjson_serializable_leave(zend_object *obj, HashTable *ht)
{
#if PHP_VERSION_ID >= 80300
	(void) ht;
	uint32_t *guard = zend_get_recursion_guard(obj);
	ZEND_GUARD_UNPROTECT_RECURSION(guard, JSON);
#else
	(void) obj;
	if (ht) {
		GC_TRY_UNPROTECT_RECURSION(ht);
	}
#endif
}

bool rustjson_has_failed_calling_exception(void)
{
	return PHP_VERSION_ID < 80500;
}

int rustjson_php_api(void) { return ZEND_MODULE_API_NO; }
const char *rustjson_php_version(void) { return PHP_VERSION; }

/* ---- json_decode()'s zval builder (see shim.h) ---- */
uint32_t rustjson_zv_object_init(zval *zv) { object_init(zv); return Z_OBJ_P(zv)->handle; }
zend_string *rustjson_string_init_utf8(const char *s, size_t len)
{
	zend_string *r;
	if (len == 0) {
		return ZSTR_EMPTY_ALLOC();
	}
	r = zend_string_init(s, len, 0);
	GC_ADD_FLAGS(r, IS_STR_VALID_UTF8);
	return r;
}
zend_string *rustjson_string_alloc_utf8(size_t len)
{
	zend_string *r = zend_string_alloc(len, 0);
	GC_ADD_FLAGS(r, IS_STR_VALID_UTF8);
	return r;
}
zend_string *rustjson_string_alloc(size_t len) { return zend_string_alloc(len, 0); }

size_t rustjson_memory_headroom(void)
{
	zend_long limit = PG(memory_limit);
	size_t used = zend_memory_usage(true);
	if (limit <= 0) {
		return SIZE_MAX;
	}
	return (size_t)limit > used ? (size_t)limit - used : 0;
}

zend_class_entry *rustjson_std_class(void) { return zend_standard_class_def; }
zend_string *rustjson_string_realloc(zend_string *s, size_t len) { return zend_string_realloc(s, len, 0); }
void rustjson_string_release(zend_string *s) { zend_string_release_ex(s, 0); }
void rustjson_array_symtable_update(zval *arr, zend_string *key, zval *v) { zend_symtable_update(Z_ARRVAL_P(arr), key, v); }
void rustjson_object_write_property(zval *obj, zend_string *key, zval *v)
{
	zend_std_write_property(Z_OBJ_P(obj), key, v, NULL);
	Z_TRY_DELREF_P(v);
}
bool rustjson_object_write_property_keep(zval *obj, zend_string *key, zval *v)
{
	HashTable *props = Z_OBJ_P(obj)->properties;
	if (props != NULL) {
		zval *old = zend_hash_find(props, key);
		if (old != NULL && (Z_TYPE_P(old) == IS_OBJECT || (Z_TYPE_P(old) == IS_ARRAY && Z_REFCOUNTED_P(old)))) {
			return false;
		}
	}
	rustjson_object_write_property(obj, key, v);
	return true;
}
void *rustjson_emalloc(size_t size) { return emalloc(size); }
void *rustjson_erealloc(void *p, size_t size) { return erealloc(p, size); }
void rustjson_efree(void *p) { efree(p); }
void rustjson_return_null(zval *rv) { ZVAL_NULL(rv); }

bool rustjson_objects_requeue(const uint32_t *handles, size_t k)
{
	zend_objects_store *store = &EG(objects_store);
	uint64_t sum_list = 0, sum_ours = 0, xor_list = 0, xor_ours = 0;
	int h = store->free_list_head;
	size_t i;
	for (i = 0; i < k; i++) {
		if (h < 0 || (uint32_t) h >= store->top || IS_OBJ_VALID(store->object_buckets[h])) {
			return false;
		}
		sum_list += (uint32_t) h;
		xor_list ^= (uint32_t) h;
		sum_ours += handles[i];
		xor_ours ^= handles[i];
		h = GET_OBJ_BUCKET_NUMBER(store->object_buckets[h]);
	}
	if (sum_list != sum_ours || xor_list != xor_ours) {
		return false;
	}
	for (i = k; i > 0; i--) {
		SET_OBJ_BUCKET_NUMBER(store->object_buckets[handles[i - 1]], h);
		h = (int) handles[i - 1];
	}
	store->free_list_head = h;
	return true;
}

/* ---- json_decode(): containers filled once, at their close ---- */

/* The table size a hash reaches growing from HT_MIN_SIZE by doubling to
 * hold n elements (zend_hash_check_size() for the sizes we meet). */
static uint32_t rustjson_grown_size(uint32_t n)
{
	uint32_t size = HT_MIN_SIZE;
	while (size < n) {
		size += size;
	}
	return size;
}

/* A mixed table that holds fewer elements than it was sized for (duplicate
 * keys) is moved into a table of the size stock's growth ends with. */
static HashTable *rustjson_fit_mixed(HashTable *ht)
{
	HashTable *fit;
	zend_string *key;
	zval *v;
	if (rustjson_grown_size(ht->nNumOfElements) >= ht->nTableSize) {
		return ht;
	}
	fit = zend_new_array(ht->nNumOfElements);
	zend_hash_real_init_mixed(fit);
	ZEND_HASH_MAP_FOREACH_STR_KEY_VAL(ht, key, v) {
		zend_hash_add_new(fit, key, v);
		ZVAL_NULL(v);
	} ZEND_HASH_FOREACH_END();
	zend_array_destroy(ht);
	return fit;
}

zval *rustjson_packed_init(zval *zv, uint32_t *cap)
{
	array_init(zv);
	zend_hash_real_init_packed(Z_ARRVAL_P(zv));
	*cap = Z_ARRVAL_P(zv)->nTableSize;
	return Z_ARRVAL_P(zv)->arPacked;
}

void rustjson_number_list(zval *zv, zend_value a, uint32_t type_a, zend_value b, uint32_t type_b, uint32_t n)
{
	HashTable *ht;
	zval *slot;
	uint32_t cap;
	/* Stock's table: HT_MIN_SIZE slots, packed (no smaller packed table is
	 * valid: Zend's SSE2 HT_HASH_RESET assumes at least 8 slots when the
	 * table becomes a hash). A pair is zend_new_pair()'s: the same table
	 * as array_init() and two next-index inserts make, in one call. */
	if (n == 2) {
		zval va, vb;
		va.value = a;
		Z_TYPE_INFO(va) = type_a;
		vb.value = b;
		Z_TYPE_INFO(vb) = type_b;
		ZVAL_ARR(zv, zend_new_pair(&va, &vb));
		return;
	}
	slot = rustjson_packed_init(zv, &cap);
	ht = Z_ARRVAL_P(zv);
	slot[0].value = a;
	Z_TYPE_INFO(slot[0]) = type_a;
	ht->nNumUsed = ht->nNumOfElements = 1;
	ht->nNextFreeElement = 1;
}

zval *rustjson_packed_append(zval *arr, zval *v, uint32_t *cap)
{
	zend_hash_next_index_insert(Z_ARRVAL_P(arr), v);
	*cap = Z_ARRVAL_P(arr)->nTableSize;
	return Z_ARRVAL_P(arr)->arPacked;
}

#ifdef RUSTJSON_PROBE
/* One pass per table: the header and the hash part copied, each slot
 * written once (a key shared: a reference added), each string a fresh
 * copy; no hashing, no probing, no growth. */
static HashTable *rustjson_probe_clone_table(const HashTable *src)
{
	HashTable *ht = emalloc(sizeof(HashTable));
	uint32_t used = src->nNumUsed, i;
	size_t hash = HT_HASH_SIZE(src->nTableMask);
	char *data;
	memcpy(ht, src, sizeof(HashTable));
	GC_SET_REFCOUNT(ht, 1);
	GC_TYPE_INFO(ht) = GC_ARRAY;
	if (HT_IS_PACKED(src)) {
		zval *from = src->arPacked, *to;
		data = emalloc(HT_PACKED_SIZE_EX(src->nTableSize, src->nTableMask));
		memcpy(data, HT_GET_DATA_ADDR(src), hash);
		HT_SET_DATA_ADDR(ht, data);
		to = ht->arPacked;
		for (i = 0; i < used; i++) {
			rustjson_probe_clone(&to[i], &from[i]);
		}
	} else {
		const Bucket *from = src->arData;
		Bucket *to;
		data = emalloc(HT_SIZE_EX(src->nTableSize, src->nTableMask));
		memcpy(data, HT_GET_DATA_ADDR(src), hash);
		HT_SET_DATA_ADDR(ht, data);
		to = ht->arData;
		for (i = 0; i < used; i++) {
			to[i].h = from[i].h;
			to[i].key = from[i].key;
			if (from[i].key && !ZSTR_IS_INTERNED(from[i].key)) {
				GC_ADDREF(from[i].key);
			}
			rustjson_probe_clone(&to[i].val, (zval *) &from[i].val);
			Z_NEXT(to[i].val) = Z_NEXT(from[i].val);
		}
	}
	return ht;
}

void rustjson_probe_clone(zval *dst, zval *src)
{
	if (Z_TYPE_P(src) == IS_STRING && !ZSTR_IS_INTERNED(Z_STR_P(src))) {
		ZVAL_STR(dst, zend_string_init(Z_STRVAL_P(src), Z_STRLEN_P(src), 0));
	} else if (Z_TYPE_P(src) == IS_ARRAY && Z_REFCOUNTED_P(src)
		&& !(HT_FLAGS(Z_ARRVAL_P(src)) & HASH_FLAG_UNINITIALIZED)) {
		ZVAL_ARR(dst, rustjson_probe_clone_table(Z_ARRVAL_P(src)));
	} else if (Z_TYPE_P(src) == IS_OBJECT && Z_OBJCE_P(src) == zend_standard_class_def) {
		/* A decoded object (object mode): a new stdClass, its property
		 * table copied as an array's. */
		zend_object *from = Z_OBJ_P(src), *to = zend_objects_new(zend_standard_class_def);
		if (from->properties && !(HT_FLAGS(from->properties) & HASH_FLAG_UNINITIALIZED)) {
			to->properties = rustjson_probe_clone_table(from->properties);
		}
		ZVAL_OBJ(dst, to);
	} else {
		ZVAL_COPY(dst, src);
	}
}
#endif

zend_array *rustjson_empty_array(void) { return (zend_array *) &zend_empty_array; }

/* One member into a mixed table made and sized by the caller for all of
 * them (it never grows here): what zend_hash_update()/zend_hash_lookup()
 * do for a string key, with the caller's reference to `key` moved into
 * the new bucket (no addref and release). If the key is there already,
 * its slot is returned and neither `key` nor `*v` is taken; else NULL. */
static zend_always_inline zval *rustjson_mixed_put(HashTable *ht, zend_string *key, zval *v)
{
	zend_ulong h = zend_string_hash_val(key);
	uint32_t nIndex = (uint32_t) h | ht->nTableMask;
	uint32_t idx = HT_HASH(ht, nIndex);
	Bucket *p;
	while (idx != HT_INVALID_IDX) {
		p = HT_HASH_TO_BUCKET(ht, idx);
		if (p->key == key || (p->h == h && p->key && zend_string_equal_content(p->key, key))) {
			return &p->val;
		}
		idx = Z_NEXT(p->val);
	}
	idx = ht->nNumUsed++;
	ht->nNumOfElements++;
	p = ht->arData + idx;
	p->key = key;
	p->h = h;
	if (!ZSTR_IS_INTERNED(key)) {
		HT_FLAGS(ht) &= ~HASH_FLAG_STATIC_KEYS;
	}
	ZVAL_COPY_VALUE(&p->val, v);
	Z_NEXT(p->val) = HT_HASH(ht, nIndex);
	HT_HASH(ht, nIndex) = HT_IDX_TO_HASH(idx);
	return NULL;
}

HashTable *rustjson_fill_assoc(zend_string **keys, zval *vals, uint32_t n)
{
	HashTable *ht;
	zval *old;
	uint32_t i;
	if (n == 0) {
		/* Its first member comes next (stock's calls): not initialized,
		 * so an int key may make it packed as it does for stock. */
		return zend_new_array(0);
	}
	ht = zend_new_array(n);
	zend_hash_real_init_mixed(ht);
	for (i = 0; i < n; i++) {
#if ZEND_DEBUG
		{
			zend_ulong idx;
			/* The caller keeps int keys out (see shim.h). */
			ZEND_ASSERT(!ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(keys[i]), ZSTR_LEN(keys[i]), idx));
		}
#endif
		old = rustjson_mixed_put(ht, keys[i], &vals[i]);
		if (UNEXPECTED(old != NULL)) {
			/* A duplicate: zend_hash_update()'s replacement. */
			zval_ptr_dtor(old);
			ZVAL_COPY_VALUE(old, &vals[i]);
			zend_string_release_ex(keys[i], 0);
		}
	}
	if (ht->nNumOfElements < n) {
		ht = rustjson_fit_mixed(ht);
	}
	return ht;
}

uint32_t rustjson_fill_object(zval *obj, zend_string **keys, zval *vals, uint32_t n)
{
	zend_object *zobj = Z_OBJ_P(obj);
	HashTable *ht;
	zval *slot;
	uint32_t i;
	if (zobj->properties != NULL || zobj->ce->default_properties_count != 0) {
		/* Never expected (a fresh stdClass has neither): stock's calls. */
		for (i = 0; i < n; i++) {
			zend_std_write_property(zobj, keys[i], &vals[i], NULL);
			Z_TRY_DELREF(vals[i]);
			zend_string_release_ex(keys[i], 0);
		}
		return n;
	}
	/* What rebuild_object_properties() and zend_std_write_property()'s
	 * zend_hash_add_new() make of a stdClass's dynamic properties, sized
	 * once. */
	ht = zobj->properties = zend_new_array(n);
	zend_hash_real_init_mixed(ht);
	for (i = 0; i < n; i++) {
		slot = rustjson_mixed_put(ht, keys[i], &vals[i]);
		if (EXPECTED(slot == NULL)) {
			continue;
		}
		if (Z_TYPE_P(slot) == IS_OBJECT || (Z_TYPE_P(slot) == IS_ARRAY && Z_REFCOUNTED_P(slot))) {
			/* Stock releases it at this member: the caller rebuilds. */
			return i;
		}
		zval_ptr_dtor(slot);
		ZVAL_COPY_VALUE(slot, &vals[i]);
		zend_string_release_ex(keys[i], 0);
	}
	if (ht->nNumOfElements < n) {
		zobj->properties = rustjson_fit_mixed(ht);
	}
	return n;
}

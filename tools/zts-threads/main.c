/*
 * tools/zts-threads/main.c: rustjson under real concurrency. A ZTS PHP's embed SAPI (libphp.so) loads
 * rustjson.so and N threads run PHP requests at the same time, each executing threads.php's
 * rj_thread_main(): json_encode/json_validate with rustjson compared against stock ext/json
 * (rustjson.enabled=0) in the same thread, plus per-thread isolation checks (json_last_error,
 * serialize_precision, rustjson.enabled). See tools/zts-threads/README.md.
 *
 *   zts-threads --so=/path/rustjson.so [--script=threads.php] [--threads=8] [--requests=3]
 *               [--iterations=150] [--seed=N] [--timing=0|1] [--enabled=0|1] [--opcache=0|1|jit]
 *               [--leak-selfcheck]
 *
 * Exit status 0 only if every check passed in every request of every thread, every request returned
 * its result (no fatal error, no uncaught exception) and nothing on stderr reported a leak, a failed
 * assertion or heap corruption (the debug PHP's "memory leaks detected" lines are caught by a stderr
 * forwarder thread). A crash ends the process with the signal.
 * Last line: "threads: N passed, M failed (...)" with N/M = checks.
 */
#include <sapi/embed/php_embed.h>
#include <Zend/zend_exceptions.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef ZTS
#error "tools/zts-threads needs a ZTS PHP (--enable-zts)"
#endif

struct options {
	const char *so, *script, *opcache;
	int threads, requests, iterations, timing, enabled, leak_selfcheck;
	long seed;
};
static struct options opt = {NULL, NULL, "0", 8, 3, 150, 1, 1, 0, 20261130};

struct result {
	long checks, fails;
	int broken;          /* requests that did not return their result (bailout, exception, startup failure) */
	double t0[16], t1[16]; /* request intervals, seconds since program start */
};

static pthread_barrier_t start_barrier, end_barrier;
static struct timespec prog_start;

static double since_start(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - prog_start.tv_sec) + (t.tv_nsec - prog_start.tv_nsec) / 1e9;
}

/* ---- stderr forwarder: the debug PHP prints leak reports to stderr; count the bad ones. */
static int stderr_real = -1, stderr_pipe[2] = {-1, -1};
static long stderr_bad;
static pthread_t stderr_thread;
static const char *const bad_patterns[] = {"memory leaks detected", "Assertion", "zend_mm_heap corrupted",
	"Segmentation fault", "AddressSanitizer", NULL};

static void *stderr_reader(void *arg)
{
	char buf[8192], line[4096];
	size_t used = 0;
	ssize_t n;
	(void) arg;
	while ((n = read(stderr_pipe[0], buf, sizeof buf)) != 0) {
		if (n < 0) {
			if (errno == EINTR) continue;
			break;
		}
		(void) !write(stderr_real, buf, (size_t) n);
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n' && used < sizeof line - 1) { line[used++] = buf[i]; continue; }
			if (buf[i] != '\n') continue;   /* overlong line: keep its head */
			line[used] = 0;
			for (const char *const *p = bad_patterns; *p; p++) {
				if (strstr(line, *p)) { stderr_bad++; break; }
			}
			used = 0;
		}
	}
	return NULL;
}

static void stderr_capture_start(void)
{
	stderr_real = dup(STDERR_FILENO);
	if (stderr_real < 0 || pipe(stderr_pipe) != 0) { perror("zts-threads: pipe"); exit(2); }
	fflush(stderr);
	dup2(stderr_pipe[1], STDERR_FILENO);
	close(stderr_pipe[1]);
	setvbuf(stderr, NULL, _IONBF, 0);
	pthread_create(&stderr_thread, NULL, stderr_reader, NULL);
}

static void stderr_capture_end(void)
{
	fflush(stderr);
	dup2(stderr_real, STDERR_FILENO);   /* closes the pipe's last write end: the reader sees EOF */
	pthread_join(stderr_thread, NULL);
	close(stderr_pipe[0]);
}

/* ---- one PHP request on the calling thread: require the script, call rj_thread_main(...) */
static void run_request(int tid, int req, struct result *res)
{
	char code[256];
	zval rv;
	volatile int ok = 0;

	SG(options) |= SAPI_OPTION_NO_CHDIR;
	if (php_request_startup() == FAILURE) {
		fprintf(stdout, "thread %d request %d: php_request_startup() failed\n", tid, req);
		res->broken++;
		return;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;

	ZVAL_UNDEF(&rv);
	zend_try {
		snprintf(code, sizeof code, "require '%s';", opt.script);
		if (zend_eval_string_ex(code, NULL, "zts-threads require", 1) == SUCCESS) {
			snprintf(code, sizeof code, "rj_thread_main(%d, %d, %d, %d, %ld, %d, %d, %d)", tid, req,
				opt.threads, opt.iterations, opt.seed, opt.timing, opt.enabled, opt.leak_selfcheck);
			if (zend_eval_string_ex(code, &rv, "zts-threads main", 1) == SUCCESS && Z_TYPE(rv) == IS_ARRAY) {
				zval *c = zend_hash_index_find(Z_ARRVAL(rv), 0), *f = zend_hash_index_find(Z_ARRVAL(rv), 1);
				if (c && f && Z_TYPE_P(c) == IS_LONG && Z_TYPE_P(f) == IS_LONG) {
					res->checks += Z_LVAL_P(c);
					res->fails += Z_LVAL_P(f);
					ok = 1;
				}
			}
		}
	} zend_end_try();
	zval_ptr_dtor(&rv);
	if (!ok) {
		fprintf(stdout, "thread %d request %d: the script did not return its result (fatal error or exception)\n",
			tid, req);
		res->broken++;
	}
	php_request_shutdown(NULL);
}

struct job { int tid; struct result res; };

static void *worker(void *arg)
{
	struct job *job = arg;
	(void) ts_resource(0);   /* this thread's globals (ini directives copied, ini caches refreshed) */
	pthread_barrier_wait(&start_barrier);
	for (int r = 0; r < opt.requests && r < 16; r++) {
		job->res.t0[r] = since_start();
		run_request(job->tid, r, &job->res);
		job->res.t1[r] = since_start();
	}
	/* PHP 8.2's JIT bakes the address of the compiling thread's copy of an internal function into the
	 * shared machine code (INIT_FCALL: call->func = <address>), and ZTS gives every thread its own
	 * copies, freed by ts_free_thread(): threads running JIT code after another thread has ended call
	 * through freed memory. Under the JIT, threads therefore end together, as in a thread pool. */
	if (strcmp(opt.opcache, "jit") == 0) pthread_barrier_wait(&end_barrier);
	ts_free_thread();
	return NULL;
}

/* The main thread's own request (opened by php_embed_init): untouched by all the workers? */
static int main_thread_check(void)
{
	char code[512];
	zval rv;
	volatile int ok = 0;
	snprintf(code, sizeof code,
		"ini_get('rustjson.enabled') === '%d' && ini_get('serialize_precision') === '-1'"
		" && json_last_error() === 0 && json_encode([1/3, \"\\u{e9}/\"]) === '[0.3333333333333333,\"\\\\u00e9\\\\/\"]'"
		" && json_last_error() === 0 && extension_loaded('rustjson')", opt.enabled);
	ZVAL_UNDEF(&rv);
	zend_try {
		ok = zend_eval_string_ex(code, &rv, "zts-threads main thread", 1) == SUCCESS && Z_TYPE(rv) == IS_TRUE;
	} zend_end_try();
	zval_ptr_dtor(&rv);
	return ok;
}

static int arg(const char *a, const char *name, const char **val)
{
	size_t n = strlen(name);
	if (strncmp(a, name, n) == 0 && a[n] == '=') { *val = a + n + 1; return 1; }
	return 0;
}

int main(int argc, char **argv)
{
	const char *v;
	char ini_path[] = "/tmp/zts-threads-XXXXXX.ini";
	clock_gettime(CLOCK_MONOTONIC, &prog_start);
	for (int i = 1; i < argc; i++) {
		if (arg(argv[i], "--so", &v)) opt.so = v;
		else if (arg(argv[i], "--script", &v)) opt.script = v;
		else if (arg(argv[i], "--threads", &v)) opt.threads = atoi(v);
		else if (arg(argv[i], "--requests", &v)) opt.requests = atoi(v);
		else if (arg(argv[i], "--iterations", &v)) opt.iterations = atoi(v);
		else if (arg(argv[i], "--seed", &v)) opt.seed = atol(v);
		else if (arg(argv[i], "--timing", &v)) opt.timing = atoi(v);
		else if (arg(argv[i], "--enabled", &v)) opt.enabled = atoi(v);
		else if (arg(argv[i], "--opcache", &v)) opt.opcache = v;
		else if (strcmp(argv[i], "--leak-selfcheck") == 0) opt.leak_selfcheck = 1;
		else { fprintf(stderr, "zts-threads: unknown argument '%s'\n", argv[i]); return 2; }
	}
	if (!opt.so || !opt.script || opt.threads < 1 || opt.requests < 1 || opt.requests > 16 || strchr(opt.script, '\'')) {
		fprintf(stderr, "usage: %s --so=rustjson.so --script=threads.php [--threads=N] [--requests=N<=16] "
			"[--iterations=N] [--seed=N] [--timing=0|1] [--enabled=0|1] [--opcache=0|1|jit] [--leak-selfcheck]\n", argv[0]);
		return 2;
	}

	/* php_embed_init() replaces ini_entries with its own; an ini file (php_ini_path_override) is kept. */
	int fd = mkstemps(ini_path, 4);
	FILE *ini = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!ini) { perror("zts-threads: ini file"); return 2; }
	fprintf(ini, "extension=%s\nrustjson.enabled=%d\nerror_reporting=-1\ndisplay_errors=1\nlog_errors=0\n"
		"report_memleaks=1\nzend.assertions=1\n", opt.so, opt.enabled);
	if (opt.leak_selfcheck) fprintf(ini, "extension=zend_test\n");
	if (strcmp(opt.opcache, "0") != 0) {
		fprintf(ini, "zend_extension=opcache\nopcache.enable=1\nopcache.file_update_protection=0\n"
			"opcache.jit_buffer_size=%s\nopcache.jit=%s\n",
			strcmp(opt.opcache, "jit") == 0 ? "32M" : "0", strcmp(opt.opcache, "jit") == 0 ? "tracing" : "disable");
		/* opcache caches scripts only under the SAPIs it knows; FrankenPHP is the threaded embed SAPI
		 * in the wild, and the name changes nothing else in PHP 8.2. */
		php_embed_module.name = "frankenphp";
	}
	fclose(ini);
	php_embed_module.php_ini_path_override = ini_path;

	stderr_capture_start();
	if (php_embed_init(argc, argv) == FAILURE) {
		stderr_capture_end();
		unlink(ini_path);
		fprintf(stderr, "zts-threads: php_embed_init() failed\nthreads: 0 passed, 1 failed\n");
		return 1;
	}
	unlink(ini_path);
	int startup_ok = 1;
	zend_try {
		zval rv;
		ZVAL_UNDEF(&rv);
		const char *c = strcmp(opt.opcache, "0") == 0 ? "extension_loaded('rustjson')"
			: strcmp(opt.opcache, "jit") == 0 ? "extension_loaded('rustjson') && opcache_get_status(false)['jit']['on']"
			: "extension_loaded('rustjson') && opcache_get_status(false)['opcache_enabled']";
		startup_ok = zend_eval_string_ex(c, &rv, "zts-threads startup", 1) == SUCCESS && Z_TYPE(rv) == IS_TRUE;
		zval_ptr_dtor(&rv);
	} zend_end_try();
	if (!startup_ok) {
		php_embed_shutdown();
		stderr_capture_end();
		printf("threads: rustjson.so is not loaded (or opcache=%s is not active) in the embed SAPI\n"
			"threads: 0 passed, 1 failed\n", opt.opcache);
		return 1;
	}

	struct job *jobs = calloc((size_t) opt.threads, sizeof *jobs);
	pthread_t *tids = calloc((size_t) opt.threads, sizeof *tids);
	pthread_barrier_init(&start_barrier, NULL, (unsigned) opt.threads);
	pthread_barrier_init(&end_barrier, NULL, (unsigned) opt.threads);
	double t_start = since_start();
	for (int i = 0; i < opt.threads; i++) {
		jobs[i].tid = i;
		if (pthread_create(&tids[i], NULL, worker, &jobs[i]) != 0) { perror("zts-threads: pthread_create"); return 2; }
	}
	for (int i = 0; i < opt.threads; i++) pthread_join(tids[i], NULL);
	double t_end = since_start();
	int main_ok = main_thread_check();

	php_embed_shutdown();
	stderr_capture_end();

	long checks = 0, fails = 0;
	int broken = 0;
	for (int i = 0; i < opt.threads; i++) {
		checks += jobs[i].res.checks;
		fails += jobs[i].res.fails;
		broken += jobs[i].res.broken;
	}
	/* overlap: sweep the request intervals; time with every thread inside a request, and with >= 2 */
	int nev = 0, nreq = opt.requests;
	struct ev { double t; int d; } *ev = calloc((size_t) (2 * opt.threads * nreq), sizeof *ev);
	for (int i = 0; i < opt.threads; i++) {
		for (int r = 0; r < nreq; r++) {
			ev[nev++] = (struct ev) {jobs[i].res.t0[r], +1};
			ev[nev++] = (struct ev) {jobs[i].res.t1[r], -1};
		}
	}
	for (int i = 1; i < nev; i++) {   /* insertion sort, a few dozen events */
		struct ev e = ev[i];
		int j = i - 1;
		while (j >= 0 && ev[j].t > e.t) { ev[j + 1] = ev[j]; j--; }
		ev[j + 1] = e;
	}
	double all = 0, two = 0;
	int active = 0, peak = 0;
	for (int i = 0; i < nev; i++) {
		if (i > 0 && active == opt.threads) all += ev[i].t - ev[i - 1].t;
		if (i > 0 && active >= 2) two += ev[i].t - ev[i - 1].t;
		active += ev[i].d;
		if (active > peak) peak = active;
	}

	int failed = fails > 0 || broken > 0 || stderr_bad > 0 || !main_ok;
	printf("threads: %d threads x %d requests x %d iterations (seed %ld, opcache=%s, rustjson.enabled=%d at startup, timing probe %s)%s\n",
		opt.threads, opt.requests, opt.iterations, opt.seed, opt.opcache, opt.enabled, opt.timing ? "on" : "off",
		opt.leak_selfcheck ? " LEAK SELF-CHECK" : "");
	printf("threads: wall %.2fs; up to %d requests at once; all %d threads inside a request for %.2fs, >= 2 for %.2fs\n",
		t_end - t_start, peak, opt.threads, all, two);
	printf("threads: %ld check failures, %d broken requests, %ld leak/assertion lines on stderr, main thread state %s\n",
		fails, broken, stderr_bad, main_ok ? "intact" : "CHANGED");
	printf("threads: %ld passed, %ld failed\n", checks - fails, failed ? (fails ? fails : 1) : 0);
	return failed ? 1 : 0;
}

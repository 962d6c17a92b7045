/*
 * trim(): returns the free pages of every malloc heap of the process to the system (glibc's malloc_trim(0)).
 * glibc gives back only the free top of a heap on free(); memory freed in the middle of a heap (V8's compiler
 * frees hundreds of MB in a worker thread's heap between blocks that stay) remains resident until a trim.
 * Returns true when memory was given back, false when none was or the C library has no malloc_trim (musl).
 */
#include <node_api.h>
#include <stdbool.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  bool released = false;
#ifdef __GLIBC__
  released = malloc_trim(0) != 0;
#endif
  napi_value result;
  if (napi_get_boolean(env, released, &result) != napi_ok) return NULL;
  return result;
}

static napi_value Init(napi_env env, napi_value exports) {
  napi_value trim;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", trim) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)

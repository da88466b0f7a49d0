// Status codes returned by every exported kernel; expected failures are statuses, never traps.

/** The call succeeded and the output buffers are filled. */
export const STATUS_OK: i32 = 0;
/** An argument is out of range (n < 1, horizon < 1, a level outside (0, 100), too many levels). */
export const STATUS_BAD_ARGUMENT: i32 = 1;
/** The series holds no finite value. */
export const STATUS_NO_DATA: i32 = 2;
/** The model id is not one this core knows. */
export const STATUS_UNKNOWN_MODEL: i32 = 3;
/** The computation produced a non-finite value that no fallback could repair. */
export const STATUS_NUMERIC_FAILURE: i32 = 4;
/** The series is so large that its forecast or interval bounds would not be finite numbers. */
export const STATUS_OUT_OF_RANGE: i32 = 5;

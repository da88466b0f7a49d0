// The client's error tree, re-exported from one place.
export { TempoError } from './tempo-error.js';
export { APIError, type ApiErrorInit } from './api-error.js';
export { AuthenticationError } from './authentication-error.js';
export { ApiKeyInvalidError } from './api-key-invalid-error.js';
export { ApiKeyInactiveError } from './api-key-inactive-error.js';
export { ApiKeyExpiredError } from './api-key-expired-error.js';
export { RequestInvalidError } from './request-invalid-error.js';
export { ModelNotAvailableError } from './model-not-available-error.js';
export { ConflictError } from './conflict-error.js';
export { ModelNotReadyError } from './model-not-ready-error.js';
export { ModelNameTakenError } from './model-name-taken-error.js';
export { ForecastAlreadyRunningError } from './forecast-already-running-error.js';
export { UsageLimitError } from './usage-limit-error.js';
export { ServiceUnavailableError } from './service-unavailable-error.js';
export { InternalServerError } from './internal-server-error.js';
export { ConnectionError } from './connection-error.js';
export { TimeoutError } from './timeout-error.js';
export { AbortError } from './abort-error.js';

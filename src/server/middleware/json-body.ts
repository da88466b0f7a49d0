// Kept so existing imports resolve: the bounded JSON body reader lives in ../body/.
export { jsonBody, type JsonBodyLimits } from '../body/json-body.js';

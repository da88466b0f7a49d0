// The export surface of the Tempo core: re-exports only. The ABI is documented in assembly/README.md.
export { ABI_VERSION } from "./abi/version";
export { reset, alloc } from "./abi/memory";
export { forecast } from "./abi/forecast";
export { forecastFitted } from "./abi/forecast_fitted";
export { statsAcf, statsSeasonalityTest, statsSeasonalIndices, statsDetectPeriod, statsImpute, statsQnorm, statsIntermittent } from "./abi/stats_exports";
export { statsCalendarPeriod } from "./abi/calendar_period";
export { registryModels, registryModel, registryModelText, registryCodes, registryCode, registryCodeText } from "./abi/registry_exports";
export { forecastWith, regressionExtraTerms } from "./abi/forecast_with";


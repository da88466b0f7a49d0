// The inspection build (build/tempo-inspect.wasm, asconfig target `inspect`): every export of the
// shipped core plus the ETS family's extra exports that tests, fixtures and the kernel benchmarks
// call, the f64x2 SIMD likelihood pass among them. Kept out of build/tempo.wasm, which stays plain
// WebAssembly 1.0 for hosts without SIMD. The ABI is documented in assembly/README.md.
export * from "./index";
export { ets_fit_form, ets_loglik } from "./abi/ets_exports";
export { ets_loglik_lanes } from "./abi/ets_lanes_export";

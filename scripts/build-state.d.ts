// Types of scripts/build-state.js (plain ESM, since it runs before any build) for the tests that use it.
export type BuildPart = 'asc' | 'inspect' | 'tsc' | 'package:core' | 'package:client';
export const PACKAGES: Record<'core' | 'client', { dir: string; sources: string[]; wasm: boolean }>;
export const ASC_ARGS: string[];
export const INSPECT_ARGS: string[];
export const TSC_ARGS: string[];
export function inputsOf(root: string, part: BuildPart): string;
export function isCurrent(root: string, part: BuildPart, hash?: string): boolean;
export function markBuilt(root: string, part: BuildPart, hash: string): void;
export function staleParts(root: string): BuildPart[];

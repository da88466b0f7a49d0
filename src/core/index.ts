// `tempo-forecast/core`: the server package's name for the core it depends on, @tempo-forecast/core
// (packages/core), re-exported so both names load the one copy installed. The settings page's
// modules import the core by this path, which the page serves the core package's bundle at.
export * from '@tempo-forecast/core';

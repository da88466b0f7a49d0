// Words the store writes into a tuning's error, shown to the organization as they are.

/** Why a tuning whose instance stopped reporting was marked failed. */
export const INTERRUPTED_TUNING = 'the tuning was interrupted (its server stopped or restarted); start it again';

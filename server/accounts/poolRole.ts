/** The role of pool accounts: never a tier, never listed, never logs in. Here, not in games/: accounts/ needs it and games/ already reads accounts/. */
export const POOL_ROLE = 'pool';

/**
 * The version of this SDK (the `version` of sdk/package.json). An installed plugin's manifest.json
 * states the range it was built for (`"sdk": "^1.0.0"`); the platform refuses a plugin whose range
 * this version does not satisfy.
 */
export const SDK_VERSION = '1.5.0';

/**
 * The version of the REST API as integrators see it (`info.version` of the OpenAPI document), in semver:
 * a minor step when operations, fields or headers are added, a major one when something is removed or
 * changes meaning. CHANGELOG.md at the repository root has a section for every version, and a test fails
 * when this one has none, so the number cannot move without saying what changed.
 */
export const API_VERSION = '2.0.0';

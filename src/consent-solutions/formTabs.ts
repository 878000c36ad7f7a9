// The detail's own tabs, all forms: one chunk, loaded when one of them opens (docs/performance.md).
export { DomainCreateTab } from './domains/DomainCreateTab';
export { DomainEditTab } from './domains/DomainEditTab';
export { DomainListTab } from './domains/DomainListTab';
export { ConsentSolutionSettings } from './settings/ConsentSolutionSettings';

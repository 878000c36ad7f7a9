export { buildProductionState, buildSeedState, seedDbFile } from './seed';
export { demoLogins, DEMO_PASSWORD } from './demoData';
